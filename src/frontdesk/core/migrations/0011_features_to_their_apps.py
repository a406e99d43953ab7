"""The picture library, routes, settings groups, versions and categories left core for apps of
their own (issue 26): core forgets them in Django's state only; their tables stay, now the new
apps' (see each app's 0001_initial and frontdesk/core/app_moves.py)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0010_picture_original_private'),
        ('pictures', '0001_initial'),
        ('routes', '0001_initial'),
        ('sitesettings', '0001_initial'),
        ('publishing', '0001_initial'),
        ('categories', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='Alias'),
                migrations.DeleteModel(name='Route'),
                migrations.DeleteModel(name='Picture'),
                migrations.DeleteModel(name='SettingsGroup'),
                migrations.DeleteModel(name='Version'),
                migrations.DeleteModel(name='Category'),
            ],
        ),
    ]
