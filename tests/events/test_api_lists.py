"""The panel API's list and dates (GET /api/cms/events, docs/events.md "The panel API"): each value
of when, status and trashed in the spec's order, the category, service and words filters, the
refusals of values it does not know, the number of queries however many events, and moments read
and given in the application's zone."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.events.models import CATEGORY_TARGET, Event
from frontdesk.events.operations import bin_event, create_event, publish_event, unpublish_event, update_event
from frontdesk.publishing.models import RelationLink
from tests.events.conftest import API, NOW, send
from tests.optional import installed, needs

pytestmark = pytest.mark.django_db


def listed(staff, **query: Any) -> list[str]:
    response = staff.get(API, query)
    assert response.status_code == 200, response.json()
    return [row["title_text"] for row in response.json()["rows"]]


@pytest.fixture
def states(three) -> dict[str, Any]:
    """`three` (Over, Soon, Undated: published) and one event in each other state, all to come:
    a draft, one published with edits (placed by what the site shows), one unpublished."""
    draft = create_event(actor=None, values={"title": {"en": "Draft"}, "starts_at": "2027-04-01T10:00"})
    changed = publish_event(
        create_event(actor=None, values={"title": {"en": "Changed"}, "starts_at": "2027-04-02T10:00"}),
        actor=None,
    )
    # The edit moves it into the past; the lists place it by the published date until Publish.
    update_event(changed, actor=None, values={"starts_at": "2027-01-01T10:00"}, revision=changed.revision)
    off = unpublish_event(
        publish_event(
            create_event(
                actor=None, values={"title": {"en": "Off", "de": "Aus"}, "starts_at": "2027-04-03T10:00"}
            ),
            actor=None,
        ),
        actor=None,
    )
    return {**three, "draft": draft, "changed": changed, "off": off}


def test_each_tab_lists_its_events_in_the_specs_order(staff, states):
    assert listed(staff) == ["Undated", "Soon", "Draft", "Changed", "Off"]
    assert listed(staff, when="upcoming") == ["Undated", "Soon", "Draft", "Changed", "Off"]
    assert listed(staff, when="past") == ["Over"]
    assert listed(staff, when="all") == ["Undated", "Off", "Changed", "Draft", "Soon", "Over"]
    bin_event(states["soon"], actor=None)
    with time_machine.travel(NOW + timedelta(minutes=5), tick=False):
        bin_event(states["over"], actor=None)
    assert listed(staff, trashed="true") == ["Over", "Soon"]  # the latest binned first
    assert listed(staff, trashed="false", when="all") == ["Undated", "Off", "Changed", "Draft"]


def test_rows_carry_what_the_list_prints(staff, states):
    rows = {row["title_text"]: row for row in staff.get(API, {"when": "all"}).json()["rows"]}
    assert rows["Over"]["over"] is True and rows["Soon"]["over"] is False
    assert rows["Soon"]["address"] == "/events/soon" and rows["Soon"]["when"] == "20 March 2027, 10:00"
    assert [chip["name"] for chip in rows["Soon"]["categories"]] == ["Talks", "Yoga"]
    assert (
        rows["Changed"]["state"] == "changed" and rows["Changed"]["starts_at"] == "2027-04-02T10:00:00+02:00"
    )
    page = staff.get(API, {"when": "all", "per_page": 2, "page": 2}).json()
    assert (page["current_page"], page["per_page"], page["total"], page["last_page"]) == (2, 2, 6, 3)


@pytest.mark.parametrize(
    ("status", "titles"),
    [
        ("draft", ["Draft"]),
        ("published", ["Undated", "Soon", "Over"]),
        ("changed", ["Changed"]),
        ("unpublished", ["Off"]),
    ],
)
def test_the_status_filter_lists_the_events_in_that_state(staff, states, status, titles):
    assert listed(staff, when="all", status=status) == titles


@pytest.mark.parametrize(
    "query",
    [{"when": "soon"}, {"status": "archived"}, {"per_page": 201}, {"per_page": 0}, {"trashed": "maybe"}],
)
def test_a_value_the_list_does_not_know_is_refused_with_422_under_its_name(staff, query):
    refused = staff.get(API, query)
    assert refused.status_code == 422 and list(refused.json()["errors"]) == list(query)


def test_per_page_goes_up_to_200(staff, states):
    assert staff.get(API, {"per_page": 200}).json()["per_page"] == 200


def test_the_category_filter_takes_an_id_or_a_slug(staff, states):
    talks, yoga = states["talks"], states["yoga"]
    assert listed(staff, when="all", category=talks.pk) == ["Soon"]
    assert listed(staff, when="all", category="yoga") == ["Soon", "Over"]
    assert listed(staff, when="past", category=yoga.pk) == ["Over"]
    refused = staff.get(API, {"category": "no-such-category"})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["category"]


def test_words_find_the_title_the_address_and_the_lead_in_any_language(staff, states):
    update_event(states["draft"], actor=None, values={"lead": {"de": "Tee und Gespräch"}}, revision=1)
    assert listed(staff, when="all", q="aus") == ["Off"]  # the German title
    assert listed(staff, when="all", q="soon") == ["Soon"]  # the title and the address
    assert listed(staff, when="all", q="tee und") == ["Draft"]
    assert listed(staff, when="all", q="nothing like it") == []


@needs("services")
def test_the_service_filter_takes_an_id_or_an_address(staff, states):
    from tests.services.conftest import make_service

    garden = make_service("Garden design", "garden")
    event = states["soon"]
    publish_event(
        update_event(event, actor=None, values={"services": [garden.pk]}, revision=event.revision), actor=None
    )
    assert listed(staff, when="all", service=garden.pk) == ["Soon"]
    assert listed(staff, when="all", service="/services/garden") == ["Soon"]
    refused = staff.get(API, {"service": "/services/nowhere"})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["service"]


# --- Query counts ----------------------------------------------------------------------------------


def many(count: int, categories: list[int]) -> None:
    """`count` published events straight into the table, half over, a third in the bin, each in
    the two categories: the shape of a busy site without the operations' cost."""
    events = Event.objects.bulk_create(
        Event(
            title={"en": f"Event {number}"},
            slug={"en": f"event-{number}"},
            state="published",
            starts_at=NOW + timedelta(days=number - count // 2),
            deleted_at=NOW if number % 3 == 0 else None,
        )
        for number in range(count)
    )
    holder = ContentType.objects.get_for_model(Event)
    RelationLink.objects.bulk_create(
        RelationLink(
            holder_type=holder,
            holder_id=event.pk,
            field="categories",
            target=CATEGORY_TARGET,
            target_id=category,
            position=position,
        )
        for event in events
        for position, category in enumerate(categories)
    )


def queries_of(staff, path: str, **query: Any) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = staff.get(f"{API}{path}", query)
    assert response.status_code == 200, response.json()
    return len(captured.captured_queries)


@pytest.mark.parametrize(
    "query", [{"when": "upcoming"}, {"when": "past"}, {"when": "all"}, {"trashed": "true"}], ids=str
)
def test_each_tab_runs_as_many_queries_with_1000_events_as_with_10(staff, three, query):
    categories = [three["yoga"].pk, three["talks"].pk]
    many(10, categories)
    few = queries_of(staff, "", per_page=200, **query)
    many(990, categories)
    assert queries_of(staff, "", per_page=200, **query) == few


def test_one_event_runs_as_many_queries_with_1000_events_as_with_10(staff, three):
    categories = [three["yoga"].pk, three["talks"].pk]
    many(10, categories)
    few = queries_of(staff, f"/{three['soon'].pk}")
    many(990, categories)
    assert queries_of(staff, f"/{three['soon'].pk}") == few


# --- Dates in the application's zone -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("2027-03-12T18:00", "2027-03-12T18:00:00+01:00"),
        ("2027-03-12T17:00:00Z", "2027-03-12T18:00:00+01:00"),
        ("2027-07-01T18:00", "2027-07-01T18:00:00+02:00"),
    ],
)
def test_a_moment_is_read_and_given_in_the_applications_zone(staff, given, stored):
    created = send(staff, "post", "", {"title": {"en": "Yoga"}, "starts_at": given})
    assert created.status_code == 201 and created.json()["values"]["starts_at"] == stored
    assert send(staff, "get", f"/{created.json()['id']}").json()["values"]["starts_at"] == stored


@pytest.mark.parametrize(
    "dates",
    [
        {"starts_at": "2027-03-12T18:00", "ends_at": "2027-07-01T18:00"},
        {"starts_at": "2027-05-03", "ends_at": "2027-05-05"},
    ],
    ids=["moments", "days"],
)
def test_saving_what_was_read_changes_no_date_and_no_state(staff, dates):
    created = send(staff, "post", "", {"title": {"en": "Yoga"}, "seo": {"noindex": True}, **dates}).json()
    published = send(staff, "post", f"/{created['id']}/publish", {}).json()
    read = send(staff, "get", f"/{published['id']}").json()
    saved = send(staff, "put", f"/{read['id']}", {"values": read["values"], "revision": read["revision"]})
    assert saved.status_code == 200, saved.json()
    assert saved.json()["state"] == "published" and saved.json()["pending"] == []
    assert saved.json()["values"] == read["values"]
    assert (read["values"]["starts_at"], read["values"]["ends_at"]) in {
        ("2027-03-12T18:00:00+01:00", "2027-07-01T18:00:00+02:00"),
        ("2027-05-03", "2027-05-05"),
    }


# --- Without the services module ---------------------------------------------------------------------


@pytest.mark.skipif(installed("services"), reason="the run without the services module covers this")
def test_without_the_services_module_there_is_no_services_value_and_no_service_filter(staff, three):
    read = send(staff, "get", f"/{three['soon'].pk}").json()
    assert "services" not in read["values"]
    refused = send(staff, "post", "", {"title": {"en": "Yoga"}, "services": [1]})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["services"]
    assert listed(staff, when="all", service=1) == ["Undated", "Soon", "Over"]  # no such filter
    parameters = staff.get("/api/cms/openapi.json").json()["paths"][API]["get"]["parameters"]
    assert "service" not in {parameter["name"] for parameter in parameters}
    assert "category" in {parameter["name"] for parameter in parameters}
