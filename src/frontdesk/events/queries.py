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

from django.db.models import BooleanField, Case, F, Q, QuerySet, Value, When
from django.db.models.functions import Coalesce
from django.db.models.lookups import LessThan
from django.utils import timezone

from frontdesk.events.models import Event
from frontdesk.publishing.models import ON_SITE
from frontdesk.routes.models import Route
from frontdesk.routes.serving import object_at_address

ROUTE_TYPE = "event"
CATEGORY_ROUTE_TYPE = "event-category"
RELATION_TARGET = "event"


def end_moment() -> Coalesce:
    """The moment an event is over after: its end, or its start when it names no end (NULL for
    an event without a date)."""
    return Coalesce(F("ends_at"), F("starts_at"))


def over(now: datetime | None = None) -> Case:
    """True when the event is over at `now` (default: the application's clock), else False; never
    NULL, so "to come" is exactly `over=False`, undated events included."""
    moment = timezone.now() if now is None else now
    return Case(
        When(LessThan(end_moment(), Value(moment)), then=Value(True)),
        default=Value(False),
        output_field=BooleanField(),
    )


def published() -> QuerySet[Event]:
    """The events the site shows: published (with or without pending edits), outside the bin."""
    return Event.objects.filter(state__in=ON_SITE)


def with_over(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """`events` (default: the published ones) each with `is_over`, as the rule says now."""
    return (published() if events is None else events).annotate(is_over=over(now))


def upcoming(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """Events to come: those without a date first, then the nearest start first; ties by id."""
    return (
        with_over(events, now)
        .filter(Q(is_over=False))
        .order_by(F("starts_at").asc(nulls_first=True), F("id").asc())
    )


def past(events: QuerySet[Event] | None = None, now: datetime | None = None) -> QuerySet[Event]:
    """Events that are over: the latest end moment (the start when no end) first; ties by id."""
    return (
        with_over(events, now)
        .filter(Q(is_over=True))
        .order_by(end_moment().desc(nulls_last=True), F("id").asc())
    )


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
