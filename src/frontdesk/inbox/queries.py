"""The explorer's reads, shared by every door (panel pages, API, MCP tools, CSV export).

Shaped for a million submissions (docs/performance.md):

- counts come from the kept tallies (one row per form and status), never from COUNT(*) over
  submissions, unless a search, assignee or date filter narrows the list; then the count stops
  at COUNT_CAP and the page says so (`total_is_capped`);
- a page is cut in two steps: the ids from the index that matches the tab (an index-only scan,
  even for a deep page), then the rows, their status, assignee and in_table answers by id;
- previous/next seek from the open submission along the same order, with no OFFSET at all.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.contrib.auth.models import Permission
from django.core.exceptions import ValidationError
from django.db.models import Prefetch, Q, QuerySet, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from frontdesk.core.languages import translate
from frontdesk.inbox.models import Answer, Field, Form, LogLine, Status, Submission

COUNT_CAP = 10_000
DEFAULT_PER_PAGE = 25
MAX_PER_PAGE = 200
MAX_SEARCH_LENGTH = 200
ALL, UNREAD = "all", "unread"
FILTER_KEYS = ("tab", "q", "status", "assignee", "since", "until")
NO_ASSIGNEE = "none"
MAX_ID = 2**63 - 1  # ids are 64-bit (DEFAULT_AUTO_FIELD) on every database
DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class SubmissionFilter:
    """What narrows a form's submission list. The same keys travel in the panel's address, the
    API's query string and the MCP tools' parameters (docs/inbox.md, "List filters").

    tab: "all" (spam left out), "unread" (spam left out) or a status id.
    status: a status id, combined with the tab.
    assignee: an account id, or "none" for the unassigned.
    since, until: dates received, both inclusive, in the site's time zone.
    q: words that must all occur in the answers (case-insensitive).
    """

    tab: str = ALL
    q: str = ""
    status: int | None = None
    assignee: int | str | None = None
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
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value).strip())
    except ValueError:
        raise ValidationError({key: [_("Enter a date as YYYY-MM-DD.")]}) from None


def parse_filter(params: Mapping[str, object]) -> SubmissionFilter:
    """A SubmissionFilter from strings (address, query string, tool parameters); empty = unset."""
    values = {key: params.get(key) for key in FILTER_KEYS if params.get(key) not in (None, "")}
    tab = str(values.get("tab", ALL)).strip().lower()
    if tab not in (ALL, UNREAD):
        tab = str(_whole(tab, "tab"))
    assignee = values.get("assignee")
    if assignee is not None:
        assignee = (
            NO_ASSIGNEE if str(assignee).strip().lower() == NO_ASSIGNEE else _whole(assignee, "assignee")
        )
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


def filtered(form: Form, flt: SubmissionFilter, *, spam_ids: list[int] | None = None) -> QuerySet:
    """The form's submissions the filter keeps, newest first (not yet evaluated)."""
    rows = Submission.objects.filter(form=form)
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
    for word in flt.q.lower().split():
        rows = rows.filter(search_text__contains=word)
    return rows.order_by("-created_at", "-id")


# --- counts -----------------------------------------------------------------------------------


def _sums(prefix: str, condition: Q) -> dict:
    return {
        "total": Coalesce(Sum(f"{prefix}total", filter=condition), Value(0)),
        "unread": Coalesce(Sum(f"{prefix}unread", filter=condition), Value(0)),
    }


def forms_column() -> list[Form]:
    """Every form in dragged order, each with `.total` and `.unread` (spam left out): one query."""
    return list(
        Form.objects.annotate(**_sums("tallies__", Q(tallies__status__is_spam=False))).order_by(
            "position", "id"
        )
    )


def form_counts(form: Form) -> dict[str, int]:
    """{"total": ..., "unread": ...} of one form, spam left out (the forms column's figures)."""
    return form.tallies.filter(status__is_spam=False).aggregate(**_sums("", Q()))


@dataclass(frozen=True)
class Tab:
    key: str  # "all", "unread" or a status id
    label: str
    count: int
    unread: int = 0
    colour: str = ""
    is_spam: bool = False


def tabs(form: Form) -> list[Tab]:
    """All, Unread, then one tab per status in status order, each with its kept count (one query)."""
    statuses = list(
        Status.objects.annotate(**_sums("tallies__", Q(tallies__form=form))).order_by("position", "id")
    )
    kept = [status for status in statuses if not status.is_spam]
    return [
        Tab(ALL, str(gettext_lazy("All")), sum(s.total for s in kept), sum(s.unread for s in kept)),
        Tab(UNREAD, str(gettext_lazy("Unread")), sum(s.unread for s in kept)),
    ] + [
        Tab(str(s.pk), translate(s.label), s.total, s.unread, colour=s.colour, is_spam=s.is_spam)
        for s in statuses
    ]


def count(form: Form, flt: SubmissionFilter, tab_list: list[Tab] | None = None) -> tuple[int, bool]:
    """How many the filter keeps, and whether the figure stopped at COUNT_CAP."""
    if not flt.narrows:
        for tab in tab_list or tabs(form):
            if tab.key == flt.tab:
                return tab.count, False
        return 0, False
    # No ORDER BY inside the capped count: it would sort every match before counting.
    found = filtered(form, flt).order_by().values("pk")[: COUNT_CAP + 1].count()
    return min(found, COUNT_CAP), found > COUNT_CAP


# --- the list ---------------------------------------------------------------------------------


def columns(form: Form) -> list[Field]:
    """The form's live fields that carry the in_table flag, in field order."""
    return list(form.live_fields().filter(in_table=True).order_by("position", "id"))


@dataclass
class SubmissionPage:
    rows: list[Submission]  # each with .cells: {machine name: display value}
    columns: list[Field]
    tabs: list[Tab]
    current_page: int
    per_page: int
    total: int
    last_page: int
    total_is_capped: bool


def submission_page(
    form: Form, flt: SubmissionFilter, *, page: int = 1, per_page: int = DEFAULT_PER_PAGE
) -> SubmissionPage:
    """One page of the list with its columns, tabs and counts, in a fixed number of queries."""
    per_page = max(1, min(int(per_page), MAX_PER_PAGE))
    tab_list = tabs(form)
    total, capped = count(form, flt, tab_list)
    last_page = max(1, math.ceil(total / per_page))
    page = max(1, int(page))
    spam = [int(tab.key) for tab in tab_list if tab.is_spam]
    start = (page - 1) * per_page
    ids = list(filtered(form, flt, spam_ids=spam).values_list("pk", flat=True)[start : start + per_page])
    table = columns(form)
    rows = with_cells(ids, [field.name for field in table])
    return SubmissionPage(rows, table, tab_list, page, per_page, total, last_page, capped)


def with_cells(ids: list[int], names: list[str]) -> list[Submission]:
    """The submissions `ids` in that order, each with status, assignee and `.cells` (2 queries)."""
    chosen = Answer.objects.filter(name__in=names).only("submission_id", "name", "value")
    rows = {
        row.pk: row
        for row in Submission.objects.filter(pk__in=ids)
        .select_related("status", "assignee")
        .prefetch_related(Prefetch("answers", queryset=chosen, to_attr="table_answers"))
    }
    ordered = [rows[pk] for pk in ids if pk in rows]
    for row in ordered:
        row.cells = {name: "" for name in names} | {answer.name: answer.value for answer in row.table_answers}
    return ordered


def neighbours(submission: Submission, flt: SubmissionFilter) -> tuple[int | None, int | None]:
    """(previous, next) ids in the filtered list: previous is newer, next is older."""
    rows = filtered(submission.form, flt)
    moment, pk = submission.created_at, submission.pk
    newer = Q(created_at__gt=moment) | Q(created_at=moment, id__gt=pk)
    older = Q(created_at__lt=moment) | Q(created_at=moment, id__lt=pk)
    previous = rows.filter(newer).order_by("created_at", "id").values_list("pk", flat=True).first()
    following = rows.filter(older).values_list("pk", flat=True).first()
    return previous, following


def submission_detail(pk: object) -> Submission:
    """One submission with everything its screen shows (answers, files, log with actors)."""
    return (
        Submission.objects.select_related("form", "status", "assignee")
        .prefetch_related(
            "answers", "files", Prefetch("log", queryset=LogLine.objects.select_related("actor"))
        )
        .get(pk=pk)
    )


def iterate(form: Form, flt: SubmissionFilter, *, chunk_size: int = 2000) -> Iterator[Submission]:
    """Every submission the filter keeps, newest first, with all answers and status and assignee,
    fetched chunk by chunk by seeking on (created_at, id): memory holds one chunk, never the set."""
    spam = _spam_ids()
    base = filtered(form, flt, spam_ids=spam)
    after: tuple | None = None
    while True:
        rows = (
            base
            if after is None
            else base.filter(Q(created_at__lt=after[0]) | Q(created_at=after[0], id__lt=after[1]))
        )
        chunk = list(
            rows.select_related("status", "assignee").prefetch_related(
                Prefetch(
                    "answers", queryset=Answer.objects.only("submission_id", "name", "value", "position")
                )
            )[:chunk_size]
        )
        yield from chunk
        if len(chunk) < chunk_size:
            return
        after = (chunk[-1].created_at, chunk[-1].pk)


EXPORT_CHUNK = 2000
ExportRow = tuple[int, datetime, int, int | None, str]  # id, created_at, status_id, assignee_id, language
ExportAnswer = tuple[int, int | None, str, str]  # submission_id, field_id, name, value


def export_chunks(
    form: Form, flt: SubmissionFilter, *, chunk_size: int = EXPORT_CHUNK
) -> Iterator[tuple[list[ExportRow], list[ExportAnswer]]]:
    """Every submission the filter keeps, newest first, as plain tuples, one chunk at a time:
    (rows, their answers). Two queries per chunk, seeking on (created_at, id) without OFFSET;
    no model instances, and memory holds one chunk, never the set (the CSV export)."""
    base = filtered(form, flt)
    after: ExportRow | None = None
    while True:
        rows = base
        if after is not None:
            # The outer `lte` is a plain range on the index, so each chunk starts where the last ended.
            moment, pk = after[1], after[0]
            rows = base.filter(Q(created_at__lte=moment) & (Q(created_at__lt=moment) | Q(id__lt=pk)))
        chunk = list(
            rows.values_list("pk", "created_at", "status_id", "assignee_id", "language")[:chunk_size]
        )
        if not chunk:
            return
        yield chunk, _chunk_answers([row[0] for row in chunk])
        if len(chunk) < chunk_size:
            return
        after = chunk[-1]


def _chunk_answers(ids: list[int]) -> list[ExportAnswer]:
    """The answers of the submissions `ids`, unordered. Plain SQL: the ORM's preparation of each
    id of the IN list and of each row cost more than the read itself at export sizes."""
    from django.db import connection

    quote = connection.ops.quote_name
    columns = ", ".join(quote(name) for name in ("submission_id", "field_id", "name", "value"))
    if connection.vendor == "postgresql":
        # One array parameter instead of thousands: psycopg spent a fifth of the export preparing them.
        where, params = f"{quote('submission_id')} = ANY(%s)", [list(ids)]
    else:
        where, params = f"{quote('submission_id')} IN ({', '.join(['%s'] * len(ids))})", list(ids)
    sql = f"SELECT {columns} FROM {quote(Answer._meta.db_table)} WHERE {where}"  # noqa: S608 (names only)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


# --- the submission screen and the assignee control --------------------------------------------


def assignees() -> QuerySet:
    """Active accounts that may open the inbox (inbox.view directly, by a role, or as superuser):
    who a submission may be assigned to. One query."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    grant = Permission.objects.filter(codename="view", content_type__app_label="inbox")
    by_role = User.groups.through.objects.filter(group__permissions__in=grant).values("user")
    may_open = Q(is_superuser=True) | Q(pk__in=grant.values("user")) | Q(pk__in=by_role)
    return User.objects.filter(may_open, is_active=True).order_by("display_name", "email")


@dataclass(frozen=True)
class LogEntry:
    line: LogLine
    text: str  # the action in words, in the active language


def _short(value: object, limit: int = 80) -> str:
    text = " ".join(str(value or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def log_entries(lines: list[LogLine]) -> list[LogEntry]:
    """The log lines of a submission with their action in words (at most two queries, for the
    statuses and accounts the lines name)."""
    from django.contrib.auth import get_user_model

    status_ids, account_ids = set(), set()
    for line in lines:
        if line.action == "submission.status_changed":
            status_ids |= {line.data.get("old"), line.data.get("new")}
        elif line.action == "submission.assigned":
            account_ids |= {line.data.get("old"), line.data.get("new")}
    status_ids.discard(None)
    account_ids.discard(None)
    statuses = {s.pk: str(s) for s in Status.objects.filter(pk__in=status_ids)} if status_ids else {}
    accounts = (
        {a.pk: str(a) for a in get_user_model().objects.filter(pk__in=account_ids)} if account_ids else {}
    )
    return [LogEntry(line, _log_text(line, statuses, accounts)) for line in lines]


def _log_text(line: LogLine, statuses: dict, accounts: dict) -> str:
    data = line.data or {}
    gone = _("(deleted)")
    if line.action == "submission.created":
        return _("Typed in by hand") if data.get("source") == "panel" else _("Received from the website")
    if line.action == "submission.repeated":
        return _("Sent again with the same answers")
    if line.action == "submission.status_changed":
        return _("Status changed from %(old)s to %(new)s") % {
            "old": statuses.get(data.get("old"), gone),
            "new": statuses.get(data.get("new"), gone),
        }
    if line.action == "submission.assigned":
        if data.get("new") is None:
            return _("No longer assigned to %(name)s") % {"name": accounts.get(data.get("old"), gone)}
        return _("Assigned to %(name)s") % {"name": accounts.get(data.get("new"), gone)}
    if line.action == "submission.answer_corrected":
        return _("Answer %(name)s corrected from “%(old)s” to “%(new)s”") % {
            "name": data.get("name", ""),
            "old": _short(data.get("old")),
            "new": _short(data.get("new")),
        }
    if line.action == "submission.marked_read":
        return _("Marked read")
    if line.action == "submission.marked_unread":
        return _("Marked unread")
    return line.action


# --- references by name (the agent tools name statuses and accounts as people do) -------------


def find_status(reference: object, *, key: str = "status") -> Status:
    """A status by id, or by its label in any language, compared case-insensitively.

    A label that several statuses carry is refused (the caller must give the id), so an agent
    never moves a submission to a status it did not mean.
    """
    text = " ".join(str(reference if reference is not None else "").split())
    if text.isascii() and text.isdigit():
        # More digits than any id has would overflow the database's integer: no such status.
        found = Status.objects.filter(pk=int(text)).first() if len(text) <= 18 else None
        matches = [found] if found else []
    else:
        wanted = text.casefold()
        matches = [
            status
            for status in Status.objects.order_by("position", "id")
            if wanted and any(str(label).strip().casefold() == wanted for label in status.label.values())
        ]
    if not matches:
        raise ValidationError({key: [_("There is no such status.")]})
    if len(matches) > 1:
        raise ValidationError(
            {
                key: [
                    _("Several statuses are called %(label)s; give the id of one: %(ids)s.")
                    % {"label": text, "ids": ", ".join(str(status.pk) for status in matches)}
                ]
            }
        )
    return matches[0]


def find_account(reference: object, *, key: str = "assignee") -> int:
    """An account's id from its id or its e-mail address (any case); the caller checks the rest."""
    text = str(reference if reference is not None else "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    from django.contrib.auth import get_user_model

    found = get_user_model().objects.filter(email__iexact=text).values_list("pk", flat=True).first()
    if not text or found is None:
        raise ValidationError({key: [_("There is no such account.")]})
    return found
