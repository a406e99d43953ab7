"""The settings groups' MCP tools (docs/mcp.md, "Settings"): settings_get looks (settings:read),
settings_update changes (settings:write); both need core.settings.manage. Thin doors over
sitesettings: no answer carries a secret, only "set" or "not set"."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from frontdesk.core.mcp.registry import register_tool
from frontdesk.core.models import User  # a tool always runs as its token's account
from frontdesk.sitesettings.inputs import GroupIn
from frontdesk.sitesettings.operations import update_group
from frontdesk.sitesettings.outputs import group_changed, group_out
from frontdesk.sitesettings.queries import PERMISSION, find_group
from frontdesk.sitesettings.registry import all_groups

GroupName = Annotated[
    str, Field(description="The group's name, as settings_get lists them: seo, integrations.", max_length=64)
]


def settings_get(
    actor,
    group: Annotated[
        str | None, Field(description="One group's name; left out: every group.", max_length=64)
    ] = None,
) -> dict[str, Any]:
    if group is not None:
        return {"groups": [group_out(find_group(group, actor=actor))]}
    return {"groups": [group_out(find_group(each.name, actor=actor)) for each in all_groups()]}


def settings_update(actor: User, group: GroupName, changes: GroupIn) -> dict[str, Any]:
    update_group(
        group, actor=actor, values=changes.values, secrets=changes.secrets, revision=changes.revision
    )
    return {"group": group_changed(actor, find_group(group, actor=actor))}


def register_settings_tools() -> None:
    register_tool(
        "settings_get",
        settings_get,
        scope="settings:read",
        permission=PERMISSION,
        description="The site's settings groups (SEO, Integrations, ...): each setting's value and"
        ' description, and each secret only as "set" or "not set".',
    )
    register_tool(
        "settings_update",
        settings_update,
        scope="settings:write",
        permission=PERMISSION,
        description="Change settings of one group. Only the settings named change; a secret is"
        " replaced by a text or cleared by null, and is never shown back. Refusals name the setting.",
        changes=True,
    )
