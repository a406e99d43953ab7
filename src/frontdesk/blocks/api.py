"""The block editor's API under /api/cms/blocks: the installed types with their editor
description, and the choices of a collection's picker (docs/host.md, "Blocks")."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.utils import translation
from ninja import Schema
from pydantic import Field

from frontdesk.blocks import queries
from frontdesk.blocks.collections import picker_choices
from frontdesk.blocks.outputs import block_type_out, choice_out
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import answers

router = PanelRouter(tags=["blocks"])
SCOPE = "blocks:read"


class EditorChoiceOut(Schema):
    value: str | int
    label: str


class EditorFieldOut(Schema):
    name: str
    kind: str = Field(
        description="text, textarea, number, checkbox, select, choices (several of the options: a list), "
        "flag (true, false or null), hidden (no control; the stored value is kept), richtext or picture"
    )
    label: str
    help: str
    required: bool
    choices: list[EditorChoiceOut] = Field(description="A select's fixed options.")
    picker: str | None = Field(
        description="A select's or choices' options come from GET /pickers/{collection}/{picker}."
    )
    max_length: int | None
    min: int | None
    max: int | None
    auto_on_empty: str | None = Field(
        default=None, description="A flag: null shows as on while the value named here is empty."
    )
    default: str | int | float | bool | list[str | int] | None = Field(
        description="What a new block starts with."
    )


class BlockTypeOut(Schema):
    slug: str = Field(examples=["heading"])
    name: str = Field(examples=["Heading"])
    code: str = Field(description="The code the type is linked to.", examples=["heading"])
    has_code: bool = Field(description="False: the code is not registered; its blocks print nothing.")
    fields: list[EditorFieldOut]


class ChoiceOut(Schema):
    value: str | int
    label: str
    hidden: bool = Field(
        description="The item is not shown on the site (a hidden category); it can still be picked."
    )


@router.get(
    "/types",
    response=answers(200, list[BlockTypeOut]),
    scope=SCOPE,
    summary="Installed block types with their editor forms",
)
def list_block_types(request: HttpRequest) -> list[dict[str, Any]]:
    return [block_type_out(row, code) for row, code in queries.installed_with_code()]


@router.get(
    "/pickers/{collection}/{picker}",
    response=answers(200, list[ChoiceOut]),
    scope=SCOPE,
    summary="The choices of a collection's picker (hidden items included and marked)",
)
def list_block_picker_choices(request: HttpRequest, collection: str, picker: str) -> list[dict[str, Any]]:
    language = translation.get_language() or "en"
    return [
        choice_out(choice) for choice in picker_choices(request.user, collection, picker, language=language)
    ]
