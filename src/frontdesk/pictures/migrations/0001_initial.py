"""The pictures app takes over its models from core with their tables, content types and
rights (issue 26, frontdesk/core/app_moves.py): a change of state only, and the ContentType rows
relabelled."""

import django.core.validators
import django.utils.timezone
import frontdesk.core.fields
import frontdesk.core.storage
import re
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
                    name='Picture',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=32, unique=True, validators=[django.core.validators.RegexValidator(re.compile('^[A-Za-z0-9_-]{1,32}$'), 'Use at most 32 letters, digits, - and _.')], verbose_name='key')),
                        ('name', models.CharField(blank=True, max_length=200, verbose_name='name')),
                        ('alt', frontdesk.core.fields.TranslatedField(blank=True, default=dict, verbose_name='alternative text')),
                        ('file', models.FileField(max_length=255, storage=frontdesk.core.storage.private_storage, upload_to='', verbose_name='file')),
                        ('format', models.CharField(max_length=8, verbose_name='format')),
                        ('width', models.PositiveIntegerField(verbose_name='width')),
                        ('height', models.PositiveIntegerField(verbose_name='height')),
                        ('bytes', models.PositiveBigIntegerField(default=0, verbose_name='size in bytes')),
                        ('renditions', models.JSONField(default=list, verbose_name='renditions')),
                        ('search_text', models.TextField(default='', editable=False)),
                        ('created_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='created')),
                        ('changed_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='changed')),
                    ],
                    options={
                        'verbose_name': 'picture',
                        'verbose_name_plural': 'pictures',
                        'db_table': 'core_picture',
                        'ordering': ['-created_at', '-id'],
                        'indexes': [models.Index(fields=['-created_at', '-id'], name='core_picture_newest')],
                    },
                ),
            ],
        ),
        move_content_types('core', 'pictures', ['picture']),
    ]
