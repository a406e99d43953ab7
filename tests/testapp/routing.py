"""Test events and categories made as an operation would: the row saved, then its addresses
claimed (routes)."""

from __future__ import annotations

from frontdesk.routes.claims import claim_routes
from frontdesk.routes.models import Route
from tests.testapp.models import RoutedCategory, RoutedEvent

EVENT = "test-event"
CATEGORY = "test-event-category"


def make_event(slug: dict[str, str] | str, title: str = "Summer camp") -> RoutedEvent:
    event = RoutedEvent.objects.create(title={"en": title}, slug=_slugs(slug))
    claim_routes(event, EVENT)
    return event


def make_category(slug: dict[str, str] | str, name: str = "Outdoors") -> RoutedCategory:
    category = RoutedCategory.objects.create(name={"en": name}, slug=_slugs(slug))
    claim_routes(category, CATEGORY)
    return category


def paths(obj) -> dict[str, str | None]:
    """{language: stored path} of `obj`'s addresses (None while released)."""
    type_name = EVENT if isinstance(obj, RoutedEvent) else CATEGORY
    return dict(Route.objects.filter(object_id=obj.pk, type_name=type_name).values_list("language", "path"))


def _slugs(slug: dict[str, str] | str) -> dict[str, str]:
    return {"en": slug} if isinstance(slug, str) else slug
