"""Settings groups under /api/cms/settings (docs/api.md, "Settings groups"): thin doors over
sitesettings. Every route needs core.settings.manage; a token needs settings:read to look
and settings:write to change. No answer carries a secret: `secrets` says "set" or "not set"."""

from __future__ import annotations

from typing import Any, Literal

from django.http import HttpRequest
from ninja import Schema
from pydantic import Field

from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import ErrorOut, answers
from frontdesk.sitesettings.inputs import GroupIn
from frontdesk.sitesettings.operations import update_group
from frontdesk.sitesettings.outputs import group_changed, group_out
from frontdesk.sitesettings.queries import PERMISSION, READ_SCOPE, find_group
from frontdesk.sitesettings.registry import all_groups

router = PanelRouter(tags=["settings"])
READ, WRITE = READ_SCOPE, "settings:write"


class SettingOut(Schema):
    name: str
    kind: str = Field(
        description="text, translated_text, choice, link_list, picture (a picture key of the library) or secret."
    )
    label: str
    help: str
    max_length: int | None = None
    max_items: int | None = None
    placeholders: list[str] | None = None
    choices: list[dict[str, str]] | None = None


class GroupWrittenOut(Schema):
    """A save's answer to a token that may change the settings but not look at them."""

    name: str


class GroupOut(Schema):
    name: str = Field(examples=["integrations"])
    label: str
    description: str
    revision: int = Field(description="Moves by one with every save that changes something.")
    values: dict[str, Any] = Field(
        examples=[{"captcha_provider": "turnstile", "turnstile_site_key": "0x4AAA"}]
    )
    secrets: dict[str, Literal["set", "not set"]] = Field(examples=[{"turnstile_secret": "set"}])
    settings: list[SettingOut]


@router.get(
    "",
    response={200: list[GroupOut], 401: ErrorOut, 403: ErrorOut},
    permission=PERMISSION,
    scope=READ,
    summary="Every settings group with its values",
)
def list_groups(request: HttpRequest):
    return [group_out(group) for group in all_groups()]


@router.get(
    "/{group}", response=answers(200, GroupOut, conflict=True), permission=PERMISSION, scope=READ,
    summary="One settings group",
)  # fmt: skip
def get_group(request: HttpRequest, group: str):
    return group_out(find_group(group, actor=request.user))


def _save(request: HttpRequest, group: str, payload: GroupIn, *, whole: bool) -> dict[str, Any]:
    update_group(
        group,
        actor=request.user,
        values=payload.values,
        secrets=payload.secrets,
        revision=payload.revision,
        whole=whole,
    )
    return group_changed(request.user, find_group(group, actor=request.user))


@router.put(
    "/{group}", response=answers(200, GroupOut | GroupWrittenOut, conflict=True), permission=PERMISSION,
    scope=WRITE,
    summary="Save a settings group whole: settings left out go back to their defaults, secrets left out are kept",
)  # fmt: skip
def put_group(request: HttpRequest, group: str, payload: GroupIn):
    return _save(request, group, payload, whole=True)


@router.patch(
    "/{group}", response=answers(200, GroupOut | GroupWrittenOut, conflict=True), permission=PERMISSION,
    scope=WRITE,
    summary="Change the settings named, keep the others",
)  # fmt: skip
def patch_group(request: HttpRequest, group: str, payload: GroupIn):
    return _save(request, group, payload, whole=False)
