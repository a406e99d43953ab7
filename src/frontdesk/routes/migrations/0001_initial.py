"""The routes app takes over its models from core with their tables, content types and
rights (issue 26, frontdesk/core/app_moves.py): a change of state only, and the ContentType rows
relabelled."""

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
                    name='Alias',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('language', models.CharField(max_length=16, verbose_name='language')),
                        ('path', models.CharField(max_length=500, verbose_name='address')),
                        ('type_name', models.CharField(max_length=64, verbose_name='type')),
                        ('object_id', models.BigIntegerField(verbose_name='object')),
                    ],
                    options={
                        'verbose_name': 'former address',
                        'verbose_name_plural': 'former addresses',
                        'db_table': 'core_alias',
                        'indexes': [models.Index(fields=['type_name', 'object_id'], name='core_alias_object')],
                        'constraints': [models.UniqueConstraint(fields=('language', 'path'), name='core_alias_address')],
                    },
                ),
                migrations.CreateModel(
                    name='Route',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('type_name', models.CharField(max_length=64, verbose_name='type')),
                        ('object_id', models.BigIntegerField(verbose_name='object')),
                        ('language', models.CharField(max_length=16, verbose_name='language')),
                        ('path', models.CharField(max_length=500, null=True, verbose_name='address')),
                    ],
                    options={
                        'verbose_name': 'address',
                        'verbose_name_plural': 'addresses',
                        'db_table': 'core_route',
                        'constraints': [models.UniqueConstraint(fields=('language', 'path'), name='core_route_address'), models.UniqueConstraint(fields=('type_name', 'object_id', 'language'), name='core_route_object_language')],
                    },
                ),
            ],
        ),
        move_content_types('core', 'routes', ['alias', 'route']),
    ]
