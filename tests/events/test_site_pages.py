"""The events' public pages (events/site.py, docs/events.md "Public pages"): the event page in its
parts, the category page and the index, as a visitor sees them."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from frontdesk.categories.operations import create_category, update_category
from frontdesk.events.models import Event
from frontdesk.events.operations import bin_event, publish_event, unpublish_event, update_event
from frontdesk.events.site import PARTS

pytestmark = pytest.mark.django_db


def page(address: str) -> str:
    response = Client().get(address)
    assert response.status_code == 200, (address, response.status_code)
    return response.content.decode()


def main(address: str) -> str:
    """The page's content: what stands between the layout's <main> tags."""
    html = page(address)
    return html[html.index("<main") : html.index("</main>")]


def status(address: str) -> int:
    return Client().get(address).status_code


def category(slug: str, name: str, **values) -> object:
    return create_category(
        "events", actor=None, values={"name": {"en": name}, "slug": {"en": slug}, **values}
    )


# --- The event page -----------------------------------------------------------------------------


def test_the_event_page_prints_its_parts_in_the_specs_order(make_event, clock):
    yoga = category("yoga", "Yoga")
    make_event(
        "Tea and talk",
        slug={"en": "tea"},
        lead={"en": "A quiet evening."},
        starts_at="2027-03-20T18:00",
        ends_at="2027-03-20T20:00",
        venue="Town hall",
        address="Main street 1",
        map_url="https://maps.example.org/1",
        price={"en": "10 euros"},
        booking_url="https://tickets.example.org/tea",
        description={"en": "<p>Bring a cup.</p>"},
        highlights=[{"heading": {"en": "Hands on"}, "line": {"en": "You brew."}}],
        categories=[yoga.pk],
    )
    html = main("/events/tea")
    markers = [
        "<h1>Tea and talk</h1>",
        "20 March 2027, 18:00–20:00",
        "Town hall",
        "Main street 1",
        'href="https://maps.example.org/1"',
        "10 euros",
        'href="/events/yoga">Yoga</a>',
        'href="https://tickets.example.org/tea"',
        'href="/events/tea.ics"',
        "Bring a cup.",
        "What to expect",
        "Hands on",
    ]
    places = [html.index(marker) for marker in markers]
    assert places == sorted(places)
    assert "This event is over" not in html


@pytest.mark.parametrize("how", ["draft", "unpublished", "binned"])
def test_only_a_published_event_outside_the_bin_has_a_page(make_event, how):
    event = make_event("Hidden", slug={"en": "hidden"}, publish=how != "draft")
    if how == "unpublished":
        unpublish_event(event, actor=None)
    elif how == "binned":
        bin_event(event, actor=None)
    assert status("/events/hidden") == 404


def test_an_online_event_prints_online_and_no_place(make_event, clock):
    make_event(
        "Webinar",
        slug={"en": "webinar"},
        starts_at="2027-03-20T18:00",
        format="online",
        venue="Studio 4",
        address="Secret street 9",
        map_url="https://maps.example.org/9",
    )
    html = main("/events/webinar")
    assert "Online" in html
    assert "Studio 4" not in html and "Secret street 9" not in html and "maps.example.org" not in html


def test_a_both_event_prints_its_place_and_online(make_event, clock):
    make_event("Hybrid", slug={"en": "hybrid"}, starts_at="2027-03-20T18:00", format="both", venue="Studio 4")
    html = main("/events/hybrid")
    assert "Studio 4" in html and 'class="events-online">Online<' in html


def test_an_event_that_is_over_says_so_without_book_or_add_to_calendar(make_event, clock):
    make_event(
        "Last week",
        slug={"en": "last-week"},
        starts_at="2027-03-05T18:00",
        booking_url="https://tickets.example.org/old",
    )
    html = main("/events/last-week")
    assert "This event is over" in html
    assert "tickets.example.org" not in html and ".ics" not in html
    assert "Book" not in html and "Add to calendar" not in html


def test_an_undated_event_has_no_calendar_link(make_event, clock):
    make_event("Fridays", slug={"en": "fridays"}, date_note={"en": "Every Friday"})
    html = main("/events/fridays")
    assert "Every Friday" in html and ".ics" not in html and "Add to calendar" not in html


def test_a_highlight_written_only_in_english_gives_no_what_to_expect_in_german(make_event, clock):
    make_event(
        "Tea",
        slug={"en": "tea", "de": "tee"},
        starts_at="2027-03-20T18:00",
        highlights=[{"heading": {"en": "Hands on"}, "line": {"en": "You brew."}}],
    )
    assert "What to expect" in main("/events/tea")
    german = main("/de/events/tee")
    assert "Hands on" not in german and "What to expect" not in german and "Was" not in german


# --- Lists --------------------------------------------------------------------------------------


def card_titles(html: str) -> list[str]:
    return re.findall(r'<h2><a href="[^"]+">([^<]+)</a></h2>', html)


def test_the_index_lists_events_to_come_in_order_and_the_categories(make_event, clock):
    category("yoga", "Yoga")
    make_event("Over", starts_at="2027-03-01T10:00")
    make_event("Later", starts_at="2027-04-01T10:00")
    make_event("Sooner", starts_at="2027-03-20T10:00")
    make_event("Undated", date_note={"en": "Every Friday"})
    html = main("/events")
    assert card_titles(html) == ["Undated", "Sooner", "Later"]
    assert 'href="/events/yoga">Yoga</a>' in html


def test_an_empty_index_says_so(db):
    assert "No events are coming up" in main("/events")


def test_an_event_in_two_categories_has_one_address_on_both_category_pages(make_event, clock):
    yoga, talks = category("yoga", "Yoga"), category("talks", "Talks")
    make_event("Both", slug={"en": "both"}, starts_at="2027-03-20T10:00", categories=[yoga.pk, talks.pk])
    make_event("Only yoga", starts_at="2027-03-21T10:00", categories=[yoga.pk])
    yoga_page, talks_page = main("/events/yoga"), main("/events/talks")
    assert card_titles(yoga_page) == ["Both", "Only yoga"] and card_titles(talks_page) == ["Both"]
    assert 'href="/events/both"' in yoga_page and 'href="/events/both"' in talks_page
    assert "<h1>Yoga</h1>" in yoga_page


def test_an_off_site_category_has_no_page_and_no_index_link_yet_its_events_show(make_event, clock):
    hidden = category("hidden", "Hidden")
    update_category(hidden, actor=None, values={"is_shown": False})
    make_event("In hidden", slug={"en": "in-hidden"}, starts_at="2027-03-20T10:00", categories=[hidden.pk])
    assert status("/events/hidden") == 404
    index = main("/events")
    assert "/events/hidden" not in index and card_titles(index) == ["In hidden"]
    assert "/events/hidden" not in main("/events/in-hidden")


def test_the_event_page_after_publish_waits_for_the_next_publish(make_event, clock):
    yoga, talks = category("yoga", "Yoga"), category("talks", "Talks")
    event = make_event("Tea", slug={"en": "tea"}, starts_at="2027-03-20T10:00", categories=[yoga.pk])
    update_event(
        event,
        actor=None,
        values={"title": {"en": "Coffee"}, "starts_at": "2027-03-25T10:00", "categories": [talks.pk]},
        revision=event.revision,
    )
    html = main("/events/tea")
    assert "<h1>Tea</h1>" in html and "20 March 2027" in html and "/events/yoga" in html
    assert "Coffee" not in html and "25 March" not in html and "/events/talks" not in html
    index = main("/events")
    assert card_titles(index) == ["Tea"] and "20 March 2027" in index
    assert card_titles(main("/events/yoga")) == ["Tea"] and card_titles(main("/events/talks")) == []

    publish_event(Event.objects.get(pk=event.pk), actor=None)
    html = main("/events/tea")
    assert "<h1>Coffee</h1>" in html and "25 March 2027" in html and "/events/talks" in html
    assert card_titles(main("/events/talks")) == ["Coffee"] and card_titles(main("/events/yoga")) == []


def test_parts_are_the_specs_seven():
    assert PARTS == ("gallery", "heading", "facts", "booking", "description", "highlights", "services")


def test_the_seo_card_of_an_event_and_of_a_category_reaches_the_head(make_event, clock):
    yoga = category("yoga", "Yoga", seo={"title": {"en": "Yoga in town"}})
    make_event("Tea", slug={"en": "tea"}, lead={"en": "A quiet evening."}, categories=[yoga.pk])
    event_html = page("/events/tea")
    assert "<title>Tea" in event_html and 'content="A quiet evening."' in event_html
    assert "<title>Yoga in town" in page("/events/yoga")
