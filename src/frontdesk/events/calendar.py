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

`calendar_download` answers it at /<prefix>/<slug>.ics (route name events:ics, registered in
apps.py through routes/public_urls, so the `middleware` key applies): the published event outside
the bin with a date whose address in the language asked is /<prefix>/<slug>; anything else 404.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db.models import Subquery
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.urls import URLPattern, path
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import get_language
from django.views.decorators.http import require_safe
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from frontdesk.core.languages import translate
from frontdesk.events import queries
from frontdesk.events.conf import events_prefix
from frontdesk.events.models import SEGMENT, SLUG_MAX_LENGTH, Event, Format
from frontdesk.publishing.versions import versions_of
from frontdesk.routes.models import Route
from frontdesk.routes.registry import ROUTE_TYPES
from frontdesk.routes.serving import alias_target, public_path

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


# --- The route ---------------------------------------------------------------------------------


def calendar_event(slug: str, language: str) -> Event | None:
    """The event whose address in `language` is /<prefix>/<slug>, when the site shows it and it
    has a date: one query (the address read as a subquery)."""
    stored = ROUTE_TYPES[queries.ROUTE_TYPE].path_for_slug(slug, language)
    owner = Route.objects.filter(type_name=queries.ROUTE_TYPE, language=language, path=stored)
    return (
        queries.published()
        .filter(pk=Subquery(owner.values("object_id")[:1]), starts_at__isnull=False)
        .first()
    )


def moved_calendar_address(slug: str, language: str) -> str | None:
    """The calendar file's address now, when /<prefix>/<slug> is an event's former address (its
    slug changed: the page answers 301 there, and so does its file) and the event has a file;
    None otherwise. Asked only on the way to a 404."""
    target = alias_target(language, ROUTE_TYPES[queries.ROUTE_TYPE].path_for_slug(slug, language))
    prefix = events_prefix()
    if not target or not target.startswith(f"{prefix}/"):
        return None
    current = target.removeprefix(f"{prefix}/")
    if calendar_event(current, language) is None:  # a category's address now, or no file
        return None
    return f"{public_path(language, target)}.ics"


def last_published(event: Event) -> datetime:
    """When the event's values last went onto the site: its newest version (one is kept at each
    publish that changed something). A draft saved since changes nothing here, as it changes
    nothing else in the file. The row's change time for an event published before versions."""
    stamp = versions_of(event).order_by("-number").values_list("created_at", flat=True).first()
    return stamp or event.updated_at


def site_host(request: HttpRequest) -> str:
    """The site's host as FRONTDESK_BASE_URL names it, the same whichever name a visitor used
    (www. or not), so the UID is too; the request's host for a base URL without one."""
    return urlsplit(settings.BASE_URL).hostname or request.get_host()


@require_safe
def calendar_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The calendar file of the event at /<prefix>/<slug>, its text in the address's language."""
    if len(slug) > SLUG_MAX_LENGTH or not SEGMENT.fullmatch(slug):
        # No event has such a slug; asking would send PostgreSQL a NUL byte it refuses (a 500).
        raise Http404(slug[:SLUG_MAX_LENGTH])
    language = get_language()
    event = calendar_event(slug, language)
    if event is None or event.starts_at is None:
        moved = moved_calendar_address(slug, language)
        if moved is None:
            raise Http404(slug)
        return HttpResponsePermanentRedirect(moved)
    page = public_path(language, ROUTE_TYPES[queries.ROUTE_TYPE].path_for_slug(slug, language))
    # An Online event has no place to go to, whatever venue its row still holds (as on its page).
    online = event.format == Format.ONLINE
    entry = CalendarEntry(
        uid=uid_for(event.pk, site_host(request)),
        starts_at=event.starts_at,
        ends_at=event.ends_at,
        all_day=event.all_day,
        title=translate(event.title, language),
        lead=translate(event.lead, language),
        venue="" if online else event.venue,
        address="" if online else event.address,
        url=request.build_absolute_uri(page),
        stamp=last_published(event),
    )
    response = HttpResponse(calendar_file(entry), content_type="text/calendar; charset=utf-8")
    # A file to keep, not a page to list: search engines leave it out.
    response["X-Robots-Tag"] = "noindex"
    response["Content-Disposition"] = content_disposition_header(True, f"{slug}.ics")
    return response


def calendar_pattern() -> URLPattern:
    """/<prefix>/<slug>.ics; `str`, not `slug`, since an address may be written in any script
    (/ru/events/лагерь.ics). A slug holds no "." (models.SEGMENT), so ".ics" ends it."""
    return path(f"{events_prefix()}/<str:slug>.ics", calendar_download, name="ics")
