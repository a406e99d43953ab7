"""Finding a settings group, for every door (panel, API, agent tools): the permission the
groups ask for, and NotFound for a name no app registered."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor
from frontdesk.core.errors import NotFound
from frontdesk.sitesettings.registry import GROUPS, Group

PERMISSION = "core.settings.manage"
READ_SCOPE = "settings:read"  # what a token needs to look at the groups (the API, the tools)


def find_group(name: str, *, actor: Actor) -> Group:
    """The registered group `name`, for an actor who may manage the settings (None: the system)."""
    if actor is not None and not actor.has_perm(PERMISSION):
        raise PermissionDenied(_("You may not change the site's settings."))
    group = GROUPS.get(name)
    if group is None:
        raise NotFound(_("There is no settings group %(name)s.") % {"name": name[:64]})
    return group
