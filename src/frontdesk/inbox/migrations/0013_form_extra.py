"""A form keeps the values of the site's project fields in `extra` (docs/host.md, "Project fields")."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("inbox", "0012_field_bin")]

    operations = [
        migrations.AddField(model_name="form", name="extra", field=models.JSONField(blank=True, default=dict)),
    ]
