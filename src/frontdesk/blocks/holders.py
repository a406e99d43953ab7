"""Who holds block content: a module with rows that carry blocks (pages) registers how to count,
per block type slug, the rows that use it, so the Block types screen can say how many use each.

    register_block_holder(BlockHolder(name="pages", label=_("Pages"), count=pages_per_type))

`count(slugs)` answers {slug: rows using it} in one query however many slugs (a slug no row uses
may be left out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.utils.functional import Promise

from frontdesk.blocks.content import code_for, installed_types
from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class BlockHolder:
    name: str
    label: str | Promise
    count: Callable[[Sequence[str]], dict[str, int]]


BLOCK_HOLDERS: Registry[BlockHolder] = Registry("block holder")


def register_block_holder(holder: BlockHolder) -> BlockHolder:
    return BLOCK_HOLDERS.register(holder.name, holder)


def usage(slugs: Sequence[str]) -> dict[str, dict[str, int]]:
    """{holder name: {slug: count}} for every holder, every slug present (0 when unused); one
    call, and so one query, per holder."""
    counted = {}
    for holder in BLOCK_HOLDERS.all():
        found = holder.count(list(slugs)) if slugs else {}
        counted[holder.name] = {slug: int(found.get(slug, 0)) for slug in slugs}
    return counted


def slugs_in(blocks: object) -> set[str]:
    """The type slugs a stored block list uses (a helper for a holder's count)."""
    if not isinstance(blocks, list):
        return set()
    return {
        block["type"] for block in blocks if isinstance(block, dict) and isinstance(block.get("type"), str)
    }


def picture_keys_in(blocks: object) -> set[str]:
    """The library pictures a stored block list prints (each block's code says which:
    `BlockCode.picture_keys`), for a holder's PictureUse. Reads the type rows once; a block whose
    type or code is missing, or whose values its code refuses, names none."""
    import pydantic

    if not isinstance(blocks, list):
        return set()
    listed = [block for block in blocks if isinstance(block, dict) and isinstance(block.get("values"), dict)]
    rows = installed_types(slugs_in(listed))
    keys: set[str] = set()
    for block in listed:
        code = code_for(rows.get(str(block.get("type"))))
        if code is None:
            continue
        try:
            keys |= code.picture_keys(code.values.model_validate(block["values"]))
        except pydantic.ValidationError:
            continue
    return keys
