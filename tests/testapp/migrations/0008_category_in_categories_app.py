"""The shared categories moved from core to their own app (issue 26): the test models' references
follow, in Django's state only (the tables stay; a through table's column is still category_id)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("categories", "0001_initial"),
        ("testapp", "0007_poster"),
    ]
    # Before core forgets its Category.
    run_before = [("core", "0011_features_to_their_apps")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="routedevent",
                    name="categories",
                    field=models.ManyToManyField(
                        blank=True, related_name="test_events", to="categories.category"
                    ),
                ),
                migrations.AlterField(
                    model_name="topicquestion",
                    name="categories",
                    field=models.ManyToManyField(
                        blank=True, related_name="test_questions", to="categories.category"
                    ),
                ),
            ],
        ),
    ]
