"""/api/cms/entities/{entity}/{object_id}/notes: staff notes on any registered record (core/notes.py)."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import Schema, Status

from frontdesk.core import notes
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.inputs import NoteIn
from frontdesk.core.outputs import note_out

router = PanelRouter(tags=["host"])


class NoteOut(Schema):
    id: int
    body: str
    author: str | None
    created_at: datetime


@router.get(
    "/{entity}/{object_id}/notes",
    response=list[NoteOut],
    summary="Notes on a record",
    description="Needs the view permission the entity names (for inbox_submission: inbox.view).",
    permission=notes.EntityPermission("view"),
)
def list_notes(request: HttpRequest, entity: str, object_id: str):
    return [note_out(note) for note in notes.list_notes(request.user, entity, object_id)]


@router.post(
    "/{entity}/{object_id}/notes",
    response={201: NoteOut},
    summary="Add a note to a record",
    description="Needs the add permission the entity names (for inbox_submission: inbox.update).",
    permission=notes.EntityPermission("add"),
)
def add_note(request: HttpRequest, entity: str, object_id: str, payload: NoteIn):
    return Status(201, note_out(notes.add_note(request.user, entity, object_id, payload.body)))
