"""Shapes of the host's own records as every door gives them (the API, the MCP tools): notes,
versioned rows and their versions."""

from __future__ import annotations

from typing import Any

from frontdesk.core.models import LogEntry, Note, Version, Versioned


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


def draft_out(row: Versioned) -> dict[str, Any]:
    """Where a versioned row stands: its state, the revision a save must carry, the values being
    edited (the published ones with the pending edits over them) and the names of those pending."""
    return {
        "state": row.state,
        "revision": row.revision,
        "values": row.draft_values(),
        "pending": sorted(row.draft or {}),
    }


def version_out(version: Version) -> dict[str, Any]:
    """One version: its number, the values published then, when, and who published them (None
    once the account or the token is gone, or for the system)."""
    return {
        "number": version.number,
        "values": version.values,
        "created_at": version.created_at,
        "account": str(version.account) if version.account else None,
        "token": version.token.name if version.token else None,
    }
