"""The stored values of one settings group (sitesettings): one row per group that has
ever been saved; a group never saved reads its defaults."""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class SettingsGroup(models.Model):
    """`values` holds the group's ordinary settings by name; `secrets` its write-only ones, kept
    apart so that no door that shows `values` can show a secret by mistake (docs/host.md,
    "Settings groups")."""

    name = models.CharField(_("name"), max_length=64, unique=True)
    values = models.JSONField(_("values"), default=dict)
    secrets = models.JSONField(_("secrets"), default=dict)
    revision = models.PositiveIntegerField(_("revision"), default=0)
    updated_at = models.DateTimeField(_("updated"), default=timezone.now)

    class Meta:
        # The table it had in core, before the split (issue 26): a site upgrades in place.
        db_table = "core_settingsgroup"
        verbose_name = _("settings group")
        verbose_name_plural = _("settings groups")

    def __str__(self) -> str:
        return self.name
