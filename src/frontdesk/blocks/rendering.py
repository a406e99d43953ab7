"""Printing block content on the public site: `render_content(blocks, request=..., language=...)`.

Queries do not grow with the blocks: one read of the installed types named by the list, then one
call of each collection's `items` with the values of all its blocks, and one read of the library
pictures every block names (`BlockCode.picture_keys`: a picture block, a rich text's pictures;
`Collection.picture_keys`: the pictures its items print, an FAQ answer's). A block whose type row,
code or collection is missing, or whose stored values its code no longer accepts, prints nothing;
the page stands.
"""

from __future__ import annotations

import logging
from typing import Any

import pydantic
from django.http import HttpRequest
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from frontdesk.blocks.codes import BlockCode, BlockValues
from frontdesk.blocks.collections import COLLECTIONS
from frontdesk.blocks.content import code_for, installed_types
from frontdesk.pictures.queries import resolve_pictures

logger = logging.getLogger(__name__)


def _printable(blocks: Any) -> list[dict]:
    if not isinstance(blocks, list):
        return []
    return [
        block
        for block in blocks
        if isinstance(block, dict)
        and isinstance(block.get("type"), str)
        and isinstance(block.get("values"), dict)
    ]


def _prepared(blocks: list[dict]) -> list[tuple[dict, BlockCode, BlockValues]]:
    """Each block with its code and its values as the code reads them, the unprintable left out."""
    rows = installed_types({block["type"] for block in blocks})
    prepared = []
    for block in blocks:
        code = code_for(rows.get(block["type"]))
        if code is None or (code.collection and code.collection not in COLLECTIONS):
            continue
        try:
            values = code.values.model_validate(block["values"])
        except pydantic.ValidationError:
            # Stored under an older shape of the code's values: skipped until edited again.
            logger.warning(
                "Block %s (%s) has values its code refuses; not printed.", block.get("id"), block["type"]
            )
            continue
        prepared.append((block, code, values))
    return prepared


def _items(prepared: list[tuple[dict, BlockCode, BlockValues]], language: str) -> dict[int, list]:
    """The collection items of every block that draws some, by the block's place in `prepared`;
    one call per collection for all its blocks."""
    wanted: dict[str, list[int]] = {}
    for index, (_block, code, _values) in enumerate(prepared):
        if code.collection:
            wanted.setdefault(code.collection, []).append(index)
    found: dict[int, list] = {}
    for name, indexes in wanted.items():
        lists = COLLECTIONS[name].items([prepared[index][2] for index in indexes], language)
        for index, items in zip(indexes, lists, strict=True):
            found[index] = list(items)
    return found


def render_content(blocks: Any, *, request: HttpRequest | None, language: str) -> SafeString:
    """The HTML of a block list in `language`, each block's head contributions made on the way."""
    prepared = _prepared(_printable(blocks))
    if not prepared:
        return mark_safe("")
    items = _items(prepared, language)
    keys: set[str] = set()
    for index, (_block, code, values) in enumerate(prepared):
        keys |= code.picture_keys(values)
        collection = COLLECTIONS.get(code.collection) if code.collection else None
        if collection is not None and collection.picture_keys is not None:
            keys |= collection.picture_keys(items.get(index) or [])
    pictures = resolve_pictures(keys, language=language)  # one query, none without a picture
    parts = []
    with translation.override(language):
        for index, (block, code, values) in enumerate(prepared):
            context = {
                "request": request,
                "language": language,
                "block": {"id": block.get("id"), "type": block["type"]},
                "items": items.get(index),
                "pictures": pictures,
            }
            parts.append(code.render(values, context))
            code.head(values, context, request)
    return mark_safe("".join(parts))  # noqa: S308  (each part is a template's output)
