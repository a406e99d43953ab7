"""Shapes of the host's own records as every door gives them (the API, the MCP tools): notes,
log lines, and what a change answers to a caller who may not read. Versioned rows and their
versions are publishing's (publishing/outputs.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontdesk.core.acting import Actor
from frontdesk.core.api.auth import may_read
from frontdesk.core.models import LogEntry, Note


def note_out(note: Note, *, with_record: bool = False) -> dict[str, Any]:
    """A note: id, body, the author's name (None once the account is gone) and when it was
    written; `with_record` adds the entity and record it is on, for callers that list notes of
    any record (the host's MCP tools)."""
    shape: dict[str, Any] = {"id": note.pk}
    if with_record:
        shape |= {"entity": note.entity, "record_id": note.object_id}
    return shape | {
        "body": note.body,
        "author": str(note.author) if note.author else None,
        "created_at": note.created_at,
    }


def log_line_out(line: LogEntry, text: str) -> dict[str, Any]:
    """A line of an object's log (core/log.py): the action and `text`, the action in the reader's
    words; the account and the token that acted (their names; None for a visitor, the system,
    or a session); the changed values as {name: [before, after]}; its other detail; the time."""
    return {
        "action": line.action,
        "text": text,
        "actor": str(line.actor) if line.actor else None,
        "token": line.token.name if line.token else None,
        "changes": line.changes or {},
        "detail": line.detail or {},
        "created_at": line.created_at,
    }


def written_out(record: Any, *, key: str = "id") -> dict[str, Any]:
    """What a change answers to a caller who may change `record` but not read it: which record it
    changed (its `key`: "id", a picture's "key"), nothing of its contents. Not its revision
    either: that would tell how often others changed it (docs/api.md)."""
    return {key: record.pk if key == "id" else getattr(record, key)}


def changed_out[Row](
    actor: Actor,
    permission: str | None,
    record: Row,
    whole: Callable[[Row], dict[str, Any]],
    *,
    scope: str | None = None,
    key: str = "id",
) -> dict[str, Any]:
    """The answer of every changing route and tool about `record`: `whole(record)` for a caller
    who may read it (core/api/auth.may_read: `permission`, and a token's `scope`, by default
    `<app>:read`), else only which record it changed (`written_out`)."""
    if may_read(actor, permission, scope=scope):
        return whole(record)
    return written_out(record, key=key)
