"""The host's own routes: who am I, and the shared notes route."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import Schema
from pydantic import Field

from frontdesk.core import notes
from frontdesk.core.api.auth import check_scope
from frontdesk.core.api.routing import PER_ENTITY, PanelRouter
from frontdesk.core.panel.sections import sections_for

router = PanelRouter(tags=["host"])


class SectionOut(Schema):
    key: str
    label: str
    address: str


class MeOut(Schema):
    id: int
    email: str
    display_name: str
    panel_language: str
    sections: list[SectionOut]
    scopes: list[str] | None = Field(None, description="The token's scopes; null for a session.")


@router.get("/me", response=MeOut, summary="The calling account")
def me(request: HttpRequest):
    user = request.user
    token = getattr(request, "api_token", None)
    return {
        "id": user.pk,
        "email": user.email,
        "display_name": user.display_name,
        "panel_language": user.panel_language,
        "sections": [
            {"key": s.key, "label": str(s.label), "address": f"/cms/{s.address}/"} for s in sections_for(user)
        ],
        "scopes": token.scopes if token else None,
    }


class NoteIn(Schema):
    body: str = Field(
        ..., max_length=notes.MAX_NOTE_LENGTH * 2, examples=["Called back, waiting for the quote."]
    )


class NoteOut(Schema):
    id: int
    body: str
    author: str | None
    created_at: datetime


def _note_out(note) -> dict:
    return {
        "id": note.pk,
        "body": note.body,
        "author": str(note.author) if note.author else None,
        "created_at": note.created_at,
    }


@router.get(
    "/entities/{entity}/{object_id}/notes",
    response=list[NoteOut],
    summary="Notes on a record",
    permission=PER_ENTITY,
)
def list_notes(request: HttpRequest, entity: str, object_id: str):
    check_scope(request, notes.get_entity(entity).view_permission)
    return [_note_out(note) for note in notes.list_notes(request.user, entity, object_id)]


@router.post(
    "/entities/{entity}/{object_id}/notes",
    response={201: NoteOut},
    summary="Add a note to a record",
    permission=PER_ENTITY,
)
def add_note(request: HttpRequest, entity: str, object_id: str, payload: NoteIn):
    check_scope(request, notes.get_entity(entity).add_permission)
    return 201, _note_out(notes.add_note(request.user, entity, object_id, payload.body))
