"""What the page operations share: the permission check. The locked row and the addresses that
follow the slug are the host's (publishing/editing.py)."""

from __future__ import annotations

from frontdesk.core.acting import Actor, require_permission
from frontdesk.pages.permissions import MANAGE


def require(actor: Actor) -> None:
    """`actor=None` is the system (demo content, commands), as in every operation."""
    require_permission(actor, MANAGE)
