"""What the events' public pages cost (docs/events.md, "Public pages"): the index and a category
page run the same statements however many events there are, and the event page's do not grow with
its categories, photos or services. Also the gallery and services parts, which need pictures and
the services module."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from frontdesk.events.models import Event
from frontdesk.events.operations import update_event
from frontdesk.pictures.operations import create_picture
from tests.conftest import keep_pages_for
from tests.events.test_site_pages import category, main
from tests.optional import needs
from tests.picture_files import picture_file

pytestmark = pytest.mark.django_db
needs_services = needs("services")


def statements(address: str) -> int:
    """The statements one visit runs, the site warmed up first (the menu's cache)."""
    Client().get(address)
    with CaptureQueriesContext(connection) as counted:
        assert Client().get(address).status_code == 200
    return len(counted)


def more_events(make_event, category_ids: list[int], count: int) -> None:
    for number in range(count):
        make_event(
            f"Event {number}", starts_at=f"2027-04-{number % 28 + 1:02}T10:00", categories=category_ids
        )


def test_the_index_and_a_category_page_cost_the_same_with_5_and_100_events(make_event, clock):
    yoga = category("yoga", "Yoga")
    more_events(make_event, [yoga.pk], 5)
    few = statements("/events"), statements("/events/yoga")
    more_events(make_event, [yoga.pk], 95)
    assert (statements("/events"), statements("/events/yoga")) == few


def pictures(count: int) -> list[str]:
    return [
        create_picture(actor=None, values={"file": picture_file(120, 90), "alt": {"en": f"Photo {n}"}}).key
        for n in range(count)
    ]


def grow(event: Event, **values) -> Event:
    event = update_event(event, actor=None, values=values, revision=event.revision)
    from frontdesk.events.operations import publish_event

    return publish_event(event, actor=None)


def test_the_event_page_costs_the_same_however_many_categories_and_photos(make_event, clock, media):
    yoga, talks, walks = category("yoga", "Yoga"), category("talks", "Talks"), category("walks", "Walks")
    keys = pictures(3)
    event = make_event(
        "Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", categories=[yoga.pk], photos=keys[:1]
    )
    one = statements("/events/tea")
    grow(event, categories=[yoga.pk, talks.pk, walks.pk], photos=keys)
    assert statements("/events/tea") == one
    html = main("/events/tea")
    # The first photo large, the rest as a strip, in the chosen order.
    assert html.index('alt="Photo 0"') < html.index('class="events-strip"') < html.index('alt="Photo 1"')
    assert html.index('alt="Photo 1"') < html.index('alt="Photo 2"')


@needs_services
def test_the_services_part_prints_the_visible_related_services_in_order_at_a_constant_cost(make_event, clock):
    from frontdesk.services.operations import create_service, update_service

    made = [
        create_service(actor=None, values={"title": {"en": title}, "slug": {"en": title.lower()}})
        for title in ("Gardens", "Roofs", "Walls")
    ]
    event = make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", services=[made[0].pk])
    one = statements("/events/tea")
    grow(event, services=[made[2].pk, made[0].pk, made[1].pk])
    assert statements("/events/tea") == one
    html = main("/events/tea")
    assert html.index(">Walls</a>") < html.index(">Gardens</a>") < html.index(">Roofs</a>")
    update_service(made[1], actor=None, values={"is_visible": False})
    assert "Roofs" not in main("/events/tea")


def test_a_category_page_prints_its_name_cover_introduction_then_its_events(make_event, clock, media):
    (cover,) = pictures(1)
    yoga = category("yoga", "Yoga", cover=cover, introduction={"en": "<p>Stretch with us.</p>"})
    make_event("Morning flow", starts_at="2027-03-20T08:00", categories=[yoga.pk])
    html = main("/events/yoga")
    markers = ["<h1>Yoga</h1>", 'alt="Photo 0"', "<p>Stretch with us.</p>", ">Morning flow</a>"]
    places = [html.index(marker) for marker in markers]
    assert places == sorted(places)


def test_the_event_page_reads_its_event_once_and_its_address_with_its_route(make_event, clock, settings):
    """The route type hands the page its row read with the rule of "over" (RouteType.rows), and
    the page's address comes with its route: no second read of either; the categories shown on
    the site need no question of their own. (The page rendered each time: no page cache.)"""
    keep_pages_for(settings, 0)
    yoga = category("yoga", "Yoga")
    make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", categories=[yoga.pk])
    Client().get("/events/tea")
    with CaptureQueriesContext(connection) as counted:
        assert Client().get("/events/tea").status_code == 200
    sql = [query["sql"] for query in counted.captured_queries]
    assert len([text for text in sql if 'FROM "events_event"' in text or "FROM `events_event`" in text]) == 1
    assert not [text for text in sql if "'event'" in text and "core_route" in text]
    assert len([text for text in sql if "core_category" in text]) == 1
