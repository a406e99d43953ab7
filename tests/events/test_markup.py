"""The events' schema.org markup (events/markup.py, docs/events.md "Markup"): for each kind of
demo event, exactly the spec's properties from their sources; the price only with a number and a
currency; zero marked free; the organizer only while the page prints the Organization; no node
for an undated event; the ItemList of a list page."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest
from django.test import RequestFactory

from frontdesk.events import queries
from frontdesk.events.markup import EVENT_KEY, LIST_KEY, add_event_markup, add_item_list, event_node
from frontdesk.events.models import Event
from frontdesk.events.operations import update_event
from frontdesk.events.query import events
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.publishing.head import head_of
from frontdesk.sitesettings import seo
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.operations import update_group
from tests.head import json_ld

pytestmark = pytest.mark.django_db

SCHEMA = "https://schema.org"
# What a search engine needs for an Event result (Google's "required" properties).
REQUIRED = {"name", "startDate", "location"}


@pytest.fixture
def euro(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "events": {"currency": "EUR"}}


@pytest.fixture
def organization():
    update_group(SEO, actor=None, values={"organization_name": "Clay and Co"})
    return seo.organization_reference()


def gallery(event: Event, language: str = "en") -> list[PictureView]:
    """The event's photos in order, as its page resolves them."""
    views = resolve_pictures(event.photos, language=language)
    return [views[key] for key in event.photos if key in views]


def node_of(event: Event, language: str = "en") -> dict[str, Any] | None:
    """The event's node as its page at /<language>/events/<slug> adds it."""
    request = RequestFactory().get("/")
    slug = event.slug.get(language) or event.slug["en"]
    past = bool(getattr(queries.with_over().get(pk=event.pk), "is_over", False))
    return event_node(
        request,
        event,
        language=language,
        page_url=f"/events/{slug}" if language == "en" else f"/{language}/events/{slug}",
        pictures=gallery(event, language),
        past=past,
    )


def test_an_event_a_week_ahead_with_hours_price_photos_and_a_place(demo_like, euro, organization):
    views = resolve_pictures([picture.key for picture in demo_like["pictures"]])
    assert node_of(demo_like["week"]) == {
        "@context": SCHEMA,
        "@type": "Event",
        "name": "Pottery workshop",
        "description": "Throw your first bowl.",
        "image": [f"http://testserver{views[picture.key].url}" for picture in demo_like["pictures"]],
        "startDate": "2027-03-19T10:00:00+01:00",
        "endDate": "2027-03-19T13:00:00+01:00",
        "eventStatus": f"{SCHEMA}/EventScheduled",
        "eventAttendanceMode": f"{SCHEMA}/OfflineEventAttendanceMode",
        "location": {"@type": "Place", "name": "Clay studio", "address": "Harbour street 4, Kiel"},
        "offers": {
            "@type": "Offer",
            "url": "https://tickets.example.org/pottery",
            "price": 30,
            "priceCurrency": "EUR",
        },
        "organizer": organization,
    }


def test_the_node_is_in_the_language_of_the_page(demo_like):
    node = node_of(demo_like["week"], "ru")
    assert node is not None
    assert (node["name"], node["description"]) == ("Pottery workshop", "Ваша первая чаша.")


def test_an_event_of_three_days_gives_its_first_and_last_day_without_hours(demo_like, euro):
    node = node_of(demo_like["days"])
    assert node is not None
    assert (node["startDate"], node["endDate"]) == ("2027-04-02", "2027-04-04")
    # No number: an offer to book, without a price, and nothing said of being free.
    assert node["offers"] == {"@type": "Offer", "url": "https://tickets.example.org/retreat"}
    assert "isAccessibleForFree" not in node and "image" not in node


def test_an_online_event_free_of_charge(demo_like, euro):
    node = node_of(demo_like["online"])
    assert node is not None
    assert node["eventAttendanceMode"] == f"{SCHEMA}/OnlineEventAttendanceMode"
    # No stream link is stored: the virtual place is the event's own page, and the hall it no
    # longer uses is not mentioned.
    assert node["location"] == {"@type": "VirtualLocation", "url": "http://testserver/events/glazes"}
    assert node["isAccessibleForFree"] is True
    assert node["offers"] == {
        "@type": "Offer",
        "url": "https://tickets.example.org/glazes",
        "price": 0,
        "priceCurrency": "EUR",
    }


def test_an_event_in_person_and_online_has_both_places_and_mixed_attendance(demo_like):
    both = Event.objects.get(pk=demo_like["week"].pk)
    both.format = "both"
    node = event_node(RequestFactory().get("/"), both, language="en", page_url="/events/pottery", pictures=[])
    assert node is not None
    assert node["eventAttendanceMode"] == f"{SCHEMA}/MixedEventAttendanceMode"
    assert node["location"] == [
        {"@type": "Place", "name": "Clay studio", "address": "Harbour street 4, Kiel"},
        {"@type": "VirtualLocation", "url": "http://testserver/events/pottery"},
    ]


def test_an_event_in_person_without_venue_or_address_names_no_place(demo_like):
    event = Event.objects.get(pk=demo_like["week"].pk)
    event.venue = event.address = ""
    node = event_node(RequestFactory().get("/"), event, language="en", page_url="/e", pictures=[])
    assert node is not None and "location" not in node


def test_without_a_currency_no_price_yet_zero_is_still_free(demo_like):
    week, online = node_of(demo_like["week"]), node_of(demo_like["online"])
    assert week is not None and online is not None
    assert week["offers"] == {"@type": "Offer", "url": "https://tickets.example.org/pottery"}
    assert online["offers"] == {"@type": "Offer", "url": "https://tickets.example.org/glazes"}
    assert online["isAccessibleForFree"] is True


def test_a_price_with_cents_is_a_number(demo_like, euro):
    event = Event.objects.get(pk=demo_like["week"].pk)
    event.price_amount = Decimal("12.50")
    node = event_node(RequestFactory().get("/"), event, language="en", page_url="/e", pictures=[])
    assert node is not None and node["offers"]["price"] == 12.5


def test_without_a_booking_link_no_offers(demo_like, euro):
    event = Event.objects.get(pk=demo_like["online"].pk)
    event.booking_url = ""
    node = event_node(RequestFactory().get("/"), event, language="en", page_url="/e", pictures=[])
    assert node is not None and "offers" not in node and node["isAccessibleForFree"] is True


def test_an_event_that_is_over_offers_no_booking(demo_like, euro):
    node = node_of(demo_like["past"])
    assert node is not None and "offers" not in node
    assert node["startDate"] == "2027-02-12T10:00:00+01:00"
    assert node["location"] == {"@type": "Place", "name": "Town hall"}


def test_an_undated_event_has_no_node(demo_like):
    assert node_of(demo_like["undated"]) is None
    request = RequestFactory().get("/")
    add_event_markup(request, demo_like["undated"], language="en", page_url="/e", pictures=[])
    assert head_of(request).json_ld() == {}


def test_a_date_note_changes_the_words_not_the_markup(demo_like):
    noted = Event.objects.get(pk=demo_like["week"].pk)
    noted.date_note = {"en": "Friday morning, see you"}
    node = event_node(RequestFactory().get("/"), noted, language="en", page_url="/e", pictures=[])
    assert node is not None and node["startDate"] == "2027-03-19T10:00:00+01:00"


def test_no_organizer_while_the_settings_name_no_organisation(demo_like):
    for name in ("week", "days", "online", "past"):
        node = node_of(demo_like[name])
        assert node is not None and "organizer" not in node


def test_the_organizer_is_the_organization_the_page_prints(demo_like, organization):
    node = node_of(demo_like["week"])
    assert node is not None and node["organizer"] == {"@id": seo.organization_json_ld("en")["@id"]}


def test_every_dated_event_has_what_a_search_engine_requires_and_no_performer(demo_like, euro, organization):
    for name in ("week", "days", "online", "past"):
        node = node_of(demo_like[name])
        assert node is not None and node.keys() >= REQUIRED, name
        assert "performer" not in node


def test_the_list_of_a_list_page_holds_its_dated_events_by_their_pages(demo_like):
    request = RequestFactory().get("/events")
    add_item_list(request, events().get())
    assert head_of(request).json_ld()[LIST_KEY] == {
        "@context": SCHEMA,
        "@type": "ItemList",
        "itemListElement": [
            {"@type": "ListItem", "position": 1, "url": "http://testserver/events/glazes"},
            {"@type": "ListItem", "position": 2, "url": "http://testserver/events/pottery"},
            {"@type": "ListItem", "position": 3, "url": "http://testserver/events/retreat"},
        ],
    }


def test_a_list_of_undated_events_only_adds_no_list(demo_like):
    request = RequestFactory().get("/events")
    add_item_list(request, events().only([demo_like["undated"].pk]).get())
    assert LIST_KEY not in head_of(request).json_ld()


def test_the_event_page_markup_goes_into_the_head_under_its_key(demo_like):
    request = RequestFactory().get("/events/pottery")
    add_event_markup(request, demo_like["week"], language="en", page_url="/events/pottery", pictures=[])
    assert head_of(request).json_ld()[EVENT_KEY]["name"] == "Pottery workshop"


# --- On the pages -------------------------------------------------------------------------------


def nodes_of_page(client, address: str) -> dict[str, dict[str, Any]]:
    """The page's JSON-LD nodes by their @type (each type once on these pages)."""
    response = client.get(address)
    assert response.status_code == 200, address
    return {node["@type"]: node for node in json_ld(response.content.decode())}


def test_the_event_page_carries_its_event_the_organization_it_names_and_its_trail(
    demo_like, euro, organization, client
):
    nodes = nodes_of_page(client, "/events/pottery")
    assert nodes["Event"] == node_of(demo_like["week"])
    assert nodes["Event"]["organizer"] == {"@id": nodes["Organization"]["@id"]}
    assert [item["name"] for item in nodes["BreadcrumbList"]["itemListElement"]] == [
        "Home",
        "Events",
        "Pottery workshop",
    ]
    assert "performer" not in nodes["Event"]


def test_the_event_page_of_an_undated_event_has_no_event_node_and_no_calendar_link(demo_like, client):
    response = client.get("/events/open-studio")
    html = response.content.decode()
    assert "Event" not in {node["@type"] for node in json_ld(html)}
    assert ".ics" not in html


def test_add_to_calendar_downloads_a_file_named_after_the_event(demo_like, client):
    html = client.get("/events/pottery").content.decode()
    (link,) = re.findall(r'href="([^"]+\.ics)" download', html)
    response = client.get(link)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="pottery.ics"'


def test_a_draft_edit_leaves_the_markup_as_published(demo_like, client):
    week = demo_like["week"]
    update_event(
        week,
        actor=None,
        values={"title": {"en": "Renamed"}, "starts_at": "2027-03-26T10:00", "ends_at": None},
        revision=week.revision,
    )
    node = nodes_of_page(client, "/events/pottery")["Event"]
    assert (node["name"], node["startDate"]) == ("Pottery workshop", "2027-03-19T10:00:00+01:00")


def list_urls(node: dict[str, Any]) -> list[str]:
    return [item["url"] for item in node["itemListElement"]]


def test_the_index_carries_the_list_of_its_dated_events_and_its_trail(demo_like, client):
    nodes = nodes_of_page(client, "/events")
    assert list_urls(nodes["ItemList"]) == [
        "http://testserver/events/glazes",
        "http://testserver/events/pottery",
        "http://testserver/events/retreat",
    ]
    assert [item["name"] for item in nodes["BreadcrumbList"]["itemListElement"]] == ["Home", "Events"]


def test_a_category_page_carries_the_list_of_its_events_and_its_trail(demo_like, client):
    nodes = nodes_of_page(client, "/de/events/outdoors")
    assert list_urls(nodes["ItemList"]) == ["http://testserver/de/events/retreat"]
    assert len(nodes["BreadcrumbList"]["itemListElement"]) == 3
