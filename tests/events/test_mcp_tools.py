"""The events' agent tools and events://catalog, called as an agent calls them: the SDK's client
over streamable HTTP against the live server, with tokens whose scopes the server checks
(docs/events.md, "The agent tools")."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.test import Client

from frontdesk.categories.models import Category
from frontdesk.categories.operations import create_category
from frontdesk.core.models import ApiToken
from frontdesk.events import demo
from frontdesk.events.models import Event
from frontdesk.events.operations import bin_event, create_event, publish_event, update_event
from frontdesk.publishing.models import Version
from frontdesk.routes.models import Route
from tests.core.test_mcp import text_of, with_session
from tests.events.conftest import configure_events
from tests.mcp_client import call, ok, refusal
from tests.optional import installed, needs

pytestmark = pytest.mark.live

READING = {"events_list", "events_get", "event_categories_list"}
CHANGING = {
    "events_create",
    "events_update",
    "events_duplicate",
    "events_publish",
    "events_unpublish",
    "events_delete",
    "event_categories_create",
    "event_categories_update",
    "event_categories_delete",
    "event_categories_reorder",
}
PERMISSIONS = ("events.view", "events.manage", "events.categories.manage")


@pytest.fixture
def secret(make_user) -> str:
    return ApiToken.issue(make_user(*PERMISSIONS), "agent", ["events:read", "events:write"])[1]


@pytest.fixture
def reader(make_user) -> str:
    """A read-only token of an account that may do everything."""
    return ApiToken.issue(make_user(*PERMISSIONS), "reader", ["events:read"])[1]


def state() -> list[str]:
    """Everything a change of an event or a category leaves behind."""
    return sorted(
        [repr(row) for row in Event.all_objects.values()]
        + [repr(row) for row in Category.all_objects.values()]
        + [repr(row) for row in Route.objects.values()]
        + [repr(row) for row in Version.objects.values()]
    )


def category(name: str, slug: str) -> Category:
    return create_category("events", actor=None, values={"name": {"en": name}, "slug": {"en": slug}})


def event_of(answer: dict[str, Any]) -> dict[str, Any]:
    return answer["event"]


def tool_descriptions(site: str, secret: str) -> dict[str, str]:
    tools = with_session(site, secret, lambda session: session.list_tools()).tools
    return {tool.name: tool.description or "" for tool in tools}


def page(path: str) -> int:
    return Client().get(path).status_code


# --- The tools and the tokens -------------------------------------------------------------------


def test_the_tools_are_listed_and_the_changing_ones_take_dry_run(live_site, secret):
    tools = {tool.name: tool for tool in with_session(live_site, secret, lambda s: s.list_tools()).tools}
    assert set(tools) >= READING | CHANGING
    for name in CHANGING:
        assert "dry_run" in tools[name].input_schema["properties"], name
    for name in READING:
        assert "dry_run" not in tools[name].input_schema["properties"], name
    # The values are the tools' own parameters, described for a model that never read our code.
    create = tools["events_create"].input_schema
    assert create["required"] == ["title"]
    assert {"title", "slug", "starts_at", "ends_at", "all_day", "categories", "highlights"} <= set(
        create["properties"]
    )
    assert "events_duplicate" in (tools["events_create"].description or "")
    update = tools["events_update"].input_schema
    assert {"event", "revision"} <= set(update["required"])
    resources = with_session(live_site, secret, lambda s: s.list_resources()).resources
    assert "events://catalog" in {str(resource.uri) for resource in resources}


def test_a_read_only_token_is_refused_by_every_changing_tool(live_site, reader, make_event):
    event = make_event("Pottery", slug={"en": "pottery"})
    yoga = category("Yoga", "yoga")
    before = state()
    arguments: dict[str, dict[str, Any]] = {
        "events_create": {"title": "Yoga"},
        "events_update": {"event": event.pk, "revision": event.revision, "title": "Other"},
        "events_duplicate": {"event": event.pk},
        "events_publish": {"event": event.pk},
        "events_unpublish": {"event": event.pk},
        "events_delete": {"event": event.pk},
        "event_categories_create": {"name": "Talks", "slug": "talks"},
        "event_categories_update": {"category": yoga.pk, "name": "Other"},
        "event_categories_delete": {"category": yoga.pk},
        "event_categories_reorder": {"ids": [yoga.pk]},
    }
    assert set(arguments) == CHANGING
    for name, given in arguments.items():
        assert "This tool needs the scope events:write" in refusal(live_site, reader, name, given), name
    assert state() == before
    # The reading tools and the catalog answer the same token.
    assert ok(live_site, reader, "events_list")["total"] == 1
    assert ok(live_site, reader, "event_categories_list")["categories"][0]["id"] == yoga.pk


def test_a_dry_run_on_each_changing_tool_reports_the_change_and_keeps_nothing(live_site, secret, make_event):
    published = make_event("Pottery", slug={"en": "pottery"}, starts_at="2027-06-01T10:00")
    edited = make_event("Glazes", slug={"en": "glazes"})
    edited = update_event(
        edited, actor=None, values={"title": {"en": "Glazes, edited"}}, revision=edited.revision
    )
    empty = category("Talks", "talks")
    yoga = category("Yoga", "yoga")
    before = state()

    def dry(tool: str, /, **given: Any) -> dict[str, Any]:
        answer = ok(live_site, secret, tool, {**given, "dry_run": True})
        assert answer["dry_run"] is True, tool
        return answer

    assert event_of(dry("events_create", title="Yoga"))["state"] == "draft"
    changed = event_of(dry("events_update", event="pottery", revision=published.revision, title="Clay"))
    assert (changed["state"], changed["values"]["title"]) == ("changed", {"en": "Clay"})
    copy = event_of(dry("events_duplicate", event=published.pk, values={"starts_at": "2027-07-01T10:00"}))
    assert copy["addresses"]["en"] == "/events/pottery-2"
    assert copy["values"]["starts_at"] == "2027-07-01T10:00:00+00:00"
    assert event_of(dry("events_publish", event=edited.pk))["values"]["title"] == {"en": "Glazes, edited"}
    assert event_of(dry("events_unpublish", event=published.pk))["state"] == "unpublished"
    assert dry("events_delete", event=published.pk)["binned"]["deleted_at"] is not None
    assert dry("event_categories_create", name="Crafts", slug="crafts")["category"]["slug"] == {
        "en": "crafts"
    }
    assert dry("event_categories_update", category="talks", name="Lectures")["category"]["name"] == {
        "en": "Lectures"
    }
    assert dry("event_categories_delete", category=empty.pk)["binned"]["id"] == empty.pk
    reordered = dry("event_categories_reorder", ids=[yoga.pk, empty.pk])["categories"]
    assert [row["id"] for row in reordered] == [yoga.pk, empty.pk]
    assert state() == before


# --- The states, through the tools --------------------------------------------------------------


def test_the_states_table_through_the_tools(live_site, secret):
    refused = call(live_site, secret, "events_create", {"lead": "No title"})
    assert refused.is_error and "title" in text_of(refused)
    assert Event.all_objects.count() == 0

    created = event_of(ok(live_site, secret, "events_create", {"title": "Pottery", "slug": "pottery"}))
    assert created["state"] == "draft"
    assert page("/events/pottery") == 404

    published = event_of(ok(live_site, secret, "events_publish", {"event": created["id"]}))
    assert published["state"] == "published" and published["addresses"]["en"] == "/events/pottery"
    assert "Pottery" in Client().get("/events/pottery").content.decode()

    changed = event_of(
        ok(
            live_site,
            secret,
            "events_update",
            {"event": "/events/pottery", "revision": published["revision"], "title": "Clay evening"},
        )
    )
    assert changed["state"] == "changed" and changed["pending"] == ["title"]
    shown = Client().get("/events/pottery").content.decode()
    assert "Pottery" in shown and "Clay evening" not in shown

    again = event_of(
        ok(live_site, secret, "events_publish", {"event": "pottery", "revision": changed["revision"]})
    )
    assert again["state"] == "published"
    assert "Clay evening" in Client().get("/events/pottery").content.decode()

    off = event_of(ok(live_site, secret, "events_unpublish", {"event": created["id"]}))
    assert off["state"] == "unpublished" and page("/events/pottery") == 404

    binned = ok(live_site, secret, "events_delete", {"event": "pottery"})["binned"]
    assert binned["deleted_at"] is not None
    assert "There is no event" in refusal(live_site, secret, "events_get", {"event": created["id"]})
    # The address is free at once.
    other = event_of(ok(live_site, secret, "events_create", {"title": "Another", "slug": "pottery"}))
    assert other["values"]["slug"] == {"en": "pottery"}


def test_a_stale_revision_is_refused_as_the_api_refuses_it_and_changes_nothing(live_site, secret, make_event):
    event = make_event("Pottery", slug={"en": "pottery"})
    event = update_event(event, actor=None, values={"lead": {"en": "Clay."}}, revision=event.revision)
    before = state()
    stale = refusal(
        live_site, secret, "events_update", {"event": event.pk, "revision": event.revision - 1, "title": "X"}
    )
    assert stale == "Someone else changed this in the meantime."
    assert state() == before


def test_an_end_before_the_start_is_refused_in_the_words_the_panel_shows(live_site, secret, make_event):
    event = make_event("Pottery", slug={"en": "pottery"})
    values = {"starts_at": "2027-05-03T10:00", "ends_at": "2027-05-03T09:00"}
    with pytest.raises(ValidationError) as caught:
        update_event(event, actor=None, values=values, revision=event.revision)
    words = caught.value.message_dict["ends_at"]
    before = state()
    result = call(
        live_site, secret, "events_update", {"event": event.pk, "revision": event.revision, **values}
    )
    assert result.is_error
    assert result.structured_content["errors"] == {"ends_at": words}
    assert f"ends_at: {words[0]}" in text_of(result)
    assert state() == before


# --- Naming things ------------------------------------------------------------------------------


def test_an_event_by_id_and_by_address_and_a_category_by_id_and_by_slug(live_site, secret, make_event):
    event = make_event("Pottery", slug={"en": "pottery", "de": "toepfern"}, starts_at="2027-06-01T10:00")
    yoga, talks = category("Yoga", "yoga"), category("Talks", "talks")
    for ref in (event.pk, "/events/pottery", "/de/events/toepfern", "pottery"):
        got = ok(live_site, secret, "events_get", {"event": ref})
        assert got["event"]["id"] == event.pk, ref
    assert got["preview"]["url"].startswith("http") and "/preview/" in got["preview"]["path"]
    assert "There is no event" in refusal(live_site, secret, "events_get", {"event": "/events/nothing"})

    created = event_of(
        ok(
            live_site,
            secret,
            "events_create",
            {"title": "Breathing", "starts_at": "2027-06-02T10:00", "categories": [talks.pk, "yoga"]},
        )
    )
    assert created["values"]["categories"] == [talks.pk, yoga.pk]
    ok(live_site, secret, "events_publish", {"event": created["id"]})
    for ref in (yoga.pk, "yoga"):
        rows = ok(live_site, secret, "events_list", {"category": ref})["rows"]
        assert [row["title_text"] for row in rows] == ["Breathing"], ref
    assert "category" in refusal(live_site, secret, "events_list", {"category": "nothing"}).lower()


@needs("services")
def test_a_service_by_id_and_by_address(live_site, secret):
    from tests.services.conftest import make_service

    garden = make_service("Garden design", "garden-design")
    trees = make_service("Tree care", "tree-care")
    created = event_of(
        ok(
            live_site,
            secret,
            "events_create",
            {"title": "Pruning", "services": [trees.pk, "/services/garden-design"]},
        )
    )
    assert created["values"]["services"] == [trees.pk, garden.pk]
    for ref in (garden.pk, "/services/garden-design"):
        rows = ok(live_site, secret, "events_list", {"service": ref, "when": "all"})["rows"]
        assert [row["id"] for row in rows] == [created["id"]], ref


def test_plain_strings_are_the_default_language_in_highlight_cards_too(live_site, secret):
    created = event_of(
        ok(
            live_site,
            secret,
            "events_create",
            {"title": "Yoga", "highlights": [{"heading": "Breathe", "line": "Slowly, together."}]},
        )
    )
    event = Event.objects.get(pk=created["id"])
    assert event.title == {"en": "Yoga"}
    assert [(card["heading"], card["line"]) for card in event.highlights] == [
        ({"en": "Breathe"}, {"en": "Slowly, together."})
    ]


# --- Dates and the zone -------------------------------------------------------------------------


def test_a_time_without_an_offset_is_read_in_the_zone_the_descriptions_name(
    live_site, secret, berlin, settings
):
    created = event_of(
        ok(live_site, secret, "events_create", {"title": "Yoga", "starts_at": "2027-05-03T10:00"})
    )
    assert created["values"]["starts_at"] == "2027-05-03T10:00:00+02:00"
    described = tool_descriptions(live_site, secret)
    for name in ("events_create", "events_update", "events_duplicate"):
        assert "Europe/Berlin" in described[name], name

    settings.TIME_ZONE = "America/New_York"
    described = tool_descriptions(live_site, secret)
    for name in ("events_create", "events_update"):
        assert "America/New_York" in described[name] and "Europe/Berlin" not in described[name], name
    moved = event_of(ok(live_site, secret, "events_get", {"event": created["id"]}))
    assert moved["values"]["starts_at"] == "2027-05-03T04:00:00-04:00"


def test_an_event_of_days_given_as_dates_has_a_calendar_file_ending_the_day_after(live_site, secret, berlin):
    created = event_of(
        ok(
            live_site,
            secret,
            "events_create",
            {
                "title": "Garden days",
                "slug": "garden-days",
                "starts_at": "2027-05-03",
                "ends_at": "2027-05-05",
            },
        )
    )
    values = created["values"]
    assert (values["all_day"], values["starts_at"], values["ends_at"]) == (True, "2027-05-03", "2027-05-05")
    ok(live_site, secret, "events_publish", {"event": "garden-days"})
    listed = ok(live_site, secret, "events_list", {"when": "all"})["rows"][0]
    assert listed["when"] == "3–5 May 2027"
    calendar = Client().get("/events/garden-days.ics").content.decode()
    assert "DTSTART;VALUE=DATE:20270503" in calendar
    assert "DTEND;VALUE=DATE:20270506" in calendar


def test_a_duplicate_with_a_new_date_is_the_next_address_at_that_date(live_site, secret, berlin, make_event):
    first = make_event(
        "Pottery",
        slug={"en": "pottery", "de": "toepfern"},
        starts_at="2027-06-01T10:00",
        ends_at="2027-06-01T12:00",
    )
    copy = event_of(
        ok(
            live_site,
            secret,
            "events_duplicate",
            {
                "event": "/events/pottery",
                "values": {"starts_at": "2027-06-08T10:00", "ends_at": "2027-06-08T12:00"},
            },
        )
    )
    assert copy["state"] == "draft" and copy["id"] != first.pk
    assert copy["values"]["slug"] == {"en": "pottery-2", "de": "toepfern-2"}
    assert copy["values"]["title"] == {"en": "Pottery"}
    assert (copy["values"]["starts_at"], copy["values"]["ends_at"]) == (
        "2027-06-08T10:00:00+02:00",
        "2027-06-08T12:00:00+02:00",
    )
    first.refresh_from_db()
    assert first.starts_at == datetime(2027, 6, 1, 10, tzinfo=ZoneInfo("Europe/Berlin"))


# --- Lists --------------------------------------------------------------------------------------


def test_the_list_tabs_states_words_pages_and_the_language_of_when(live_site, secret, three):
    def titles(**given: Any) -> list[str]:
        return [row["title_text"] for row in ok(live_site, secret, "events_list", given)["rows"]]

    assert titles() == ["Undated", "Soon"]
    assert titles(when="past") == ["Over"]
    assert titles(when="all") == ["Undated", "Soon", "Over"]
    assert titles(status="published", search="soo") == ["Soon"]
    assert titles(category="talks") == ["Soon"]
    answer = ok(live_site, secret, "events_list", {"when": "all", "per_page": 2, "page": 2})
    assert (answer["total"], answer["last_page"], answer["current_page"]) == (3, 2, 2)
    assert [row["when"] for row in ok(live_site, secret, "events_list", {"when": "past"})["rows"]] == [
        "1 March 2027, 10:00"
    ]
    assert [
        row["when"]
        for row in ok(live_site, secret, "events_list", {"when": "past", "language": "de"})["rows"]
    ] == ["1. März 2027, 10:00"]
    assert "language" in refusal(live_site, secret, "events_list", {"language": "xx"})
    assert "when" in refusal(live_site, secret, "events_list", {"when": "soon"})
    ok(live_site, secret, "events_delete", {"event": "soon"})
    assert titles(trashed=True) == ["Soon"]


# --- Categories ---------------------------------------------------------------------------------


def test_a_category_with_events_is_not_binned_until_it_is_empty(live_site, secret, make_event):
    yoga = category("Yoga", "yoga")
    event = make_event("Breathing", publish=False, categories=[yoga.pk])
    result = call(live_site, secret, "event_categories_delete", {"category": "yoga"})
    assert result.is_error and result.structured_content["in_use"] == 1
    assert "1" in text_of(result)
    ok(live_site, secret, "events_update", {"event": event.pk, "revision": event.revision, "categories": []})
    assert ok(live_site, secret, "event_categories_delete", {"category": "yoga"})["binned"]["id"] == yoga.pk
    assert not Category.objects.filter(pk=yoga.pk).exists()


def test_a_category_and_an_event_refuse_each_others_slug(live_site, secret, make_event):
    make_event("Pottery", slug={"en": "pottery"})
    category("Yoga", "yoga")
    result = call(live_site, secret, "event_categories_create", {"name": "Pottery", "slug": "pottery"})
    assert result.is_error and "slug" in result.structured_content["errors"]
    result = call(live_site, secret, "events_create", {"title": "Yoga", "slug": "yoga"})
    assert result.is_error and "slug" in result.structured_content["errors"]


def test_reordering_the_categories_gives_the_order_of_the_sites_index(live_site, secret, three):
    crafts = category("Crafts", "crafts")
    ok(
        live_site,
        secret,
        "events_update",
        {"event": "soon", "revision": three["soon"].revision, "categories": [crafts.pk, "talks", "yoga"]},
    )
    ok(live_site, secret, "events_publish", {"event": "soon"})
    wanted = [crafts.pk, three["yoga"].pk, three["talks"].pk]
    answer = ok(live_site, secret, "event_categories_reorder", {"ids": wanted})
    assert [row["id"] for row in answer["categories"]] == wanted
    index = Client().get("/events").content.decode()
    links = [index.index(f'href="/events/{slug}"') for slug in ("crafts", "yoga", "talks")]
    assert links == sorted(links)
    listed = ok(live_site, secret, "event_categories_list")["categories"]
    assert [row["id"] for row in listed] == wanted


# --- The catalog --------------------------------------------------------------------------------

# The demo's seeding moment (tests/events/test_demo.py's): a Tuesday evening in Berlin.
SEEDED = datetime(2027, 3, 9, 23, 0, tzinfo=ZoneInfo("Europe/Berlin"))


def entry(
    title: str,
    state: str,
    when: str,
    starts_at,
    ends_at,
    address: str,
    written_in=("en", "de", "ru"),
    all_day=False,
):
    return {
        "id": Event.all_objects.get(title__en=title).pk,
        "title": title,
        "state": state,
        "when": when,
        "starts_at": starts_at,
        "ends_at": ends_at,
        "all_day": all_day,
        "address": address,
        "written_in": list(written_in),
    }


def test_the_catalog_of_the_demo_in_full(live_site, secret, berlin, media, settings):
    """The demo's three categories in order with their events to come (the draft too) and their
    counts of events over, the event of days under both of its categories; then the events in no
    category (one of ours, written in English only, and one over), the zone and the currency.
    A binned event is nowhere."""
    configure_events(settings, currency="EUR")
    with time_machine.travel(SEEDED, tick=False):
        demo.seed()
        courses = Category.objects.get(slug__en="courses")
        create_event(actor=None, values={"title": {"en": "Tool swap"}, "starts_at": "2027-03-20T15:00"})
        past = create_event(actor=None, values={"title": {"en": "Old walk"}, "starts_at": "2027-01-10T10:00"})
        publish_event(past, actor=None)
        binned = create_event(
            actor=None,
            values={"title": {"en": "Binned"}, "starts_at": "2027-03-21T10:00", "categories": [courses.pk]},
        )
        bin_event(binned, actor=None)
        contents = with_session(live_site, secret, lambda s: s.read_resource("events://catalog")).contents
    catalog = json.loads(contents[0].text)

    pruning = entry(
        "Pruning fruit trees",
        "published",
        "16 March 2027, 10:00–13:00",
        "2027-03-16T10:00:00+01:00",
        "2027-03-16T13:00:00+01:00",
        "/events/pruning-fruit-trees",
    )
    days = entry(
        "Three days of garden design",
        "published",
        "30 March – 1 April 2027",
        "2027-03-30",
        "2027-04-01",
        "/events/three-days-of-garden-design",
        all_day=True,
    )
    walk = entry(
        "Winter tree walk",
        "draft",
        "8 May 2027, 11:00–13:00",
        "2027-05-08T11:00:00+02:00",
        "2027-05-08T13:00:00+02:00",
        "/events/winter-tree-walk",
    )
    open_garden = entry(
        "Open garden",
        "published",
        "Every first Saturday, spring to autumn",
        None,
        None,
        "/events/open-garden",
    )
    online = entry(
        "Online: a garden on the balcony",
        "published",
        "19 March 2027, 19:00–20:00",
        "2027-03-19T19:00:00+01:00",
        "2027-03-19T20:00:00+01:00",
        "/events/a-garden-on-the-balcony",
    )
    tool_swap = entry(
        "Tool swap",
        "draft",
        "20 March 2027, 15:00",
        "2027-03-20T15:00:00+01:00",
        None,
        "/events/tool-swap",
        ["en"],
    )

    def shown(slug: str, name: str, events: list, over: int) -> dict[str, Any]:
        return {
            "id": Category.objects.get(slug__en=slug).pk,
            "name": name,
            "slug": slug,
            "is_shown": True,
            "events": events,
            "over": over,
        }

    assert catalog == {
        "categories": [
            shown("courses", "Courses", [pruning, days, walk], 0),
            shown("talks", "Talks", [open_garden, online], 1),  # the seed swap, a month ago
            shown("retreats", "Retreats", [days], 0),
        ],
        "uncategorized": {"events": [tool_swap], "over": 1},  # the old walk
        "time_zone": "Europe/Berlin",
        "currency": "EUR",
        "language": "en",
    }


# --- Permissions and optional modules -----------------------------------------------------------


def test_a_tool_needs_the_accounts_permission_beside_the_tokens_scope(live_site, make_user, make_event):
    event = make_event("Pottery", slug={"en": "pottery"})
    scopes = ["events:read", "events:write"]
    nothing = ApiToken.issue(make_user(), "nothing", scopes)[1]
    viewer = ApiToken.issue(make_user("events.view"), "viewer", scopes)[1]
    before = state()
    assert "permission events.view" in refusal(live_site, nothing, "events_list")
    assert "permission events.view" in refusal(live_site, nothing, "events_get", {"event": event.pk})
    assert ok(live_site, viewer, "events_get", {"event": event.pk})["event"]["id"] == event.pk
    for name, given in (
        ("events_create", {"title": "Yoga"}),
        ("events_publish", {"event": event.pk}),
        ("events_delete", {"event": event.pk}),
    ):
        assert "permission events.manage" in refusal(live_site, viewer, name, given), name
    for name, given in (("event_categories_list", {}), ("event_categories_create", {"name": "Yoga"})):
        assert "permission events.categories.manage" in refusal(live_site, viewer, name, given), name
    assert state() == before


@pytest.mark.skipif(installed("services"), reason="the services module is installed")
def test_without_the_services_module_no_tool_takes_services(live_site, secret):
    tools = {tool.name: tool for tool in with_session(live_site, secret, lambda s: s.list_tools()).tools}
    assert "service" not in tools["events_list"].input_schema["properties"]
    for name in ("events_create", "events_update"):
        assert "services" not in tools[name].input_schema["properties"], name
        assert "services" not in (tools[name].description or ""), name
    created = event_of(ok(live_site, secret, "events_create", {"title": "Yoga"}))
    assert "services" not in created["values"]
