"""Keeping the per-form, per-status counts true. Every operation that adds, moves, reads or
deletes a submission calls `shift`; `recount` rebuilds them from the rows (bulk loads, repairs).

`shift` only ever inserts a row (models/tallies.py): an insert takes no lock another writer
waits for, so concurrent posts to one form run side by side. Readers sum the rows of a form and
status; `fold` keeps that sum cheap by replacing them with one row, run after the shift whose
new row's id is a multiple of FOLD_EVERY, so a pair holds about FOLD_EVERY rows on average.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, transaction
from django.db.models import Count, Q, Sum

from frontdesk.inbox.models import Form, Submission, Tally

FOLD_EVERY = 64
logger = logging.getLogger(__name__)


def shift(form_id: int, status_id: int, *, total: int = 0, unread: int = 0) -> None:
    """Add `total` and `unread` (either may be negative) to one form's count in one status.

    When the new row's id says it is time, the pair's rows are folded once the change has
    committed, in a transaction of its own: inside the change's, a fold made it longer, and on
    MariaDB its locked read could deadlock with another post's insert, which rolled back that
    whole transaction, the visitor's submission with it."""
    change = Tally(form_id=form_id, status_id=status_id, total=total, unread=unread)
    change.save(force_insert=True)
    fold_in_turn(change)


def fold_in_turn(change: Tally) -> None:
    """After `change` is written (by `shift`, or with other rows by the public door): fold its
    pair once the transaction commits when its id says it is time."""
    if change.pk is not None and change.pk % FOLD_EVERY == 0:
        form_id, status_id = change.form_id, change.status_id
        transaction.on_commit(lambda: _fold_or_leave(form_id, status_id))


def _fold_or_leave(form_id: int, status_id: int) -> None:
    """A fold is housekeeping: the sums are right with the rows folded or not, and the pair's
    next fold takes what this one leaves. So a fold that fails (a deadlock, a lock timeout) is
    logged and the request carries on."""
    try:
        fold(form_id, status_id)
    except DatabaseError:
        logger.warning(
            "The counts of form %s, status %s were not folded this time.", form_id, status_id, exc_info=True
        )


@transaction.atomic
def fold(form_id: int, status_id: int) -> None:
    """Replace the rows of one form and status with one row holding their sums.

    Locks only the rows it reads: a shift that commits meanwhile adds a row this fold neither sums
    nor deletes, and a second fold of the same pair waits, then sees these rows gone.
    """
    rows = list(
        Tally.objects.select_for_update()
        .filter(form_id=form_id, status_id=status_id)
        .values_list("pk", "total", "unread")
    )
    if len(rows) < 2:
        return
    Tally.objects.filter(pk__in=[pk for pk, _, _ in rows]).delete()
    Tally.objects.create(
        form_id=form_id,
        status_id=status_id,
        total=sum(total for _, total, _ in rows),
        unread=sum(unread for _, _, unread in rows),
    )


def status_in_use(status_id: int) -> bool:
    """Whether any form counts submissions in this status."""
    return (
        Tally.objects.filter(status_id=status_id)
        .values("form_id")
        .annotate(kept=Sum("total"))
        .filter(kept__gt=0)
        .exists()
    )


@transaction.atomic
def recount(form: Form | None = None) -> None:
    """Rebuild the counts of one form (or all) from the submissions table."""
    rows = Submission.objects.all() if form is None else Submission.objects.filter(form=form)
    tallies = Tally.objects.all() if form is None else Tally.objects.filter(form=form)
    tallies.delete()
    Tally.objects.bulk_create(
        Tally(form_id=row["form_id"], status_id=row["status_id"], total=row["total"], unread=row["unread"])
        for row in rows.order_by()
        .values("form_id", "status_id")
        .annotate(total=Count("id"), unread=Count("id", filter=Q(is_unread=True)))
    )
