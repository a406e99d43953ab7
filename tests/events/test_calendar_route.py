"""The calendar file's address, /<prefix>/<slug>.ics (events/calendar.calendar_download, route
name events:ics): the published, dated event outside the bin in the language asked, as a file a
calendar reads back; 404 for anything else (docs/events.md, "Calendar file")."""

from __future__ import annotations

from datetime import date, datetime
from urllib.parse import quote

import pytest
import time_machine
from django.test import Client
from django.urls import reverse
from django.utils import translation
from icalendar import Calendar

from frontdesk.events.models import LEAD_MAX_LENGTH, Event
from frontdesk.events.operations import bin_event, publish_event, unpublish_event, update_event

pytestmark = pytest.mark.django_db


def download(client: Client, address: str):
    response = client.get(address)
    assert response.status_code == 200, address
    return response


def vevent(data: bytes):
    (event,) = Calendar.from_ical(data).walk("VEVENT")
    return event


def republished(event: Event, **values) -> Event:
    """`values` saved into the event's draft and published."""
    saved = update_event(event, actor=None, values=values, revision=event.revision)
    return publish_event(saved, actor=None)


def test_the_file_of_an_event_with_hours(demo_like, client, settings):
    settings.BASE_URL = "https://www.example.org"
    week = demo_like["week"]
    response = download(client, "/events/pottery.ics")
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert response["X-Robots-Tag"] == "noindex"
    assert response["Content-Disposition"] == 'attachment; filename="pottery.ics"'
    event = vevent(response.content)
    assert str(event["summary"]) == "Pottery workshop"
    assert str(event["description"]) == "Throw your first bowl."
    assert str(event["location"]) == "Clay studio, Harbour street 4, Kiel"
    assert str(event["url"]) == "http://testserver/events/pottery"
    # The site's host, not the one the visitor typed: the same UID from every address.
    assert str(event["uid"]) == f"event-{week.pk}@www.example.org"
    assert b"DTSTART:20270319T090000Z\r\n" in response.content
    assert b"DTEND:20270319T120000Z\r\n" in response.content
    assert b"ORGANIZER" not in response.content and b"ATTENDEE" not in response.content


def test_the_route_is_named_events_ics_in_every_language(demo_like):
    assert reverse("events:ics", kwargs={"slug": "pottery"}) == "/events/pottery.ics"
    with translation.override("de"):
        assert reverse("events:ics", kwargs={"slug": "pottery"}) == "/de/events/pottery.ics"


def test_the_text_is_in_the_language_of_the_address(demo_like, client):
    response = download(client, f"/ru/events/{quote('гончарная')}.ics")
    event = vevent(response.content)
    assert str(event["description"]) == "Ваша первая чаша."
    assert str(event["url"]) == f"http://testserver/ru/events/{quote('гончарная')}"
    assert response["Content-Disposition"] == f"attachment; filename*=utf-8''{quote('гончарная')}.ics"
    # German has no slug of its own: its address, and so its file, is the fallback's.
    assert str(vevent(download(client, "/de/events/pottery.ics").content)["url"]) == (
        "http://testserver/de/events/pottery"
    )
    # The English slug is no address in Russian, nor the Russian one in English.
    assert client.get("/ru/events/pottery.ics").status_code == 404
    assert client.get(f"/events/{quote('гончарная')}.ics").status_code == 404


def test_lines_are_folded_at_75_octets_with_crlf_for_a_cyrillic_title_and_a_long_lead(demo_like, client):
    title = "Гончарная мастерская для начинающих и продолжающих"
    # Nearly the longest lead an event keeps (300 characters: about 550 octets in Cyrillic); the
    # 500-character one of the spec's list is test_calendar.py's, on the file itself.
    lead = ("Глина, круг и печь. " * 15).strip()
    assert len(lead) == LEAD_MAX_LENGTH - 1
    republished(demo_like["week"], title={"ru": title}, lead={"ru": lead})
    data = download(client, f"/ru/events/{quote('гончарная')}.ics").content
    lines = data.split(b"\r\n")
    assert lines[-1] == b"" and all(b"\n" not in line and len(line) <= 75 for line in lines)
    for line in lines:
        line.decode()  # no character split between two lines
    event = vevent(data)
    assert (str(event["summary"]), str(event["description"])) == (title, lead)


def test_a_title_with_the_signs_calendars_escape_round_trips(demo_like, client):
    republished(demo_like["week"], title={"en": "Tea; talk, and \\ more"})
    data = download(client, "/events/pottery.ics").content
    assert b"SUMMARY:Tea\\; talk\\, and \\\\ more\r\n" in data
    assert str(vevent(data)["summary"]) == "Tea; talk, and \\ more"


def test_the_uid_stays_when_the_event_is_rescheduled_and_renamed(demo_like, client):
    before = vevent(download(client, "/events/pottery.ics").content)
    republished(
        demo_like["week"],
        title={"en": "Pottery for beginners"},
        starts_at="2027-03-26T15:00",
        ends_at="2027-03-26T18:00",
    )
    after = vevent(download(client, "/events/pottery.ics").content)
    assert str(after["summary"]) == "Pottery for beginners"
    assert after.decoded("dtstart") != before.decoded("dtstart")
    assert str(after["uid"]) == str(before["uid"])


def test_an_event_of_three_days_runs_from_its_first_day_to_the_day_after_its_last(demo_like, client):
    data = download(client, "/events/retreat.ics").content
    assert b"DTSTART;VALUE=DATE:20270402\r\n" in data and b"DTEND;VALUE=DATE:20270405\r\n" in data
    event = vevent(data)
    assert (event.decoded("dtstart"), event.decoded("dtend")) == (date(2027, 4, 2), date(2027, 4, 5))


def test_an_online_event_names_no_place(demo_like, client):
    data = download(client, "/events/glazes.ics").content
    assert b"LOCATION" not in data and b"DTSTART:20270315T170000Z\r\n" in data


def test_two_downloads_are_byte_identical_even_a_day_apart(demo_like, client):
    first = download(client, "/events/pottery.ics").content
    with time_machine.travel(datetime.fromisoformat("2027-03-13T09:00+01:00"), tick=False):
        assert download(client, "/events/pottery.ics").content == first


def test_a_draft_edit_changes_nothing_in_the_file_until_published(demo_like, client):
    week = demo_like["week"]
    first = download(client, "/events/pottery.ics").content
    with time_machine.travel(datetime.fromisoformat("2027-03-13T09:00+01:00"), tick=False):
        saved = update_event(
            week,
            actor=None,
            values={"title": {"en": "Renamed"}, "starts_at": "2027-03-20T10:00", "ends_at": None},
            revision=week.revision,
        )
        assert download(client, "/events/pottery.ics").content == first
        publish_event(saved, actor=None)
    data = download(client, "/events/pottery.ics").content
    assert str(vevent(data)["summary"]) == "Renamed"
    # DTSTAMP: the moment of the last publish.
    assert b"DTSTAMP:20270313T080000Z\r\n" in data


def test_an_event_that_is_over_and_one_with_a_date_note_keep_their_files(demo_like, client):
    assert str(vevent(download(client, "/events/winter-market.ics").content)["summary"]) == "Winter market"
    republished(demo_like["week"], date_note={"en": "Friday morning, see you"})
    data = download(client, "/events/pottery.ics").content
    assert b"DTSTART:20270319T090000Z\r\n" in data


def test_no_file_for_an_undated_a_draft_an_unpublished_or_a_binned_event(demo_like, make_event, client):
    make_event("Draft", slug={"en": "draft"}, starts_at="2027-03-20T10:00", publish=False)
    unpublish_event(demo_like["past"], actor=None)
    bin_event(demo_like["days"], actor=None)
    for address in (
        "/events/open-studio.ics",
        "/events/draft.ics",
        "/events/winter-market.ics",
        "/events/retreat.ics",
        "/events/nothing.ics",
        "/events/crafts.ics",  # a category's slug
        "/events/pottery.ICS",
        "/events/.ics",
    ):
        assert client.get(address).status_code == 404, address


def test_only_reading_is_answered(demo_like, client):
    assert client.head("/events/pottery.ics").status_code == 200
    assert client.post("/events/pottery.ics").status_code == 405


def test_the_middleware_key_runs_on_the_calendar_file(demo_like, client, settings):
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "events": {"middleware": ["tests.testapp.happenings.StampMiddleware"]},
    }
    assert download(client, "/events/pottery.ics")["X-Test-Module"] == "happenings"
    assert "X-Test-Module" not in client.get("/")


def test_the_stamp_is_the_moment_the_event_was_published(demo_like, client):
    stamp = vevent(download(client, "/events/pottery.ics").content).decoded("dtstamp")
    assert stamp == datetime.fromisoformat("2027-03-12T12:00+01:00")


def test_with_the_index_off_the_calendar_file_still_answers(index_off, demo_like, client):
    assert client.get("/events").status_code == 404
    assert client.get("/events/pottery.ics").status_code == 200
    assert client.get("/de/events/retreat.ics").status_code == 200


def test_after_a_new_slug_the_former_file_address_answers_301_to_the_new_one(demo_like, client):
    republished(demo_like["week"], slug={"en": "pottery-course", "ru": "гончарная"})
    response = client.get("/events/pottery.ics")
    assert (response.status_code, response["Location"]) == (301, "/events/pottery-course.ics")
    assert download(client, "/events/pottery-course.ics")["Content-Disposition"] == (
        'attachment; filename="pottery-course.ics"'
    )
    # Only to a file that answers: a former address of an event now without a date is a 404.
    republished(demo_like["days"], slug={"en": "forest"}, starts_at=None, ends_at=None, all_day=False)
    assert client.get("/events/retreat.ics").status_code == 404


@pytest.mark.parametrize(
    "address",
    [
        "/events/a%00b.ics",
        "/events/a%0Ab.ics",
        "/events/Pottery.ics",
        f"/events/{'x' * 600}.ics",
        "/events/%FF.ics",
    ],
)
def test_an_address_no_event_can_have_is_a_404_on_every_database(demo_like, client, address):
    assert client.get(address).status_code == 404
