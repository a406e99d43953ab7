"""The block system's reads: the installed types with their code, and the Block types screen's
rows with how many rows of each holder use each type."""

from __future__ import annotations

from dataclasses import dataclass

from frontdesk.blocks.codes import BlockCode
from frontdesk.blocks.content import code_for
from frontdesk.blocks.holders import BLOCK_HOLDERS, BlockHolder, usage
from frontdesk.blocks.models import BlockType


def installed_with_code() -> list[tuple[BlockType, BlockCode | None]]:
    """Every block type row (one query), with its registered code or None."""
    return [(row, code_for(row)) for row in BlockType.objects.order_by("slug")]


@dataclass(frozen=True)
class TypeRow:
    row: BlockType
    code: BlockCode | None
    used: list[int]  # per holder, in the order of `holders`


def screen_rows() -> tuple[list[BlockHolder], list[TypeRow]]:
    """The holders and each type with its counts: one query for the types, one per holder."""
    types = installed_with_code()
    counted = usage([row.slug for row, _code in types])
    holders = BLOCK_HOLDERS.all()
    rows = [TypeRow(row, code, [counted[holder.name][row.slug] for holder in holders]) for row, code in types]
    return holders, rows
