"""An event's date in words: the one helper behind pages, cards, the panel and the agents
(docs/events.md, "Dates in words").

    12 March 2027, 10:00–12:00     one day, with start and end hours
    12 March 2027, 10:00           one day, start only
    12 March 2027                  all day, one day
    12–14 March 2027               several days in one month
    30 March – 2 April 2027        several days across months
    30 December 2026 – 2 January 2027   across years: each side keeps its year

Months are in the page's language in the form a date needs (Django's `E`: the genitive in
Russian, «12 марта 2027»), times are H:i, and every moment is read in the application's zone
(settings.TIME_ZONE). German writes its day with a full stop («12. März 2027», «12.–14. März
2027»). A timed event whose end falls on a later calendar day counts as several days and prints
no hours, as the spec's table does; one that ends at midnight exactly ends on its own day
(«12 March 2027, 20:00–00:00»). The date note, when written, is printed instead of all of this;
it never changes how the event sorts, expires or is exported.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime, timedelta
from typing import Protocol

from django.utils import timezone, translation
from django.utils.dateformat import format as date_format

from frontdesk.core.languages import translate

DASH = "–"  # en dash: between days and between hours, without spaces
SPACED_DASH = f" {DASH} "  # between two dates that each name their month
DAY_PATTERNS = {"de": "j."}  # how a language writes the day of the month before its month
DEFAULT_DAY_PATTERN = "j"


def _day(value: date, language: str) -> str:
    return date_format(value, DAY_PATTERNS.get(language, DEFAULT_DAY_PATTERN))


def _day_month(value: date, language: str) -> str:
    return f"{_day(value, language)} {date_format(value, 'E')}"


def _full(value: date, language: str) -> str:
    return f"{_day_month(value, language)} {value.year}"


def _last_day(starts: datetime, ends: datetime | None) -> date:
    """The calendar day the event ends on; an end at midnight belongs to the day before it."""
    if ends is None or ends <= starts:
        return starts.date()
    if ends.time() == datetime.min.time() and ends.date() > starts.date():
        return (ends - timedelta(microseconds=1)).date()
    return ends.date()


def print_when(
    starts_at: datetime | None,
    ends_at: datetime | None = None,
    *,
    all_day: bool = False,
    date_note: str = "",
    language: str | None = None,
) -> str:
    """The date of an event as people read it, in `language` (default: the active one)."""
    if date_note:
        return date_note
    if starts_at is None:
        return ""
    language = language or translation.get_language() or "en"
    starts = timezone.localtime(starts_at)
    ends = timezone.localtime(ends_at) if ends_at is not None else None
    first, last = starts.date(), _last_day(starts, ends)
    with translation.override(language):
        if first == last:
            day = _full(first, language)
            if all_day:
                return day
            hours = starts.strftime("%H:%M")
            if ends is not None and ends > starts:
                hours += DASH + ends.strftime("%H:%M")
            return f"{day}, {hours}"
        if (first.year, first.month) == (last.year, last.month):
            return f"{_day(first, language)}{DASH}{_full(last, language)}"
        if first.year == last.year:
            return f"{_day_month(first, language)}{SPACED_DASH}{_full(last, language)}"
        return f"{_full(first, language)}{SPACED_DASH}{_full(last, language)}"


class Dated(Protocol):
    starts_at: datetime | None
    ends_at: datetime | None
    all_day: bool
    date_note: Mapping[str, str] | str | None


def when_of(event: Dated, language: str | None = None) -> str:
    """`print_when` of an event (or anything with its four date fields), its date note read in
    `language` as the host reads every translated value (core/languages.translate)."""
    return print_when(
        event.starts_at,
        event.ends_at,
        all_day=event.all_day,
        date_note=translate(event.date_note, language),
        language=language,
    )
