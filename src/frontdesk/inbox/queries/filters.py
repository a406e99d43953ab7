"""What narrows a form's submission list, judged once for every door: SubmissionFilter,
parse_filter (strings in, refusals keyed by the filter's name) and the queryset it keeps."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Final, Literal

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core.limits import MAX_ID
from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.queries.search import form_rows

MAX_SEARCH_LENGTH = 200
ALL, UNREAD = "all", "unread"
FILTER_KEYS = ("tab", "q", "status", "assignee", "since", "until")
NO_ASSIGNEE: Final = "none"
DIGITS = re.compile(r"[0-9]+")
ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# The days a date filter may name. A day's bounds are midnights in the site's time zone turned
# into UTC, so years 1 and 9999 overflow Python's datetime, and MariaDB's DATETIME starts at
# 1000-01-01; these leave room on both sides for any time zone and any database.
FIRST_DAY, LAST_DAY = date(1900, 1, 1), date(2999, 12, 31)


@dataclass(frozen=True)
class SubmissionFilter:
    """What narrows a form's submission list. The same keys travel in the panel's address, the
    API's query string and the MCP tools' parameters (docs/inbox.md, "List filters").

    tab: "all" (spam left out), "unread" (spam left out) or a status id.
    status: a status id, combined with the tab.
    assignee: an account id, or "none" for the unassigned.
    since, until: dates received, both inclusive, in the site's time zone.
    q: words that must each begin a word of the answers (queries/search.py).
    """

    tab: str = ALL
    q: str = ""
    status: int | None = None
    assignee: int | Literal["none"] | None = None
    since: date | None = None
    until: date | None = None

    @property
    def narrows(self) -> bool:
        """True when the list cannot be counted from the kept tallies."""
        return bool(self.q or self.status or self.assignee or self.since or self.until)

    def as_params(self) -> dict[str, str]:
        """The non-default values as strings, for addresses and links."""
        params = {
            "tab": self.tab if self.tab != ALL else "",
            "q": self.q,
            "status": str(self.status or ""),
            "assignee": str(self.assignee or ""),
            "since": self.since.isoformat() if self.since else "",
            "until": self.until.isoformat() if self.until else "",
        }
        return {key: value for key, value in params.items() if value}


def _whole(value: object, key: str) -> int:
    """An id given as ASCII digits; anything a database column could not hold is refused here."""
    text = str(value).strip()
    if not DIGITS.fullmatch(text) or int(text[:20]) < 1:
        raise ValidationError({key: [_("Give a whole number above zero.")]})
    if len(text) > 19 or int(text) > MAX_ID:
        raise ValidationError({key: [_("There is no such number here.")]})
    return int(text)


def _day(value: object, key: str) -> date:
    """A day of the list's range; the one place that bounds it, so every door refuses alike."""
    if isinstance(value, datetime):
        value = value.date()
    if not isinstance(value, date):
        text = str(value).strip()
        try:
            # fromisoformat alone also reads 20260101 and 2026-W01-1, which the message does not offer.
            if not ISO_DAY.fullmatch(text):
                raise ValueError(text)
            value = date.fromisoformat(text)
        except ValueError:
            raise ValidationError({key: [_("Enter a date as YYYY-MM-DD.")]}) from None
    if not FIRST_DAY <= value <= LAST_DAY:
        raise ValidationError(
            {
                key: [
                    _("Enter a date from %(first)s to %(last)s.")
                    % {"first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat()}
                ]
            }
        )
    return value


def parse_filter(params: Mapping[str, object]) -> SubmissionFilter:
    """A SubmissionFilter from strings (address, query string, tool parameters); empty = unset."""
    values = {key: params.get(key) for key in FILTER_KEYS if params.get(key) not in (None, "")}
    tab = str(values.get("tab", ALL)).strip().lower()
    if tab not in (ALL, UNREAD):
        tab = str(_whole(tab, "tab"))
    given = values.get("assignee")
    assignee: int | Literal["none"] | None = None
    if given is not None:
        assignee = NO_ASSIGNEE if str(given).strip().lower() == NO_ASSIGNEE else _whole(given, "assignee")
    query = " ".join(str(values.get("q", "")).split())
    if "\x00" in query:  # no database stores one; PostgreSQL refuses even to compare with it
        raise ValidationError({"q": [_("Remove the NUL character from this text.")]})
    if len(query) > MAX_SEARCH_LENGTH:
        raise ValidationError(
            {"q": [_("Search with at most %(count)d characters.") % {"count": MAX_SEARCH_LENGTH}]}
        )
    flt = SubmissionFilter(
        tab=tab,
        q=query,
        status=_whole(values["status"], "status") if "status" in values else None,
        assignee=assignee,
        since=_day(values["since"], "since") if "since" in values else None,
        until=_day(values["until"], "until") if "until" in values else None,
    )
    if flt.since and flt.until and flt.since > flt.until:
        raise ValidationError({"until": [_("The end date is before the start date.")]})
    return flt


def _spam_ids() -> list[int]:
    return list(Status.objects.filter(is_spam=True).values_list("pk", flat=True))


def _midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def filtered(
    form: Form, flt: SubmissionFilter, *, spam_ids: list[int] | None = None, counting: bool = False
) -> QuerySet:
    """The form's submissions the filter keeps, newest first (not yet evaluated).

    `counting`: the rows will only be counted (queries/search.py reads a search's matches by id then).
    """
    rows = form_rows(form, flt.q, counting=counting) if flt.q else Submission.objects.filter(form=form)
    if flt.tab in (ALL, UNREAD):
        spam = _spam_ids() if spam_ids is None else spam_ids
        if spam:
            rows = rows.exclude(status_id__in=spam)
        if flt.tab == UNREAD:
            rows = rows.filter(is_unread=True)
    else:
        rows = rows.filter(status_id=int(flt.tab))
    if flt.status:
        rows = rows.filter(status_id=flt.status)
    if flt.assignee == NO_ASSIGNEE:
        rows = rows.filter(assignee__isnull=True)
    elif flt.assignee:
        rows = rows.filter(assignee_id=flt.assignee)
    if flt.since:
        rows = rows.filter(created_at__gte=_midnight(flt.since))
    if flt.until:
        rows = rows.filter(created_at__lt=_midnight(flt.until + timedelta(days=1)))
    return rows.order_by("-created_at", "-id")
