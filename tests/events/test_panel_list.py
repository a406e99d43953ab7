"""The Events section's list at /cms/events/ as the server renders it: the tabs and their rows in
order (drafts included), the events that are over dimmed and said in All, the filters, pages that
keep the tab and the filters, who may open it and what each may do, the menu's sections, and a
number of queries that does not grow with the events."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from frontdesk.events.models import Event
from frontdesk.events.operations import bin_event, update_event
from frontdesk.publishing.models import RelationLink
from tests.events.conftest import NOW
from tests.optional import installed, needs

pytestmark = pytest.mark.django_db

LIST = "/cms/events/"


def titles(page: str) -> list[str]:
    """The rows' titles, in order."""
    return re.findall(r'<tr data-id="\d+" data-title="([^"]*)"', page)


def row_of(page: str, title: str) -> str:
    """One row's HTML."""
    found = re.search(rf'<tr data-id="\d+" data-title="{re.escape(title)}".*?</tr>', page, re.S)
    assert found, f"no row {title!r}"
    return found.group(0)


@pytest.fixture
def shown(three, make_event, make_user) -> dict[str, Any]:
    """`three` and a draft to come after Soon, one binned past event, and a client signed in
    with events.view and events.manage (signed in after the clock stopped)."""
    draft = make_event("Draft later", starts_at="2027-04-01T18:00", ends_at="2027-04-01T20:00", publish=False)
    gone = make_event("Gone", starts_at="2027-02-01T10:00")
    bin_event(gone, actor=None)
    client = Client()
    client.force_login(make_user("events.view", "events.manage"))
    return {**three, "draft": draft, "gone": gone, "client": client}


def get(client: Client, query: str = "") -> str:
    response = client.get(LIST + query)
    assert response.status_code == 200
    return response.content.decode()


def test_upcoming_is_the_default_tab_and_lists_drafts_in_the_sites_order(shown):
    page = get(shown["client"])
    assert titles(page) == ["Undated", "Soon", "Draft later"]
    assert 'aria-current="page">Upcoming</a>' in page
    draft = row_of(page, "Draft later")
    assert "Draft" in draft and "/events/draft-later" in draft


def test_past_lists_the_events_that_are_over_latest_first(shown, make_event):
    make_event("Longer ago", starts_at="2027-01-10T10:00")
    page = get(shown["client"], "?tab=past")
    assert titles(page) == ["Over", "Longer ago"]
    assert 'aria-current="page">Past</a>' in page


def test_all_dims_the_events_that_are_over_and_says_so_in_words(shown):
    page = get(shown["client"], "?tab=all")
    assert titles(page) == ["Undated", "Draft later", "Soon", "Over"]
    over = row_of(page, "Over")
    assert 'class="events-over"' in over and ">Over</span>" in over
    for title in ("Undated", "Draft later", "Soon"):
        row = row_of(page, title)
        assert "events-over" not in row and ">Over</span>" not in row


def test_the_bin_lists_the_binned_events_latest_binned_first_with_restore(shown):
    with time_machine.travel(NOW + timedelta(minutes=5), tick=False):
        bin_event(shown["soon"], actor=None)  # binned after Gone
    page = get(shown["client"], "?tab=bin")
    assert titles(page) == ["Soon", "Gone"]
    assert "data-bin-table" in page and "data-restore" in page and "frontdesk/js/bin-table.js" in page
    assert "Soon" not in titles(get(shown["client"]))


def test_the_when_is_printed_in_the_panels_language_with_the_exact_moments_in_a_tip(shown, make_user):
    client = Client()
    client.force_login(make_user("events.view", language="de"))
    row = row_of(get(client), "Draft later")
    assert "<summary>1. April 2027, 18:00–20:00" in row
    assert "<dd>1. April 2027, 18:00</dd>" in row and "<dd>1. April 2027, 20:00</dd>" in row
    assert "Europe/Berlin" in row


def test_an_all_day_events_tip_names_its_first_and_last_day(shown, make_event):
    make_event("Retreat", all_day=True, starts_at="2027-05-03", ends_at="2027-05-05")
    row = row_of(get(shown["client"]), "Retreat")
    assert "3–5 May 2027" in row
    assert "First day</dt><dd>3 May 2027</dd>" in row and "Last day</dt><dd>5 May 2027</dd>" in row


def test_the_rows_show_the_category_chips_and_the_state(shown):
    page = get(shown["client"])
    soon = row_of(page, "Soon")
    assert soon.index(">Talks</span>") < soon.index(">Yoga</span>")
    assert "Published" in soon


def test_the_filters_narrow_the_list_by_category_state_and_words(shown):
    client = shown["client"]
    yoga, talks = shown["yoga"].pk, shown["talks"].pk
    assert titles(get(client, f"?tab=all&category={yoga}")) == ["Soon", "Over"]
    assert titles(get(client, f"?tab=all&category={talks}")) == ["Soon"]
    assert titles(get(client, "?tab=all&state=draft")) == ["Draft later"]
    assert titles(get(client, "?tab=all&q=undat")) == ["Undated"]
    assert titles(get(client, "?q=draft-later")) == ["Draft later"]  # the address
    page = get(client, f"?tab=all&category={yoga}&state=published&q=soo")
    assert titles(page) == ["Soon"]
    assert f'<option value="{yoga}" selected>' in page and '<option value="published" selected>' in page
    assert 'value="soo"' in page


def test_words_find_the_lead_in_any_language(shown, make_event):
    make_event("Clay", lead={"en": "Hands on", "de": "Drehscheibe für alle"}, starts_at="2027-04-02T10:00")
    assert titles(get(shown["client"], "?q=DREHSCHEIBE")) == ["Clay"]


def test_words_with_letters_beyond_ascii_are_found_on_every_database(shown, make_event):
    # SQLite and MariaDB keep "Töpfern" as "T\u00f6pfern" in the JSON: the search reads the text.
    pottery = make_event("Pottery", starts_at="2027-04-02T10:00", publish=False)
    update_event(pottery, actor=None, values={"title": {"de": "Töpfern für alle"}}, revision=pottery.revision)
    assert titles(get(shown["client"], "?q=töpfern")) == ["Pottery"]
    assert titles(get(shown["client"], "?q=für alle")) == ["Pottery"]
    assert titles(get(shown["client"], "?q=en")) == []  # a language's code is no word of a title


def test_a_filter_value_the_list_does_not_know_is_no_filter(shown):
    page = get(shown["client"], "?tab=nowhere&category=abc&state=lost&service=99999999999999999999&page=x")
    assert titles(page) == ["Undated", "Soon", "Draft later"]


@needs("services")
def test_the_service_filter_lists_the_services_to_who_may_read_them_and_narrows(shown, make_user):
    from frontdesk.services.operations import create_service

    service = create_service(actor=None, values={"title": {"en": "Pottery"}, "slug": {"en": "pottery"}})
    event = shown["draft"]
    update_event(event, actor=None, values={"services": [service.pk]}, revision=event.revision)
    client = Client()
    client.force_login(make_user("events.view", "services.view"))
    page = get(client, f"?service={service.pk}")
    assert titles(page) == ["Draft later"]
    assert f'<option value="{service.pk}" selected>Pottery</option>' in page
    # Without services.view the services' names are not shown, nor is the filter.
    page = get(shown["client"])
    assert 'id="events-service"' not in page and "Pottery" not in page


@pytest.mark.skipif(installed("services"), reason="the services module is installed")
def test_without_the_services_module_there_is_no_service_filter(shown, make_user):
    client = Client()
    client.force_login(make_user("events.view"))
    page = get(client, "?service=1")
    assert 'id="events-service"' not in page
    assert titles(page) == ["Undated", "Soon", "Draft later"]


def test_the_tabs_carry_the_filters_and_the_pages_carry_tab_and_filters(shown, make_event):
    for number in range(30):
        make_event(f"Talk {number:02}", starts_at=f"2027-05-{number % 28 + 1:02}T10:00", publish=False)
    client = shown["client"]
    first = get(client, "?tab=all&q=talk&state=draft")
    assert len(titles(first)) == 25 and "Page 1 of 2" in first
    assert 'href="?tab=all&amp;state=draft&amp;q=talk&amp;page=2"' in first
    assert 'href="?tab=past&amp;state=draft&amp;q=talk">Past</a>' in first
    second = get(client, "?tab=all&state=draft&q=talk&page=2")
    assert len(titles(second)) == 5 and "Page 2 of 2" in second
    assert 'rel="prev" href="?tab=all&amp;state=draft&amp;q=talk"' in second
    assert set(titles(first)).isdisjoint(titles(second))


def test_without_events_view_the_list_is_refused(shown, make_user):
    client = Client()
    client.force_login(make_user("events.categories.manage"))
    assert client.get(LIST).status_code == 403
    anonymous = Client().get(LIST)
    assert anonymous.status_code == 302 and "/cms/login/" in anonymous["Location"]


def test_a_reader_may_open_rows_but_not_create_duplicate_or_bin(shown, make_user):
    client = Client()
    client.force_login(make_user("events.view"))
    page = get(client)
    assert "events-create" not in page and "New event" not in page
    soon = row_of(page, "Soon")
    assert "Open</a>" in soon
    assert 'data-action="duplicate"' not in soon and 'data-action="bin"' not in soon
    assert 'data-action="unpublish"' not in soon
    bin_page = get(client, "?tab=bin")
    assert "Gone" in bin_page and "Restore</button>" not in bin_page


def test_a_manager_gets_new_event_and_each_rows_menu(shown):
    page = get(shown["client"])
    assert 'id="events-create"' in page and 'data-api="/api/cms/events"' in page
    soon, draft = row_of(page, "Soon"), row_of(page, "Draft later")
    for action in ("duplicate", "unpublish", "bin"):
        assert f'data-action="{action}"' in soon
    # Unpublish is offered only for an event on the site.
    assert 'data-action="duplicate"' in draft and 'data-action="unpublish"' not in draft
    assert "Actions for Soon" in soon


def test_the_menu_shows_only_the_events_sections_the_account_may_open(shown, make_user):
    def menu(*permissions: str) -> str:
        client = Client()
        client.force_login(make_user(*permissions))
        page = client.get("/cms/profile/").content.decode()
        return page[page.index("<nav") : page.index("</nav>")]

    reader = menu("events.view")
    assert 'href="/cms/events/"' in reader and 'href="/cms/events/categories/"' not in reader
    assert ">Events<" in reader
    categories = menu("events.categories.manage")
    assert 'href="/cms/events/categories/"' in categories and 'href="/cms/events/"' not in categories
    both = menu("events.view", "events.categories.manage")
    assert both.index('href="/cms/events/"') < both.index('href="/cms/events/categories/"')
    nobody = menu()
    assert "/cms/events/" not in nobody


# --- The number of queries -------------------------------------------------------------------


def many_events(count: int, category_id: int) -> None:
    """`count` events straight into the table, each in `category_id` through the relation's table,
    some over, some in the bin: rows as the operations leave them, only faster."""
    base = timezone.now()
    events = Event.objects.bulk_create(
        Event(
            title={"en": f"Bulk {number}"},
            slug={"en": f"bulk-{number}"},
            state="published" if number % 2 else "draft",
            starts_at=base + timedelta(days=number % 40 - 20),
            ends_at=base + timedelta(days=number % 40 - 20, hours=2),
            deleted_at=base - timedelta(minutes=number) if number % 7 == 0 else None,
        )
        for number in range(count)
    )
    holder = ContentType.objects.get_for_model(Event)
    RelationLink.objects.bulk_create(
        RelationLink(
            holder_type=holder,
            holder_id=event.pk,
            field="categories",
            target="events.category",
            target_id=category_id,
            position=0,
        )
        for event in events
    )


@pytest.mark.parametrize(
    "query", ["", "?tab=past", "?tab=all", "?tab=bin", "?tab=all&q=bulk&state=published"]
)
def test_each_tab_runs_as_many_queries_for_10_events_as_for_1000(query, three, make_user):
    client = Client()
    client.force_login(make_user("events.view", "events.manage"))
    counts = []
    for count in (10, 990):  # 10, then 1000 in all
        many_events(count, three["yoga"].pk)
        client.get(LIST + query)  # the session, the permissions and the sections read once
        with CaptureQueriesContext(connection) as queries:
            assert client.get(LIST + query).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
    assert Event.all_objects.count() == 1000 + 3
