"""Staff notes attached to any registered entity (see frontdesk.core.notes)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Note(models.Model):
    entity = models.CharField(_("entity"), max_length=64)
    object_id = models.CharField(_("object"), max_length=64)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("author"),
    )
    body = models.TextField(_("text"))
    created_at = models.DateTimeField(_("written"), default=timezone.now)

    class Meta:
        verbose_name = _("note")
        verbose_name_plural = _("notes")
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["entity", "object_id", "created_at"], name="note_entity_idx")]

    def __str__(self) -> str:
        return f"{self.entity}:{self.object_id} {self.created_at:%Y-%m-%d}"
