"""Duplicate through the panel API (POST /api/cms/events/{event}/duplicate): a new draft with every
value the editor shows, at the next free address in every language, without history, in one
transaction (docs/events.md, "The panel API")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings
from django.test import override_settings

from frontdesk.categories.operations import create_category
from frontdesk.events.models import Event
from frontdesk.routes.models import Route
from tests.events.conftest import send
from tests.optional import installed
from tests.project_fields import node

pytestmark = pytest.mark.django_db


@pytest.fixture
def seats(db) -> Iterator[None]:
    """A project field `seats` (a number) on the event form, as a site patches it in."""
    patches = {"events.form": [node("seats", "number", min=1)]}
    with override_settings(FRONTDESK={**settings.FRONTDESK, "project_fields": patches}):
        yield


def morning_yoga(staff) -> dict[str, Any]:
    """A published event with every kind of value: two categories, services (with the services
    module), an SEO card, a project field, and a pending edit of its lead."""
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}, "slug": {"en": "yoga"}})
    talks = create_category("events", actor=None, values={"name": {"en": "Talks"}, "slug": {"en": "talks"}})
    values: dict[str, Any] = {
        "title": {"en": "Morning yoga", "de": "Morgenyoga", "ru": "Утренняя йога"},
        "slug": {"en": "morning-yoga"},
        "starts_at": "2027-03-20T08:00",
        "ends_at": "2027-03-20T09:30",
        "venue": "Park pavilion",
        "price": {"en": "10 euros"},
        "price_amount": 10,
        "highlights": [{"heading": {"en": "Mats"}, "line": {"en": "We bring them."}}],
        "categories": [talks.pk, yoga.pk],
        "seo": {
            "title": {"en": "Yoga at dawn"},
            "description": {"en": "Stretch by the lake."},
            "noindex": True,
        },
        "extra": {"seats": 12},
    }
    if installed("services"):
        from tests.services.conftest import make_service

        values["services"] = [make_service("Garden design", "garden").pk, make_service("Ponds", "ponds").pk]
    response = send(staff, "post", "", values)
    assert response.status_code == 201, response.json()
    created = response.json()
    published = send(staff, "post", f"/{created['id']}/publish", {}).json()
    return send(
        staff,
        "put",
        f"/{published['id']}",
        {"values": {"lead": {"en": "Bring water."}}, "revision": published["revision"]},
    ).json()


def test_duplicating_twice_gives_the_next_free_address_in_every_language_and_every_value(staff, seats):
    original = morning_yoga(staff)
    first = send(staff, "post", f"/{original['id']}/duplicate")
    second = send(staff, "post", f"/{original['id']}/duplicate", {})
    assert first.status_code == second.status_code == 201
    copies = [first.json(), second.json()]
    for suffix, copy in zip(("-2", "-3"), copies, strict=True):
        assert copy["id"] != original["id"] and copy["state"] == "draft"
        assert copy["addresses"] == {
            "en": f"/events/morning-yoga{suffix}",
            "de": f"/de/events/morning-yoga{suffix}",
            "ru": f"/ru/events/morning-yoga{suffix}",
        }
        assert copy["values"]["slug"] == {"en": f"morning-yoga{suffix}"}
        same = {key: value for key, value in copy["values"].items() if key != "slug"}
        assert same == {key: value for key, value in original["values"].items() if key != "slug"}
        assert copy["values"]["lead"] == {"en": "Bring water."}  # the pending edit, as the editor shows it
        assert copy["values"]["extra"] == {"seats": 12} and copy["values"]["seo"]["noindex"] is True
        assert send(staff, "get", f"/{copy['id']}/versions").json() == []
    assert original["values"]["categories"] and (
        not installed("services") or len(original["values"]["services"]) == 2
    )


def test_a_duplicate_takes_values_for_the_copy_in_the_same_step(staff):
    original = send(
        staff, "post", "", {"title": {"en": "Morning yoga"}, "starts_at": "2027-03-20T08:00"}
    ).json()
    copy = send(
        staff, "post", f"/{original['id']}/duplicate", {"values": {"starts_at": "2027-03-27T08:00"}}
    ).json()
    assert copy["values"]["starts_at"] == "2027-03-27T08:00:00+01:00" and copy["state"] == "draft"
    refused = send(staff, "post", f"/{original['id']}/duplicate", {"values": {"ends_at": "2027-03-01T08:00"}})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["ends_at"]
    assert Event.objects.count() == 2


def test_a_failure_halfway_through_a_duplicate_leaves_no_copy_and_no_address(staff, monkeypatch):
    original = send(staff, "post", "", {"title": {"en": "Morning yoga"}}).json()
    routes = set(Route.objects.values_list("pk", flat=True))

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("The disk is full.")

    monkeypatch.setattr("frontdesk.publishing.duplicate.claim_routes", broken)
    with pytest.raises(RuntimeError):
        send(staff, "post", f"/{original['id']}/duplicate")
    assert list(Event.all_objects.values_list("pk", flat=True)) == [original["id"]]
    assert set(Route.objects.values_list("pk", flat=True)) == routes
    assert not Route.objects.filter(path__contains="morning-yoga-2").exists()
