"""The inbox's permissions, named as the spec names them (inbox.view, inbox.update, inbox.manage)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class Access(models.Model):
    """Holds the inbox's permissions, named as the spec names them; it has no table."""

    class Meta:
        managed = False
        default_permissions = ()
        permissions = [
            ("view", _("Open the inbox, its submissions, files and export")),
            ("update", _("Change status and assignee, write notes, delete submissions")),
            ("manage", _("Build forms and fields, edit statuses")),
        ]

    def __str__(self) -> str:
        return "inbox permissions"
