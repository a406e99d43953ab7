"""The one shape of a settings group for the API and the agent tools: its values, its secrets as
"set" or "not set" only, and the description of each setting."""

from __future__ import annotations

from typing import Any

from frontdesk.core.api.auth import may_read
from frontdesk.sitesettings.operations import NOT_SET, SET
from frontdesk.sitesettings.queries import PERMISSION, READ_SCOPE
from frontdesk.sitesettings.reading import stored_values
from frontdesk.sitesettings.registry import Group


def group_out(group: Group) -> dict[str, Any]:
    stored = stored_values(group.name)
    return {
        "name": group.name,
        "label": str(group.label),
        "description": str(group.description),
        "revision": stored.revision,
        "values": stored.values,
        "secrets": {
            setting.name: SET if stored.secret(setting.name) else NOT_SET for setting in group.secrets
        },
        "settings": [setting.describe() for setting in group.settings],
    }


def group_changed(actor: Any, group: Group) -> dict[str, Any]:
    """A save's answer: the group as stored now to a caller who may look at it (a token needs
    settings:read too), else only which group it saved (docs/api.md)."""
    if may_read(actor, PERMISSION, scope=READ_SCOPE):
        return group_out(group)
    return {"name": group.name}
