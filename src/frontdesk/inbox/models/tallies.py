"""Kept counts per form and status, so the forms column and the tabs never count submissions."""

from __future__ import annotations

from django.db import models

from frontdesk.inbox.models.forms import Form
from frontdesk.inbox.models.statuses import Status


class Tally(models.Model):
    form = models.ForeignKey(Form, on_delete=models.CASCADE, related_name="tallies")
    status = models.ForeignKey(Status, on_delete=models.CASCADE, related_name="tallies")
    total = models.PositiveIntegerField(default=0)
    unread = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["form", "status"], name="inbox_tally_unique")]

    def __str__(self) -> str:
        return f"{self.form_id}/{self.status_id}: {self.total} ({self.unread} unread)"
