"""`events()` (events/query.py): one test per step of the spec's table, the card's shape, and the
queries a page pays (docs/events.md, "events()")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from frontdesk.categories.operations import create_category, update_category
from frontdesk.events.operations import update_event
from frontdesk.events.query import events
from tests.optional import needs
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.django_db


def titles(query) -> list[str]:
    return [card["title"] for card in query]


def test_by_default_events_to_come_undated_first(three):
    assert titles(events()) == ["Undated", "Soon"]
    assert titles(events().upcoming()) == ["Undated", "Soon"]


def test_past_and_all(three):
    assert titles(events().past()) == ["Over"]
    assert titles(events().all()) == ["Undated", "Soon", "Over"]


def test_a_step_leaves_the_query_it_was_called_on_unchanged(three):
    base = events()
    assert titles(base.past()) == ["Over"] and titles(base) == ["Undated", "Soon"]


@pytest.mark.parametrize("how", ["id", "slug", "object", "list", "address"])
def test_in_a_category_named_every_way(three, how):
    yoga = three["yoga"]
    named = {
        "id": yoga.pk,
        "slug": "yoga",
        "object": yoga,
        "list": [yoga.pk, "nothing"],
        "address": "/events/yoga",
    }
    assert titles(events().all().in_(named[how])) == ["Soon", "Over"]


@pytest.mark.parametrize("nothing", [None, "", []])
def test_in_nothing_means_all(three, nothing):
    assert titles(events().all().in_(nothing)) == ["Undated", "Soon", "Over"]


def test_in_an_unknown_category_gives_no_event(three):
    assert titles(events().all().in_("no-such-category")) == []


def test_only_these_in_this_order(three):
    chosen = [three["soon"].pk, three["undated"].pk]
    assert titles(events().only(chosen)) == ["Soon", "Undated"]
    assert titles(events().only(list(reversed(chosen)))) == ["Undated", "Soon"]
    # The time filter stays: a past event among them needs all().
    assert titles(events().only([three["over"].pk, three["soon"].pk])) == ["Soon"]
    assert titles(events().all().only([three["over"].pk, three["soon"].pk])) == ["Over", "Soon"]


def test_except_leaves_one_out(three):
    assert titles(events().except_(three["undated"])) == ["Soon"]
    assert titles(events().except_(three["soon"].pk)) == ["Undated"]


@pytest.mark.parametrize(
    ("count", "expected"), [(1, ["Undated"]), (0, ["Undated", "Soon"]), (None, ["Undated", "Soon"])]
)
def test_take(three, count, expected):
    assert titles(events().take(count)) == expected


def test_locale_and_the_language_being_rendered(three):
    update_event(three["soon"], actor=None, values={"title": {"de": "Bald"}}, revision=three["soon"].revision)
    from frontdesk.events.operations import publish_event

    publish_event(three["soon"], actor=None)
    assert titles(events().locale("de")) == ["Undated", "Bald"]
    with translation.override("de"):
        assert titles(events()) == ["Undated", "Bald"]
        assert titles(events().locale("en")) == ["Undated", "Soon"]


def test_get_first_loop_and_count(three):
    assert [card["title"] for card in events().get()] == ["Undated", "Soon"]
    assert events().first()["title"] == "Undated"
    assert events().in_("no-such-category").first() is None
    with CaptureQueriesContext(connection) as counted:
        assert len(events()) == 2 and events().all().count() == 3
    assert len(counted) == 2 and "COUNT(" in counted[0]["sql"].upper()


@needs("services")
def test_related_to_a_service(three):
    from frontdesk.services.operations import create_service

    garden = create_service(actor=None, values={"title": {"en": "Gardens"}, "slug": {"en": "gardens"}})
    soon = three["soon"]
    update_event(soon, actor=None, values={"services": [garden.pk]}, revision=soon.revision)
    # Waiting in the draft, the relation is not asked yet.
    assert titles(events().all().related_to("service", garden.pk)) == []
    from frontdesk.events.operations import publish_event

    publish_event(soon, actor=None)
    assert titles(events().all().related_to("service", garden.pk)) == ["Soon"]
    assert titles(events().all().related_to("service", "/services/gardens")) == ["Soon"]
    assert titles(events().all().related_to("service", [garden])) == ["Soon"]


def test_the_card(three):
    update_category(three["talks"], actor=None, values={"is_shown": False})
    with project_fields(node("seats", "number"), screen="events.form"):
        soon = three["soon"]
        update_event(
            soon,
            actor=None,
            values={
                "ends_at": "2027-03-20T12:30",
                "lead": {"en": "A cup"},
                "venue": "Hall",
                "format": "both",
                "price": {"en": "10 euros"},
                "booking_url": "https://example.org/book",
                "extra": {"seats": 12},
            },
            revision=soon.revision,
        )
        from frontdesk.events.operations import publish_event

        publish_event(soon, actor=None)
        card = events().only([soon.pk]).first()
    assert card == {
        "id": soon.pk,
        "url": "/events/soon",
        "title": "Soon",
        "lead": "A cup",
        "cover": None,
        "gallery": [],
        "starts_at": "2027-03-20T10:00:00+01:00",
        "ends_at": "2027-03-20T12:30:00+01:00",
        "all_day": False,
        "when": "20 March 2027, 10:00–12:30",
        "past": False,
        "attendance": "mixed",
        "venue": "Hall",
        "price": "10 euros",
        "booking_url": "https://example.org/book",
        "ics_url": "/events/soon.ics",
        "categories": [three["talks"].pk, three["yoga"].pk],
        "category_links": [{"id": three["yoga"].pk, "title": "Yoga", "url": "/events/yoga"}],
        "fields": {"seats": 12},
    }


def test_cards_of_past_undated_online_and_all_day_events(three, make_event):
    past = events().past().first()
    assert past["past"] is True and past["booking_url"] is None and past["ics_url"] == "/events/over.ics"
    undated = events().first()
    assert undated["when"] == "Every Friday" and undated["ics_url"] is None and undated["starts_at"] is None
    make_event("Online", format="online", venue="Hall", starts_at="2027-04-01T10:00")
    assert len(events().only([]).all().get()) == 4  # only([]) means all
    online = next(card for card in events() if card["title"] == "Online")
    assert online["attendance"] == "online" and online["venue"] == ""
    make_event("Fair", all_day=True, starts_at="2027-05-03", ends_at="2027-05-05")
    fair = next(card for card in events() if card["title"] == "Fair")
    assert (fair["starts_at"], fair["ends_at"], fair["when"]) == ("2027-05-03", "2027-05-05", "3–5 May 2027")


def test_get_runs_the_same_queries_for_one_card_and_for_ten(berlin, make_event, clock):
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}})
    make_event("One", starts_at="2027-04-01T10:00", categories=[yoga.pk])
    with CaptureQueriesContext(connection) as one:
        events().get()
    for index in range(9):
        make_event(f"More {index}", starts_at="2027-04-02T10:00", categories=[yoga.pk])
    with CaptureQueriesContext(connection) as ten:
        assert len(events().get()) == 10
    assert len(ten) == len(one)
