"""Statuses are rows; the code reads their flags, never their labels."""

from __future__ import annotations

from django.core.validators import RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from frontdesk.core.fields import TranslatedField
from frontdesk.core.languages import translate

# The one rule for a colour: the model says it, the operations ask it (inbox/operations/statuses.py).
colour_validator = RegexValidator(r"^#[0-9a-fA-F]{6}\Z", _("Give a colour as #rrggbb, e.g. #2563eb."))


class StatusQuerySet(models.QuerySet):
    def arrival(self) -> StatusQuerySet:
        """The status new submissions arrive in, first: the one rule, read by the intake and by
        the form it loads (Form.objects.for_intake)."""
        return self.filter(is_arrival=True).order_by("position", "id")


class Status(models.Model):
    label = TranslatedField(_("label"), required=True)
    colour = models.CharField(_("colour"), max_length=7, default="#64748b", validators=[colour_validator])
    is_arrival = models.BooleanField(_("new submissions arrive here"), default=False)
    is_spam = models.BooleanField(_("means spam"), default=False)
    is_closed = models.BooleanField(_("means closed"), default=False)
    position = models.PositiveIntegerField(_("order"), default=0)

    objects = StatusQuerySet.as_manager()

    # Not columns: the figures queries.tabs adds to the statuses it reads.
    total: int
    unread: int

    class Meta:
        verbose_name = _("status")
        verbose_name_plural = _("statuses")
        ordering = ["position", "id"]

    def __str__(self) -> str:
        return translate(self.label)
