"""The calendar file's text (events/calendar.py): parsed back by icalendar, folded and escaped
as RFC 5545 says, the same bytes twice, a UID that survives a new date and a new title, and
an event of days as dates with the end the day after."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.test import override_settings
from icalendar import Calendar

from frontdesk.events.calendar import CalendarEntry, calendar_file, uid_for

BERLIN = ZoneInfo("Europe/Berlin")
ENTRY = CalendarEntry(
    uid=uid_for(7, "www.example.org"),
    starts_at=datetime(2027, 3, 12, 10, tzinfo=BERLIN),
    ends_at=datetime(2027, 3, 12, 12, 30, tzinfo=BERLIN),
    all_day=False,
    title="Tea; talk, and \\ more",
    lead="Bring a cup.\nAnd a friend.",
    venue="Community hall",
    address="Main street 1, Berlin",
    url="https://www.example.org/events/tea-talk",
    stamp=datetime(2027, 1, 5, 8, 0, 1, 999, tzinfo=BERLIN),
)


def parsed(data: bytes):
    (event,) = Calendar.from_ical(data).walk("VEVENT")
    return event


def test_a_timed_event_round_trips_with_its_text_escaped():
    data = calendar_file(ENTRY)
    event = parsed(data)
    assert str(event["summary"]) == "Tea; talk, and \\ more"
    assert b"SUMMARY:Tea\\; talk\\, and \\\\ more\r\n" in data
    assert str(event["description"]) == "Bring a cup.\nAnd a friend."
    assert str(event["location"]) == "Community hall, Main street 1, Berlin"
    assert str(event["url"]) == "https://www.example.org/events/tea-talk"
    assert str(event["uid"]) == "event-7@www.example.org"
    assert b"DTSTART:20270312T090000Z\r\n" in data and b"DTEND:20270312T113000Z\r\n" in data
    assert b"DTSTAMP:20270105T070001Z\r\n" in data
    assert b"ORGANIZER" not in data and b"ATTENDEE" not in data


@pytest.mark.parametrize("title", ["Чайная беседа о самом главном " * 6, "Tea " * 60])
def test_every_line_is_at_most_75_octets_ends_in_crlf_and_splits_no_character(title):
    data = calendar_file(replace(ENTRY, title=title, lead="Лекция " * 72))  # a 500-character lead
    assert data.endswith(b"\r\n")
    lines = data.split(b"\r\n")[:-1]
    assert all(len(line) <= 75 for line in lines)
    assert all(b"\n" not in line and b"\r" not in line for line in lines)
    for line in lines:
        line.decode()  # a folded line that split a character would not decode on its own
    assert str(parsed(data)["summary"]) == title


def test_the_uid_stays_when_the_event_is_moved_and_renamed():
    moved = replace(
        ENTRY, title="Another name", starts_at=datetime(2027, 6, 1, 18, tzinfo=BERLIN), ends_at=None
    )
    assert str(parsed(calendar_file(moved))["uid"]) == str(parsed(calendar_file(ENTRY))["uid"])


def test_two_files_of_the_same_event_are_byte_identical():
    assert calendar_file(ENTRY) == calendar_file(replace(ENTRY))


@override_settings(TIME_ZONE="Europe/Berlin")
def test_an_event_of_days_is_dates_with_the_end_the_day_after_its_last_day():
    days = replace(
        ENTRY,
        all_day=True,
        starts_at=datetime(2027, 5, 3, 0, 0, tzinfo=BERLIN),
        ends_at=datetime(2027, 5, 5, 23, 59, 59, tzinfo=BERLIN),
    )
    data = calendar_file(days)
    assert b"DTSTART;VALUE=DATE:20270503\r\n" in data and b"DTEND;VALUE=DATE:20270506\r\n" in data
    event = parsed(data)
    assert event.decoded("dtstart") == date(2027, 5, 3) and event.decoded("dtend") == date(2027, 5, 6)


def test_a_start_only_event_has_no_end_and_an_event_without_a_place_no_location():
    data = calendar_file(replace(ENTRY, ends_at=None, venue="", address=""))
    assert b"DTEND" not in data and b"LOCATION" not in data
