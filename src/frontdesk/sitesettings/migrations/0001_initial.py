"""The sitesettings app takes over its models from core with their tables, content types and
rights (issue 26, frontdesk/core/app_moves.py): a change of state only, and the ContentType rows
relabelled."""

import django.utils.timezone
from django.db import migrations, models

from frontdesk.core.app_moves import move_content_types


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('core', '0010_picture_original_private'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='SettingsGroup',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=64, unique=True, verbose_name='name')),
                        ('values', models.JSONField(default=dict, verbose_name='values')),
                        ('secrets', models.JSONField(default=dict, verbose_name='secrets')),
                        ('revision', models.PositiveIntegerField(default=0, verbose_name='revision')),
                        ('updated_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='updated')),
                    ],
                    options={
                        'verbose_name': 'settings group',
                        'verbose_name_plural': 'settings groups',
                        'db_table': 'core_settingsgroup',
                    },
                ),
            ],
        ),
        move_content_types('core', 'sitesettings', ['settingsgroup']),
    ]
