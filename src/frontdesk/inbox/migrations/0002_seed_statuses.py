"""Seeds the five statuses in every language the inbox ships words in (docs/inbox.md, "Statuses").

New carries the arrival flag, Spam the spam flag; Done, Rejected and Spam carry the closed flag.
"""

from django.db import migrations

SEEDED = [
    ({"en": "New", "de": "Neu", "ru": "Новая"}, "#2563eb", {"is_arrival": True}),
    ({"en": "In progress", "de": "In Bearbeitung", "ru": "В работе"}, "#b45309", {}),
    ({"en": "Done", "de": "Erledigt", "ru": "Выполнена"}, "#15803d", {"is_closed": True}),
    ({"en": "Rejected", "de": "Abgelehnt", "ru": "Отклонена"}, "#6b7280", {"is_closed": True}),
    ({"en": "Spam", "de": "Spam", "ru": "Спам"}, "#b91c1c", {"is_spam": True, "is_closed": True}),
]


def seed(apps, schema_editor):
    Status = apps.get_model("inbox", "Status")
    if Status.objects.exists():
        return
    for position, (label, colour, flags) in enumerate(SEEDED):
        Status.objects.create(label=label, colour=colour, position=position, **flags)


def unseed(apps, schema_editor):
    Status = apps.get_model("inbox", "Status")
    Status.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("inbox", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
