"""Kept counts per form and status, so the forms column and the tabs never count submissions.

A form's count in a status is the sum of its rows here: every change adds a row (+1 for a new
submission, -1/+1 for a move) instead of updating one row per form and status, so two posts to
the same form never wait for each other's transaction over a shared counter. Every so often the
rows of one form and status are folded into one (inbox/operations/tallies.py, docs/architecture.md).
"""

from __future__ import annotations

from django.db import models

from frontdesk.inbox.models.forms import Form
from frontdesk.inbox.models.statuses import Status


class Tally(models.Model):
    # No index of their own (migration 0010): the pair's index begins with the form, and the
    # rows a status has are few (folded) and read only when a status is deleted.
    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="tallies", db_index=False)
    status = models.ForeignKey(Status, on_delete=models.CASCADE, related_name="tallies", db_index=False)
    total = models.IntegerField(default=0)  # a change, so it may be negative
    unread = models.IntegerField(default=0)

    class Meta:
        indexes = [models.Index(fields=["form", "status"], name="inbox_tally_pair_idx")]

    def __str__(self) -> str:
        return f"{self.form_id}/{self.status_id}: {self.total:+} ({self.unread:+} unread)"
