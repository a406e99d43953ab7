"""Tours become versioned, and their stops (an OrderedRelation, a JSON list of ids until now) move
into the relations' through table, publishing.RelationLink: the way a holder with data moves its
list. Reversible: going back writes each tour's links into the column again, in their order."""

from django.db import migrations, models

FIELD = "stops"
TARGET = "test-event"


def _tour_type(apps):
    content_types = apps.get_model("contenttypes", "ContentType")
    return content_types.objects.get_or_create(app_label="testapp", model="tour")[0]


def ids_to_links(apps, schema_editor):
    tours = apps.get_model("testapp", "Tour")
    links = apps.get_model("publishing", "RelationLink")
    tour_type = _tour_type(apps)
    rows = []
    for tour_id, stops in tours.objects.values_list("pk", FIELD):
        kept: list[int] = []
        for stop in stops or []:
            if isinstance(stop, int) and stop > 0 and stop not in kept:  # as clean_relation stored them
                kept.append(stop)
        rows += [
            links(holder_type=tour_type, holder_id=tour_id, field=FIELD, target=TARGET, target_id=stop,
                  position=position)
            for position, stop in enumerate(kept, start=1)
        ]  # fmt: skip
    links.objects.bulk_create(rows, batch_size=500)


def links_to_ids(apps, schema_editor):
    tours = apps.get_model("testapp", "Tour")
    links = apps.get_model("publishing", "RelationLink")
    held = links.objects.filter(holder_type=_tour_type(apps), field=FIELD).order_by("holder_id", "position")
    lists: dict[int, list[int]] = {}
    for holder_id, target_id in held.values_list("holder_id", "target_id"):
        lists.setdefault(holder_id, []).append(target_id)
    for tour_id, stops in lists.items():
        tours.objects.filter(pk=tour_id).update(**{FIELD: stops})
    held.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("publishing", "0003_relationlink"),
        ("testapp", "0008_category_in_categories_app"),
    ]

    operations = [
        migrations.RunPython(ids_to_links, links_to_ids),
        migrations.RemoveField(model_name="tour", name=FIELD),
        migrations.AddField(
            model_name="tour",
            name="draft",
            field=models.JSONField(blank=True, null=True, verbose_name="draft"),
        ),
        migrations.AddField(
            model_name="tour",
            name="revision",
            field=models.PositiveIntegerField(default=1, verbose_name="revision"),
        ),
        migrations.AddField(
            model_name="tour",
            name="state",
            field=models.CharField(
                choices=[
                    ("draft", "Draft"),
                    ("published", "Published"),
                    ("changed", "Published with edits"),
                    ("unpublished", "Unpublished"),
                ],
                default="draft",
                max_length=12,
                verbose_name="state",
            ),
        ),
    ]
