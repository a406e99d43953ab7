"""A form keeps the values of the site's project fields in `extra` (docs/host.md, "Project fields").

Numbered 0013 and depending on 0011: 0012 comes from another branch of issue 12, and the merge
chains the two."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("inbox", "0011_log_into_core")]

    operations = [
        migrations.AddField(model_name="form", name="extra", field=models.JSONField(blank=True, default=dict)),
    ]
