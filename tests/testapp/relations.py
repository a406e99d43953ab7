"""Test events as a relation target (publishing/relations.py): the four lookups a module gives, over
RoutedEvent. Every event is "published"; one whose title is "Hidden" is not."""

from __future__ import annotations

from collections.abc import Iterable

from frontdesk.core.languages import translate
from frontdesk.routes.models import Route
from frontdesk.routes.serving import public_path
from tests.testapp.models import RoutedEvent

TYPE = "test-event"


def card(event: RoutedEvent, language: str, url: str | None = None) -> dict:
    return {"id": event.pk, "url": url, "title": translate(event.title, language), "lead": "", "cover": None}


def cards(ids: Iterable[int], language: str) -> dict[int, dict]:
    events = list(RoutedEvent.objects.filter(pk__in=list(ids)).exclude(title__en="Hidden"))
    routes = Route.objects.filter(
        type_name=TYPE, language=language, object_id__in=[event.pk for event in events]
    )
    urls = {pk: public_path(language, path) for pk, path in routes.values_list("object_id", "path") if path}
    return {event.pk: card(event, language, urls.get(event.pk)) for event in events}


def existing(ids: Iterable[int]) -> set[int]:
    return set(RoutedEvent.objects.filter(pk__in=list(ids)).values_list("pk", flat=True))


def at_address(address: str) -> int | None:
    path = address.strip().strip("/")
    return Route.objects.filter(type_name=TYPE, path=path).values_list("object_id", flat=True).first()
