"""An event's calendar file (RFC 5545), built with `icalendar`: one VEVENT, the same bytes for
every download of the same published event (docs/events.md, "Calendar file").

- UID: `event-<id>@<host>`, from the id and the site's host only, so a calendar that imported
  the file updates the same entry when the event is moved or renamed.
- Timed events in UTC (`DTSTART:20270312T090000Z`): no VTIMEZONE to get wrong, and every
  calendar shows the moment in its reader's own zone. An event of days: `VALUE=DATE`, DTEND the
  day after the last day (the end is exclusive in RFC 5545), the days counted in the
  application's zone.
- DTSTAMP: the moment the event was last published, so two downloads are byte-identical.
- No ORGANIZER and no ATTENDEE: with them, calendar apps offer to mail the organiser a reply.
- Folding at 75 octets without splitting a character, CRLF line ends and the escaping of comma,
  semicolon, backslash and line breaks are icalendar's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.utils import timezone
from icalendar import Calendar
from icalendar import Event as CalendarEvent

PRODUCT = "-//frontdesk//events//EN"


@dataclass(frozen=True)
class CalendarEntry:
    """What the file says, in the language of the address asked for."""

    uid: str
    starts_at: datetime
    ends_at: datetime | None
    all_day: bool
    title: str
    lead: str
    venue: str
    address: str
    url: str
    stamp: datetime


def uid_for(event_id: int, host: str) -> str:
    return f"event-{event_id}@{host}"


def _days(entry: CalendarEntry) -> tuple[date, date]:
    """The first day and the day after the last, in the application's zone."""
    first = timezone.localtime(entry.starts_at).date()
    last = timezone.localtime(entry.ends_at).date() if entry.ends_at else first
    return first, max(first, last) + timedelta(days=1)


def calendar_file(entry: CalendarEntry) -> bytes:
    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    vevent = CalendarEvent()
    vevent.add("uid", entry.uid)
    vevent.add("dtstamp", entry.stamp.astimezone(UTC).replace(microsecond=0))
    if entry.all_day:
        first, after_last = _days(entry)
        vevent.add("dtstart", first)
        vevent.add("dtend", after_last)
    else:
        vevent.add("dtstart", entry.starts_at.astimezone(UTC).replace(microsecond=0))
        if entry.ends_at is not None and entry.ends_at > entry.starts_at:
            vevent.add("dtend", entry.ends_at.astimezone(UTC).replace(microsecond=0))
    vevent.add("summary", entry.title)
    if entry.lead:
        vevent.add("description", entry.lead)
    location = ", ".join(part for part in (entry.venue, entry.address) if part)
    if location:
        vevent.add("location", location)
    vevent.add("url", entry.url)
    calendar.add_component(vevent)
    return calendar.to_ical()
