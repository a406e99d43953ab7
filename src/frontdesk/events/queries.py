"""Reading events: what the site shows, and the one rule of "to come" and "over"
(docs/events.md, "To come and over").

`over()` is the one expression every door uses (lists, the event page, cards, the sitemap, later
the panel and the agents): an event is over when its end, or its start when it names no end, is
before the present moment. The present moment is the application's clock
(`django.utils.timezone.now()`, which time-machine moves), sent to the database as a value, so
SQLite, PostgreSQL and MariaDB judge the same moment. An event without a date is never over.
Nothing runs when an event ends: the answer changes with the clock alone.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import BooleanField, Case, F, Min, Q, QuerySet, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core.bin.operations import rows_of
from frontdesk.core.errors import NotFound
from frontdesk.core.fields import words_in
from frontdesk.core.limits import MAX_ID
from frontdesk.core.lists import RowsInTurn
from frontdesk.events.models import Event
from frontdesk.publishing.models import ON_SITE
from frontdesk.publishing.relations import related_to
from frontdesk.routes.models import Route
from frontdesk.routes.serving import object_at_address

ROUTE_TYPE = "event"
CATEGORY_ROUTE_TYPE = "event-category"
RELATION_TARGET = "event"
PREVIEW_TYPE = "event"


def end_moment() -> F:
    """The moment an event is over after: its end, or its start when it names no end (NULL for
    an event without a date). A column the database keeps (`Event.end_moment`), indexed."""
    return F("end_moment")


def is_over(now: datetime | None = None) -> Q:
    """The rule as a condition: the end moment is before `now` (default: the application's
    clock). False, never NULL, for an event without a date; a range of one index, so a list of
    past events reads only those."""
    return Q(end_moment__lt=timezone.now() if now is None else now)


def is_to_come(now: datetime | None = None) -> Q:
    """Exactly the rows `is_over` leaves out: an end moment at `now` or later, or none."""
    return Q(end_moment__gte=timezone.now() if now is None else now) | Q(end_moment__isnull=True)


def over(now: datetime | None = None) -> Case:
    """True when the event is over at `now` (default: the application's clock), else False; never
    NULL, so "to come" is exactly `over=False`, undated events included."""
    return Case(When(is_over(now), then=Value(True)), default=Value(False), output_field=BooleanField())


def published() -> QuerySet[Event]:
    """The events the site shows: published (with or without pending edits), outside the bin."""
    return Event.objects.filter(state__in=ON_SITE)


def with_over(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """`events` (default: the published ones) each with `is_over`, as the rule says now."""
    return (published() if events is None else events).annotate(is_over=over(now))


def upcoming(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """Events to come: those without a date first, then the nearest start first; ties by id.
    One queryset, for the site's short lists (`events()`); a paged list reads the same rows in
    the same order from `upcoming_in_turn`."""
    moment = timezone.now() if now is None else now
    return (
        with_over(events, moment)
        .filter(is_to_come(moment))
        .order_by(F("starts_at").asc(nulls_first=True), F("id").asc())
    )


def upcoming_in_turn(events: QuerySet[Event] | None = None, now: datetime | None = None) -> RowsInTurn[Event]:
    """`upcoming()`'s rows in its order, read in turn: the events without a date (by id), then
    the dated ones to come (the nearest start first). As one query, "no date first" is
    `starts_at ASC NULLS FIRST`, which PostgreSQL's index (NULLS LAST) does not walk: it read and
    sorted every event to come for a page. Each part alone is a walk of `event_starts` in order."""
    moment = timezone.now() if now is None else now
    rows = with_over(events, moment)
    return RowsInTurn(
        rows.filter(starts_at__isnull=True).order_by("id"),
        rows.filter(end_moment__gte=moment).order_by("starts_at", "id"),
    )


def next_end(now: datetime | None = None) -> datetime | None:
    """The first moment after `now` at which a published event stops being to come (its end
    moment); None when none will. Until then every list of events to come stays as it is."""
    moment = timezone.now() if now is None else now
    return published().filter(end_moment__gte=moment).aggregate(first=Min("end_moment"))["first"]


def past(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """Events that are over: the latest end moment (the start when no end) first; ties by id.
    (Every one has an end moment, so NULLs need no place: the order is the index's own.)"""
    moment = timezone.now() if now is None else now
    return with_over(events, moment).filter(is_over(moment)).order_by(end_moment().desc(), F("id").asc())


def every(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """Every event: those without a date first, then the latest start first; ties by id."""
    return with_over(events, now).order_by(F("starts_at").desc(nulls_first=True), F("id").asc())


def event_at(address: str) -> int | None:
    """The id of the event (outside the bin) at a public address ("/de/events/lager", a full
    URL, "events/camp") or with a slug in any language ("camp"); None when none is."""
    return object_at_address(ROUTE_TYPE, address)


def addresses(ids: list[int], language: str) -> dict[int, str]:
    """{event id: stored path} in `language`, one query."""
    rows = Route.objects.filter(
        type_name=ROUTE_TYPE, language=language, object_id__in=ids, path__isnull=False
    )
    return {pk: path for pk, path in rows.values_list("object_id", "path") if path}


# --- The panel and the agents ---------------------------------------------------------------

WHEN = ("upcoming", "past", "all")


def find_event(key: int | str, *, in_bin: bool = False) -> Event:
    """The event a door names: by id (outside the bin, or in it with `in_bin`) or, outside the bin,
    by its address ("/de/events/lager", a full URL, "events/camp") or a slug in any language
    ("camp"); NotFound otherwise."""
    rows = Event.all_objects.in_bin() if in_bin else Event.objects.all()
    pk: int | None
    if isinstance(key, int) and not isinstance(key, bool):
        pk = key
    elif isinstance(key, str) and key.strip().isdigit():
        pk = int(key.strip())
    elif isinstance(key, str) and not in_bin:
        pk = event_at(key)
    else:
        pk = None
    event = rows.filter(pk=pk).first() if pk is not None and 1 <= pk <= MAX_ID else None
    if event is None:
        raise NotFound(_("There is no event %(ref)s.") % {"ref": key})
    return event


def panel_events(
    *,
    when: str = "upcoming",
    categories: list[int] | None = None,
    services: list[int] | None = None,
    status: str | None = None,
    search: str = "",
    trashed: bool = False,
    now: datetime | None = None,
) -> QuerySet[Event] | RowsInTurn[Event]:
    """The panel's and the agents' list, drafts included, each row with `is_over`: `when` is
    upcoming (to come, as the site's lists order them, read in turn by `upcoming_in_turn`), past
    or all (the spec's orders); the Bin (`trashed`) lists the binned events, the latest binned
    first, whatever `when` says. An event is placed, and filtered by category and service, by its
    saved columns: a published event with pending edits by what the site shows until Publish
    (docs/events.md, "The panel's list").
    `categories` and `services` are ids (an event holding any of them); `search` finds words in
    the title, the address and the lead in any language."""
    rows = rows_of(Event, trashed=trashed)
    if categories is not None:
        rows = related_to(rows, "categories", categories)
    if services is not None:
        rows = related_to(rows, "services", services)
    if status:
        rows = rows.filter(state=status)
    words = search.strip()
    if words:
        rows = rows.filter(words_in(("title", "slug", "lead"), words))
    if trashed:
        # Who binned it rides along: the Bin tab prints the name.
        binned = rows.annotate(is_over=over(now)).select_related("deleted_by")
        return binned.order_by(F("deleted_at").desc(), F("id").desc())
    if when == "upcoming":
        return upcoming_in_turn(rows, now)
    return past(rows, now) if when == "past" else every(rows, now)
