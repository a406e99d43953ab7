"""Tallies become rows of changes summed by readers (models/tallies.py): no unique pair, signed.

The new index is added before the unique constraint goes: on MariaDB that constraint's index also
serves the form's foreign key, which InnoDB will not let go without another index to take over.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("inbox", "0005_search_index"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="tally",
            index=models.Index(fields=["form", "status"], name="inbox_tally_pair_idx"),
        ),
        migrations.RemoveConstraint(
            model_name="tally",
            name="inbox_tally_unique",
        ),
        migrations.AlterField(
            model_name="tally",
            name="total",
            field=models.IntegerField(default=0),
        ),
        migrations.AlterField(
            model_name="tally",
            name="unread",
            field=models.IntegerField(default=0),
        ),
    ]
