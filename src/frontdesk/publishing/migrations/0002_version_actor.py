"""A version names who published it as a log line does: `actor`, not `account` (issue 26; the
field is core/models/actors.actor_field for both)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('publishing', '0001_initial'),
        ('core', '0011_features_to_their_apps'),
    ]

    operations = [
        migrations.RenameField(model_name='version', old_name='account', new_name='actor'),
    ]
