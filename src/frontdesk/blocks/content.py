"""Block content: the ordered list of blocks of one language, `[{"id", "type", "values"}]`, as
every operation that saves it cleans it (docs/host.md, "Blocks").

`clean_content(given, stored=..., language=...)` is the one rule: called by the owning module's
save operation inside its transaction, it answers the list to store or raises a ValidationError
keyed `content` (the list as a whole) or `content.<index>.<name>` (one block's id, type or value).
"""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

import pydantic
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from frontdesk.blocks.codes import BLOCK_CODES, BlockCode
from frontdesk.blocks.models import BlockType

MAX_BLOCKS = 200  # blocks in one language's list
MAX_VALUES_BYTES = 64 * 1024  # one block's values, as compact JSON (UTF-8)
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")
BLOCK_KEYS = {"id", "type", "values"}


def new_block_id(taken: set[str] = frozenset()) -> str:  # type: ignore[assignment]
    """A short random URL-safe id (12 characters) not in `taken`."""
    while True:
        candidate = secrets.token_urlsafe(9)
        if candidate not in taken:
            return candidate


def code_for(row: BlockType | None) -> BlockCode | None:
    """The registered code of a block type row, or None when the row or its code is missing."""
    return BLOCK_CODES.get(row.code) if row is not None and row.code else None


def installed_types(slugs: set[str]) -> dict[str, BlockType]:
    """The rows of these slugs, in one query (none when there is no slug)."""
    if not slugs:
        return {}
    return {row.slug: row for row in BlockType.objects.filter(slug__in=sorted(slugs))}


def _stored_by_id(stored: list[dict] | None) -> dict[str, dict]:
    return {
        block["id"]: block
        for block in stored or []
        if isinstance(block, dict) and isinstance(block.get("id"), str)
    }


def _type_slugs(blocks: list[Any]) -> set[str]:
    return {
        block["type"] for block in blocks if isinstance(block, dict) and isinstance(block.get("type"), str)
    }


def pydantic_messages(error: pydantic.ValidationError, prefix: str) -> dict[str, list[str]]:
    """A values model's refusals under `<prefix>.<field>` (nested: `<prefix>.items.0.name`)."""
    messages: dict[str, list[str]] = {}
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"])
        if item["type"] == "value_error" and "error" in item.get("ctx", {}):
            text = str(item["ctx"]["error"])  # our own validator's words, without pydantic's prefix
        else:
            text = item["msg"]
        messages.setdefault(f"{prefix}.{where}" if where else prefix, []).append(text)
    return messages


def _rekeyed(error: ValidationError, prefix: str) -> dict[str, list[str]]:
    if hasattr(error, "error_dict"):
        return {
            (prefix if name == "__all__" else f"{prefix}.{name}"): list(texts)
            for name, texts in error.message_dict.items()
        }
    return {prefix: list(error.messages)}


def _clean_block(
    index: int,
    raw: Any,
    *,
    previous_of: dict[str, dict],
    rows: dict[str, BlockType],
    seen: set[str],
    language: str,
    errors: dict[str, list[str]],
) -> dict | None:
    key = f"content.{index}"
    if not isinstance(raw, dict):
        errors[key] = [_("Give each block as an object with a type and values.")]
        return None
    if unknown := sorted(str(name) for name in set(raw) - BLOCK_KEYS):
        errors[key] = [_("Unknown key in a block: %(keys)s.") % {"keys": ", ".join(unknown)}]
        return None
    block_id = raw.get("id")
    previous = previous_of.get(block_id) if isinstance(block_id, str) else None
    if block_id is None:
        block_id = new_block_id(seen | set(previous_of))
    elif not isinstance(block_id, str) or not ID_PATTERN.fullmatch(block_id):
        errors[f"{key}.id"] = [_("A block id is 1 to 32 letters, digits, '-' or '_'.")]
        return None
    elif block_id in seen:
        errors[f"{key}.id"] = [_("Two blocks have the id %(id)s.") % {"id": block_id}]
        return None
    seen.add(block_id)

    type_slug = raw.get("type")
    if previous is not None:
        if type_slug is not None and type_slug != previous.get("type"):
            errors[f"{key}.type"] = [
                _("A block keeps its type: remove it and add a block of the other type.")
            ]
            return None
        type_slug = previous.get("type")
    if not isinstance(type_slug, str) or not type_slug:
        errors[f"{key}.type"] = [_("Name the block's type.")]
        return None
    code = code_for(rows.get(type_slug))
    if code is None:
        if previous is not None:
            # Its type went missing (row deleted, module removed): kept exactly as stored, so that
            # putting the module back brings the block back.
            return dict(previous)
        errors[f"{key}.type"] = [_("There is no installed block type %(type)s.") % {"type": type_slug}]
        return None

    values = raw.get("values", {})
    if not isinstance(values, dict):
        errors[f"{key}.values"] = [_("Give the block's values as an object.")]
        return None
    if len(json.dumps(values, separators=(",", ":")).encode()) > MAX_VALUES_BYTES:
        errors[f"{key}.values"] = [
            _("A block's values may take at most %(size)s KB.") % {"size": MAX_VALUES_BYTES // 1024}
        ]
        return None
    try:
        model = code.values.model_validate(values)
    except pydantic.ValidationError as error:
        errors.update(pydantic_messages(error, key))
        return None
    try:
        code.check(model, language=language)
    except ValidationError as error:
        errors.update(_rekeyed(error, key))
        return None
    return {"id": block_id, "type": type_slug, "values": model.model_dump(mode="json")}


def clean_content(given: Any, *, stored: list[dict] | None, language: str) -> list[dict]:
    """The block list to store for `language`, from the list a caller sent and the stored one.

    - A block without an id is new and gets a stable random id; an id of a stored block keeps
      that block (and its type: a block does not change type); an id not stored is kept for the
      new block when well formed. Ids are unique in the list.
    - Values are judged by the type's code: its values model, then its `check`.
    - A new block of a type that is not installed, or whose code is not registered, is refused;
      a stored block whose type went missing is kept as it was, whatever values were sent.
    - Blocks left out of the list are removed; the order is the list's.
    """
    if not isinstance(given, list):
        raise ValidationError({"content": [_("Give the blocks as a list.")]})
    if len(given) > MAX_BLOCKS:
        raise ValidationError(
            {"content": [_("A list holds at most %(count)s blocks.") % {"count": MAX_BLOCKS}]}
        )
    previous_of = _stored_by_id(stored)
    rows = installed_types(_type_slugs(given) | _type_slugs(list(previous_of.values())))
    errors: dict[str, list[str]] = {}
    seen: set[str] = set()
    cleaned = []
    for index, raw in enumerate(given):
        block = _clean_block(
            index, raw, previous_of=previous_of, rows=rows, seen=seen, language=language, errors=errors
        )
        if block is not None:
            cleaned.append(block)
    if errors:
        raise ValidationError(errors)
    return cleaned
