"""Demo content: three services with their pages, reached from the site's home page.

What the demo made is marked by the host's demo marks (core/demo.py, `mark_made`, each service
under its English slug as the demo wrote it), so `frontdesk demo --remove` deletes those services
and nothing an editor made, even under a demo service's title or address.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import get_language

from frontdesk.core.demo import DemoPage, forget_made, made_by_demo, mark_made
from frontdesk.routes.claims import forget_routes
from frontdesk.services import queries
from frontdesk.services.models import Service
from frontdesk.services.operations import create_service

DEMO = "services"  # the name of its marks (core/demo.py)

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
    return list(made_by_demo(Service, demo=DEMO).values())


def seed() -> str:
    made = made_by_demo(Service, demo=DEMO)
    created, taken = 0, []
    for values in SERVICES:
        key = values["slug"]["en"]  # the demo's name for it, whatever an editor renames it to
        if key in made:
            continue
        try:
            service = create_service(actor=None, values=values)
        except ValidationError:  # a service of the site holds the address: it stays, the demo's is left out
            taken.append(key)
            continue
        mark_made(service, demo=DEMO, key=key)
        created += 1
    note = f"; left out, their address is taken: {', '.join(taken)}" if taken else ""
    return f"{created} demo services created ({len(made)} already there){note}"


def remove() -> str:
    removed = 0
    for service in _made():
        forget_routes(service)
        service.delete()  # its log lines stay, naming what was removed
        removed += 1
    forget_made(demo=DEMO)
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
