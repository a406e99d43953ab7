"""The explorer's list: kept counts, tabs, a page with its columns, previous/next, one submission."""

from __future__ import annotations

import math
from dataclasses import dataclass

from django.db.models import Prefetch, Q, Sum, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext_lazy

from frontdesk.core.languages import translate
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_PER_PAGE
from frontdesk.core.models import LogEntry
from frontdesk.inbox.models import Answer, Field, Form, Status, Submission
from frontdesk.inbox.queries.filters import ALL, UNREAD, SubmissionFilter, filtered

COUNT_CAP = 10_000

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
    # The tabs, when given, already say which statuses are spam: one query fewer.
    spam = None if tab_list is None else [int(tab.key) for tab in tab_list if tab.is_spam]
    # No ORDER BY inside the capped count: it would sort every match before counting.
    found = filtered(form, flt, counting=True, spam_ids=spam).order_by().values("pk")[: COUNT_CAP + 1].count()
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
    rows = {row.pk: row for row in Submission.objects.filter(pk__in=ids).select_related("status", "assignee")}
    cells = {pk: dict.fromkeys(names, "") for pk in rows}
    # Tuples, not Answer instances: 2.7 ms instead of 2.9 for a page of 25 (PostgreSQL, a million
    # rows). In the answers' order, so a later answer of a name wins, as with the instances.
    answers = Answer.objects.filter(submission_id__in=list(rows), name__in=names)
    for submission_id, name, value in answers.values_list("submission_id", "name", "value"):
        cells[submission_id][name] = value
    ordered = [rows[pk] for pk in ids if pk in rows]
    for row in ordered:
        row.cells = cells[row.pk]
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


def submission_detail(pk: int) -> Submission:
    """One submission with everything its screen shows (answers, files, log with actors)."""
    return (
        Submission.objects.select_related("form", "status", "assignee")
        .prefetch_related(
            "answers", "files", Prefetch("log", queryset=LogEntry.objects.select_related("actor", "token"))
        )
        .get(pk=pk)
    )
