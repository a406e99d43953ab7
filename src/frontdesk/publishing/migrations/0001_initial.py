"""The publishing app takes over its models from core with their tables, content types and
rights (issue 26, frontdesk/core/app_moves.py): a change of state only, and the ContentType rows
relabelled."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models

from frontdesk.core.app_moves import move_content_types


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('core', '0010_picture_original_private'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Version',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('object_id', models.PositiveBigIntegerField(verbose_name='object')),
                        ('number', models.PositiveIntegerField(verbose_name='number')),
                        ('values', models.JSONField(verbose_name='values')),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='created')),
                        ('account', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='account')),
                        ('content_type', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='contenttypes.contenttype', verbose_name='type')),
                        ('token', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='core.apitoken', verbose_name='agent token')),
                    ],
                    options={
                        'verbose_name': 'version',
                        'verbose_name_plural': 'versions',
                        'db_table': 'core_version',
                        'ordering': ['content_type', 'object_id', 'number'],
                        'constraints': [models.UniqueConstraint(fields=('content_type', 'object_id', 'number'), name='version_number_once')],
                    },
                ),
            ],
        ),
        move_content_types('core', 'publishing', ['version']),
    ]
