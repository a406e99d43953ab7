"""The event editor as the server prints it (docs/events.md, "The panel: the editor"): the values
of the draft in their boxes, the address's prefix per language, the application's zone named
beside the times (wall times without an offset, an all-day event's plain dates), the four tabs;
who may open it and who may only read it; the Services field only with the services module; a
project field patched into events.form on the Settings tab; the same number of queries however
many events there are."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from frontdesk.categories.operations import create_category
from frontdesk.events.models import Event
from frontdesk.events.operations import update_event
from frontdesk.events.panel.editor import input_value
from tests.optional import installed, needs
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.django_db


def editor_url(event: Event) -> str:
    return reverse("panel:panel-events:editor", args=[event.pk])


def box(html: str, name: str) -> str:
    """The <input> or <textarea> named `name`, as printed."""
    found = re.search(rf'<(input|textarea)[^>]*\bname="{re.escape(name)}"[^>]*>', html)
    assert found, f"no box named {name}"
    return found.group(0)


@pytest.fixture
def retreat(make_event, berlin):
    return make_event(
        "Forest retreat",
        slug={"en": "retreat", "de": "auszeit"},
        lead={"en": "Three days under the trees."},
        starts_at="2027-03-20T10:00",
        ends_at="2027-03-20T16:30",
        venue="Old farm",
        price={"en": "40 euros"},
        price_amount="40",
        booking_url="https://tickets.example.org/retreat",
        highlights=[{"heading": {"en": "Hands on"}, "line": {"en": "Bring boots."}}],
    )


def test_the_editor_shows_the_values_the_prefix_the_zone_and_the_tabs(admin_client, retreat):
    html = admin_client.get(editor_url(retreat)).content.decode()
    assert 'value="Forest retreat"' in box(html, "title.en")
    assert 'value="auszeit"' in box(html, "slug.de")
    assert ">Three days under the trees.</textarea>" in html
    assert 'value="Old farm"' in box(html, "venue") and 'value="40.0"' in box(html, "price_amount")
    # The prefix in front of each language's address.
    assert "data-prefix>/events/</span>" in html and "data-prefix>/de/events/</span>" in html
    # Times: the wall time in the application's zone, without an offset, the zone named.
    starts = box(html, "starts_at")
    assert 'type="datetime-local"' in starts and 'value="2027-03-20T10:00"' in starts
    assert 'value="2027-03-20T16:30"' in box(html, "ends_at")
    assert "Times in Europe/Berlin" in html
    for tab in ("Event", "Settings", "SEO", "History"):
        assert re.search(rf'role="tab"[^>]*>{tab}</button>', html), tab
    # The language switch marks English written and German (only an address) written too.
    assert html.count("events-written is-written") == 2
    assert "Hands on" in html  # the highlight cards, for the script
    for action in ('form="event-form"', 'data-step="publish"', "data-duplicate", "data-delete>"):
        assert re.search(rf"<button[^>]*{action}", html), action


def test_an_all_day_event_shows_its_days_as_dates(admin_client, make_event, berlin):
    days = make_event("Three days", starts_at="2027-05-03", ends_at="2027-05-05")
    html = admin_client.get(editor_url(days)).content.decode()
    starts, ends = box(html, "starts_at"), box(html, "ends_at")
    assert 'type="date"' in starts and 'value="2027-05-03"' in starts
    assert 'type="date"' in ends and 'value="2027-05-05"' in ends
    assert re.search(r'name="all_day"[^>]*checked', html)


def test_the_boxes_take_the_wall_time_as_the_api_gives_it():
    assert input_value("2027-03-12T18:00:00+01:00", False) == "2027-03-12T18:00"
    assert input_value("2027-07-01T18:00:30+02:00", False) == "2027-07-01T18:00:30"
    assert input_value("2027-05-03", True) == "2027-05-03"
    assert input_value(None, False) == ""


def test_without_events_view_the_editor_answers_403(client, make_user, retreat):
    client.force_login(make_user())
    assert client.get(editor_url(retreat)).status_code == 403


def test_with_events_view_only_the_editor_reads_and_offers_no_change(client, make_user, retreat):
    client.force_login(make_user("events.view"))
    response = client.get(editor_url(retreat))
    html = response.content.decode()
    assert response.status_code == 200 and 'value="Forest retreat"' in html
    assert 'form="event-form"' not in html  # no Save
    assert not re.search(r"<button[^>]*(data-step=|data-duplicate|data-delete>)", html)
    assert html.count('class="events-fields" disabled') == 3  # Event, Settings, SEO


def test_a_binned_or_unknown_event_answers_404(admin_client, retreat):
    assert admin_client.get(reverse("panel:panel-events:editor", args=[retreat.pk + 999])).status_code == 404


@needs("services")
def test_the_services_field_lists_the_events_services_in_their_order(admin_client, retreat):
    from tests.services.conftest import make_service

    first, second, _third = (make_service(title) for title in ("Pruning", "Planting", "Mowing"))
    update_event(retreat, actor=None, values={"services": [second.pk, first.pk]}, revision=retreat.revision)
    html = admin_client.get(editor_url(retreat)).content.decode()
    listed = re.search(r"data-services-list.*?</ol>", html, re.S).group(0)
    assert listed.index("Planting") < listed.index("Pruning") and "Mowing" not in listed
    assert re.search(r"data-services-add>.*Mowing", html, re.S)


@needs("services")
def test_the_services_field_needs_services_view(client, make_user, retreat):
    client.force_login(make_user("events.view", "events.manage"))
    html = client.get(editor_url(retreat)).content.decode()
    assert "data-services" not in html and 'name="services"' not in html


@pytest.mark.skipif(installed("services"), reason="the services module is installed")
def test_without_the_services_module_there_is_no_services_field(admin_client, retreat):
    html = admin_client.get(editor_url(retreat)).content.decode()
    assert "data-services" not in html and 'name="services"' not in html


def test_a_project_field_patched_into_events_form_shows_on_settings(admin_client, retreat):
    with project_fields(node("sponsor", "text", max_length=40), screen="events.form"):
        update_event(
            retreat, actor=None, values={"extra": {"sponsor": "Town hall"}}, revision=retreat.revision
        )
        html = admin_client.get(editor_url(retreat)).content.decode()
    settings_tab = html[html.index('id="events-panel-settings"') : html.index('id="events-panel-seo"')]
    assert 'data-project-field="sponsor"' in settings_tab
    assert 'value="Town hall"' in settings_tab


def test_the_editor_runs_as_many_queries_with_10_as_with_1000_events(admin_client, retreat, berlin):
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}, "slug": {"en": "yoga"}})
    update_event(retreat, actor=None, values={"categories": [yoga.pk]}, revision=retreat.revision)

    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert admin_client.get(editor_url(retreat)).status_code == 200
        return len(queries)

    def fill_to(total: int) -> None:
        have = Event.all_objects.count()
        Event.objects.bulk_create(
            Event(title={"en": f"Filler {n}"}, slug={"en": f"filler-{n}"}) for n in range(have, total)
        )

    fill_to(10)
    ten = count()
    fill_to(1000)
    assert count() == ten
