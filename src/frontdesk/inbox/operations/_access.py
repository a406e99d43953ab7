"""One permission check for the inbox operations; `actor=None` is the system (demo, commands)."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor


def require(actor: Actor, permission: str) -> None:
    if actor is not None and not actor.has_perm(permission):
        raise PermissionDenied(_("You may not do this."))
