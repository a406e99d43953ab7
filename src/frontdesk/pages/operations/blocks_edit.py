"""Editing one language's blocks of a page by operations (the agent tool `blocks_edit_content`):
add a block of a type with values at a position, update a block's values by id, move one, remove
one. All or nothing: the operations run in order on the draft's list, the result is judged as
every save judges content (frontdesk.blocks.content.clean_content), and a refusal changes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from frontdesk.core.acting import Actor
from frontdesk.core.languages import site_language_codes
from frontdesk.pages.models import Page
from frontdesk.pages.operations._common import require
from frontdesk.pages.operations.pages import publish_page, update_page
from frontdesk.publishing.editing import locked

ACTIONS = ("add", "update", "move", "remove")


def _refuse(index: int, name: str, message: str) -> ValidationError:
    return ValidationError({f"operations.{index}.{name}": [message]})


def _find(blocks: list[dict], block_id: Any, index: int) -> int:
    for place, block in enumerate(blocks):
        if block.get("id") == block_id:
            return place
    raise _refuse(index, "id", _("There is no block %(id)s in this list.") % {"id": block_id})


def _position(given: Any, size: int, index: int) -> int:
    if given is None:
        return size
    if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given <= size:
        raise _refuse(
            index, "position", _("Give a position from 0 to %(last)s (0 is the first).") % {"last": size}
        )
    return given


def apply_operations(blocks: list[dict], operations: list[dict]) -> tuple[list[dict], dict[int, int]]:
    """The list after `operations`, and for each block an operation touched (by the block's place
    in the result) the index of the last such operation, so a refused value is reported there."""
    result = copy.deepcopy(blocks)
    touched: dict[int, int] = {}  # id(block dict) -> operation index
    for index, operation in enumerate(operations):
        action = operation.get("op")
        if action == "add":
            block: dict[str, Any] = {"type": operation.get("type"), "values": operation.get("values") or {}}
            if operation.get("id") is not None:
                if any(existing.get("id") == operation["id"] for existing in result):
                    raise _refuse(index, "id", _("Two blocks have the id %(id)s.") % {"id": operation["id"]})
                block["id"] = operation["id"]
            result.insert(_position(operation.get("position"), len(result), index), block)
            touched[id(block)] = index
        elif action == "update":
            place = _find(result, operation.get("id"), index)
            current = result[place]
            values = current.get("values")
            current["values"] = {
                **(values if isinstance(values, dict) else {}),
                **(operation.get("values") or {}),
            }
            touched[id(current)] = index
        elif action == "move":
            place = _find(result, operation.get("id"), index)
            moved = result.pop(place)
            result.insert(_position(operation.get("position"), len(result), index), moved)
        elif action == "remove":
            result.pop(_find(result, operation.get("id"), index))
        else:
            raise _refuse(index, "op", _("An operation is one of: %(ops)s.") % {"ops": ", ".join(ACTIONS)})
    by_place = {place: touched[id(block)] for place, block in enumerate(result) if id(block) in touched}
    return result, by_place


def _rekeyed(error: ValidationError, language: str, by_place: dict[int, int]) -> ValidationError:
    """content.<language>.<place>.<name> -> operations.<index>.values.<name> for a block an
    operation added or updated (its id and type under operations.<index>.<id|type>)."""
    prefix = f"content.{language}."
    errors: dict[str, list[str]] = {}
    for key, texts in error.message_dict.items():
        if key.startswith(prefix):
            place, _dot, rest = key.removeprefix(prefix).partition(".")
            if place.isdigit() and int(place) in by_place:
                where = rest if rest in ("id", "type", "") else f"values.{rest}"
                key = f"operations.{by_place[int(place)]}" + (f".{where}" if where else "")
        errors.setdefault(key, []).extend(texts)
    return ValidationError(errors)


@transaction.atomic
def update_blocks(page: Page, *, actor: Actor, values: Mapping[str, Any]) -> tuple[Page, list[dict]]:
    """Apply `values["operations"]` to the draft's blocks in `values["language"]` and save the
    draft (publishing it when `values["publish"]`); answer the page and the language's blocks.
    Without operations nothing is saved (a publish still happens when asked). `values["revision"]`,
    when given, must be the page's (pages/inputs.BlocksEditIn.values())."""
    require(actor)
    language = values["language"]
    operations: list[dict] = values.get("operations") or []
    publish, revision = bool(values.get("publish")), values.get("revision")
    if language not in site_language_codes():
        raise ValidationError(
            {
                "language": [
                    _("Give one of the site's languages: %(codes)s.")
                    % {"codes": ", ".join(site_language_codes())}
                ]
            }
        )
    current = locked(page, revision)
    content = current.draft_values().get("content") or {}
    listed = content.get(language)
    stored: list[dict] = listed if isinstance(listed, list) else []
    if operations:
        blocks, by_place = apply_operations(stored, operations)
        try:
            current = update_page(
                current, actor=actor, values={"content": {language: blocks}}, revision=current.revision
            )
        except ValidationError as error:
            raise _rekeyed(error, language, by_place) from None
    if publish:
        current = publish_page(current, actor=actor, revision=current.revision)
    return current, (current.draft_values().get("content") or {}).get(language, [])
