"""Deleting submissions: one at a time through the model, so their files go too, and the form's
kept counts stay true. The prune command and the panel's delete both come through here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Submission
from frontdesk.inbox.operations import tallies
from frontdesk.inbox.permissions import UPDATE


@transaction.atomic
def purge_submission(submission: Submission, *, actor: Actor) -> None:
    require_permission(actor, UPDATE)
    for attachment in submission.files.all():
        attachment.delete()  # removes the stored file as well
    tallies.shift(submission.form_id, submission.status_id, total=-1, unread=-int(submission.is_unread))
    pk = submission.pk
    submission.delete()  # its own log lines with it: they may quote its answers
    # Written after: the line of the deletion stays, and says no more than which form it was in.
    log.write(Submission(pk=pk), "submission.deleted", actor, detail={"form": submission.form_id})


# A hundred years: older than any submission, and far enough inside the calendar that "now minus
# the age" never overflows a date.
MAX_AGE_DAYS = 36_500


def age_problems(ages: dict[str, int]) -> list[str]:
    """Why configured ages (spam_days, all_days) cannot be used; empty when they can."""
    return [
        f"{name} must be a number of days from 0 (never) to {MAX_AGE_DAYS}."
        for name, days in ages.items()
        if not isinstance(days, int) or not 0 <= days <= MAX_AGE_DAYS
    ]


@dataclass(frozen=True)
class PrunePlan:
    spam_days: int
    all_days: int

    def condition(self, now) -> Q | None:
        parts = []
        if self.spam_days > 0:
            parts.append(Q(status__is_spam=True, created_at__lt=now - timedelta(days=self.spam_days)))
        if self.all_days > 0:
            parts.append(Q(created_at__lt=now - timedelta(days=self.all_days)))
        if not parts:
            return None
        condition = parts[0]
        for part in parts[1:]:
            condition |= part
        return condition


def prune_plan(days: int | None = None) -> PrunePlan:
    """The configured ages (FRONTDESK["inbox"]["prune"]), or `days` for both when given."""
    if days is not None:
        return PrunePlan(spam_days=days, all_days=days)
    ages = inbox_settings()["prune"]
    return PrunePlan(spam_days=ages["spam_days"], all_days=ages["all_days"])


def due_for_pruning(plan: PrunePlan) -> Iterator[int]:
    condition = plan.condition(timezone.now())
    if condition is None:
        return iter(())
    return Submission.objects.filter(condition).order_by("pk").values_list("pk", flat=True).iterator(2000)


def prune(plan: PrunePlan, *, dry_run: bool = False, progress: Callable[[], None] | None = None) -> dict:
    """Delete what the plan says; returns {"spam": n, "other": n}. A dry run only counts."""
    counts = {"spam": 0, "other": 0}
    for pk in list(due_for_pruning(plan)):
        submission = Submission.objects.select_related("status").filter(pk=pk).first()
        if submission is None:
            continue
        counts["spam" if submission.status.is_spam else "other"] += 1
        if not dry_run:
            purge_submission(submission, actor=None)
        if progress:
            progress()
    return counts
