"""The categories app takes over its models from core with their tables, content types and
rights (issue 26, frontdesk/core/app_moves.py): a change of state only, and the ContentType rows
relabelled."""

import django.db.models.deletion
import frontdesk.core.fields
import frontdesk.publishing.seo_card
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
                    name='Category',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('deleted_at', models.DateTimeField(blank=True, null=True, verbose_name='put in the bin')),
                        ('type', models.CharField(max_length=64, verbose_name='type')),
                        ('name', frontdesk.core.fields.TranslatedField(default=dict, required=True, verbose_name='name')),
                        ('is_shown', models.BooleanField(default=True, verbose_name='shown')),
                        ('position', models.PositiveIntegerField(default=0, verbose_name='position')),
                        ('slug', frontdesk.core.fields.TranslatedField(blank=True, default=dict, verbose_name='address')),
                        ('introduction', frontdesk.core.fields.TranslatedField(blank=True, default=dict, verbose_name='introduction')),
                        ('cover', models.CharField(blank=True, default='', max_length=32, verbose_name='cover')),
                        ('seo', frontdesk.publishing.seo_card.SeoCardField(verbose_name='SEO')),
                        ('extra', models.JSONField(blank=True, default=dict, verbose_name='project fields')),
                        ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='created')),
                        ('updated_at', models.DateTimeField(auto_now=True, verbose_name='changed')),
                        ('deleted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='put in the bin by')),
                    ],
                    options={
                        'verbose_name': 'category',
                        'verbose_name_plural': 'categories',
                        'db_table': 'core_category',
                        'indexes': [models.Index(fields=['type', 'position', 'id'], name='core_category_order')],
                    },
                ),
            ],
        ),
        move_content_types('core', 'categories', ['category']),
    ]
