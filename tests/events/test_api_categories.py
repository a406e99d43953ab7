"""The event categories through the panel API: the host's category routes at
/api/cms/events/categories (categories/api.py), with the events' own rules: a category holding
events stays out of the bin, and a category and an event never share an address."""

from __future__ import annotations

import pytest

from frontdesk.categories.models import Category
from tests.events.conftest import send

pytestmark = pytest.mark.django_db

CATEGORIES = "/categories"


def test_the_categories_routes_create_list_and_pick(staff):
    created = send(staff, "post", CATEGORIES, {"name": {"en": "Yoga"}, "slug": {"en": "yoga"}})
    assert created.status_code == 201, created.json()
    assert [row["id"] for row in send(staff, "get", CATEGORIES).json()] == [created.json()["id"]]
    assert [row["id"] for row in send(staff, "get", f"{CATEGORIES}/picker").json()] == [created.json()["id"]]


def test_a_category_holding_events_is_refused_the_bin_with_the_count_until_it_is_empty(staff):
    category = send(staff, "post", CATEGORIES, {"name": {"en": "Yoga"}}).json()
    events = [
        send(staff, "post", "", {"title": {"en": title}, "categories": [category["id"]]}).json()
        for title in ("Morning yoga", "Evening yoga")
    ]
    refused = send(staff, "delete", f"{CATEGORIES}/{category['id']}")
    assert refused.status_code == 409 and refused.json()["in_use"] == 2
    assert "2" in refused.json()["message"]
    assert Category.objects.filter(pk=category["id"]).exists()
    for event in events:
        emptied = send(
            staff, "put", f"/{event['id']}", {"values": {"categories": []}, "revision": event["revision"]}
        )
        assert emptied.status_code == 200
    assert send(staff, "delete", f"{CATEGORIES}/{category['id']}").status_code == 204
    assert not Category.objects.filter(pk=category["id"]).exists()


def test_a_category_and_an_event_refuse_each_others_address_under_their_own_slug(staff):
    send(staff, "post", "", {"title": {"en": "Morning yoga"}, "slug": {"en": "morning-yoga"}})
    refused = send(staff, "post", CATEGORIES, {"name": {"en": "Morning"}, "slug": {"en": "morning-yoga"}})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["slug"]

    send(staff, "post", CATEGORIES, {"name": {"en": "Talks"}, "slug": {"en": "talks"}})
    refused = send(staff, "post", "", {"title": {"en": "Talks"}, "slug": {"en": "talks"}})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["slug"]
    event = send(staff, "post", "", {"title": {"en": "Talk"}}).json()
    refused = send(
        staff, "put", f"/{event['id']}", {"values": {"slug": {"en": "talks"}}, "revision": event["revision"]}
    )
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["slug"]
