"""The block system's answer shapes: a block type as the editor reads it, a picker's choice."""

from __future__ import annotations

from typing import Any

from frontdesk.blocks.codes import BlockCode
from frontdesk.blocks.collections import Choice
from frontdesk.blocks.models import BlockType
from frontdesk.core.languages import translate


def block_type_out(row: BlockType, code: BlockCode | None) -> dict[str, Any]:
    described = code.describe() if code is not None else None
    return {
        "slug": row.slug,
        "name": translate(row.name) or (described["label"] if described else row.slug),
        "code": row.code,
        "has_code": code is not None,
        "fields": described["fields"] if described else [],
    }


def choice_out(choice: Choice) -> dict[str, Any]:
    return {"value": choice.value, "label": choice.label, "hidden": choice.hidden}
