"""Who did it, on every row that records an act (a log line, a version): the account and the
agent token it acted through, both kept as null when the account or token goes. One definition,
so a log line and a version name their actor the same way."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def actor_field(*, db_index: bool = True) -> models.ForeignKey:
    """The account that acted; null for the system, a visitor, or an account since deleted."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=db_index,
        verbose_name=_("account"),
    )


def token_field(*, db_index: bool = True) -> models.ForeignKey:
    """The agent token the account acted through; null in the panel or once the token is gone."""
    return models.ForeignKey(
        "core.ApiToken",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        db_index=db_index,
        verbose_name=_("agent token"),
    )
