"""The relations' through table (publishing/relation_field.py): an OrderedRelation's ids were a JSON
column on its holder; they are rows here now, so "the holders of service 7" is an indexed query on
every database (issue 27). A holder that had the column moves its ids in its own migration (the
test app's tours: testapp 0009)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('publishing', '0002_version_actor'),
    ]

    operations = [
        migrations.CreateModel(
            name='RelationLink',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('holder_id', models.PositiveBigIntegerField(verbose_name='holder')),
                ('field', models.CharField(max_length=64, verbose_name='field')),
                ('target', models.CharField(max_length=64, verbose_name='target')),
                ('target_id', models.PositiveBigIntegerField(verbose_name='target object')),
                ('position', models.PositiveIntegerField(verbose_name='position')),
                ('holder_type', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='contenttypes.contenttype', verbose_name='holder type')),
            ],
            options={
                'verbose_name': 'relation link',
                'verbose_name_plural': 'relation links',
                'indexes': [models.Index(fields=['target', 'target_id', 'holder_type', 'holder_id'], name='relation_link_related_to')],
                'constraints': [models.UniqueConstraint(fields=('holder_type', 'holder_id', 'field', 'target_id'), name='relation_link_once')],
            },
        ),
    ]
