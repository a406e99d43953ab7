"""Keeping the per-form, per-status counts true. Every operation that adds, moves, reads or
deletes a submission calls `shift`; `recount` rebuilds them from the rows (bulk loads, repairs)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q
from django.db.models.functions import Greatest

from frontdesk.inbox.models import Form, Submission, Tally


def shift(form_id: int, status_id: int, *, total: int = 0, unread: int = 0) -> None:
    """Add `total` and `unread` (either may be negative) to one form's count in one status."""
    changes = {"total": Greatest(F("total") + total, 0), "unread": Greatest(F("unread") + unread, 0)}
    if Tally.objects.filter(form_id=form_id, status_id=status_id).update(**changes):
        return
    try:
        with transaction.atomic():
            Tally.objects.create(
                form_id=form_id, status_id=status_id, total=max(total, 0), unread=max(unread, 0)
            )
    except IntegrityError:  # another writer created the row first
        Tally.objects.filter(form_id=form_id, status_id=status_id).update(**changes)


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
