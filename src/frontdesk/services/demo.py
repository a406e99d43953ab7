"""Demo content: three services with their pages, reached from the site's home page.

What the demo made is marked by a `service.demo` line in the log, so `frontdesk demo --remove`
deletes those services and nothing an editor made, even under a demo service's address.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.utils.translation import get_language

from frontdesk.core import log
from frontdesk.core.demo import DemoPage
from frontdesk.core.models import LogEntry
from frontdesk.core.routes.claims import forget_routes
from frontdesk.services import queries
from frontdesk.services.models import Service
from frontdesk.services.operations import create_service

MARK = "service.demo"

SERVICES: list[dict[str, Any]] = [
    {"title": {"en": "Garden design", "de": "Gartenplanung", "ru": "Ландшафтный дизайн"},
     "slug": {"en": "garden-design", "de": "gartenplanung", "ru": "landshaftnyj-dizajn"},
     "lead": {"en": "A plan for your garden, from the first sketch to the planting list.",
              "de": "Ein Plan für Ihren Garten, von der ersten Skizze bis zur Pflanzliste.",
              "ru": "План вашего сада: от первого эскиза до списка растений."}},
    {"title": {"en": "Tree care", "de": "Baumpflege", "ru": "Уход за деревьями"},
     "slug": {"en": "tree-care", "de": "baumpflege", "ru": "ukhod-za-derevyami"},
     "lead": {"en": "Pruning, felling and a yearly check of the trees you keep.",
              "de": "Schnitt, Fällung und eine jährliche Kontrolle Ihrer Bäume.",
              "ru": "Обрезка, спил и ежегодный осмотр ваших деревьев."}},
    {"title": {"en": "Workshops", "de": "Workshops", "ru": "Мастер-классы"},
     "slug": {"en": "workshops", "de": "workshops", "ru": "master-klassy"},
     "lead": {"en": "Learn to plan, plant and prune in small groups.",
              "de": "Planen, pflanzen und schneiden lernen, in kleinen Gruppen.",
              "ru": "Учимся планировать, сажать и обрезать в небольших группах."}},
]  # fmt: skip


def _made() -> list[Service]:
    """The services the demo made (in the bin too), in the order it made them."""
    kind = ContentType.objects.get_for_model(Service)
    ids = list(LogEntry.objects.filter(content_type=kind, action=MARK).values_list("object_id", flat=True))
    return list(Service.all_objects.filter(pk__in=ids).order_by("pk"))


def seed() -> str:
    made = {(service.slug or {}).get("en", "") for service in _made()}
    created = 0
    for values in SERVICES:
        if values["slug"]["en"] in made:
            continue
        service = create_service(actor=None, values=values)
        log.write(service, MARK, None)
        created += 1
    return f"{created} demo services created ({len(SERVICES) - created} already there)"


def remove() -> str:
    removed = 0
    for service in _made():
        forget_routes(service)
        service.delete()  # its log lines stay, naming what was removed
        removed += 1
    LogEntry.objects.filter(content_type=ContentType.objects.get_for_model(Service), action=MARK).delete()
    return f"{removed} demo services removed"


@dataclass(frozen=True)
class ServicePage(DemoPage):
    """A demo service's page: its address differs per language, so it is read from its route."""

    addresses: dict[str, str] = field(default_factory=dict)  # {language: address}

    def url(self) -> str:
        return self.addresses.get(get_language(), "")


def pages() -> list[DemoPage]:
    """The page of each demo service a visitor sees now, for the site's home page."""
    shown = [service for service in _made() if service.is_published]
    found = queries.addresses([service.pk for service in shown])
    return [
        ServicePage(title=service.title, url_name="", addresses=found[service.pk])
        for service in shown
        if service.pk in found
    ]
