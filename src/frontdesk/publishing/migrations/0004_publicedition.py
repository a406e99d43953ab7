"""The public edition (publishing/page_cache.py): its table and its one row."""

import uuid

from django.db import migrations, models


def first_edition(apps, schema_editor):
    apps.get_model("publishing", "PublicEdition").objects.using(schema_editor.connection.alias).create(
        pk=1, token=uuid.uuid4().hex
    )


class Migration(migrations.Migration):

    dependencies = [
        ('publishing', '0003_relationlink'),
    ]

    operations = [
        migrations.CreateModel(
            name='PublicEdition',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token', models.CharField(max_length=32, verbose_name='token')),
            ],
            options={
                'verbose_name': 'public edition',
                'verbose_name_plural': 'public editions',
            },
        ),
        migrations.RunPython(first_edition, migrations.RunPython.noop),
    ]
