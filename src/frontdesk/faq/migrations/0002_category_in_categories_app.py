"""The shared categories moved from core to their own app (issue 26): the FAQ's references follow,
in Django's state only (the table, core_category, is the same)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('categories', '0001_initial'),
        ('faq', '0001_initial'),
    ]
    # Before core forgets its Category (core cannot depend on the FAQ, an optional app).
    run_before = [
        ('core', '0011_features_to_their_apps'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='placement',
                    name='category',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='faq_placements', to='categories.category'),
                ),
                migrations.AlterField(
                    model_name='question',
                    name='categories',
                    field=models.ManyToManyField(blank=True, related_name='faq_questions', through='faq.Placement', to='categories.category'),
                ),
            ],
        ),
    ]
