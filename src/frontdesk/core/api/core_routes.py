"""The host's own routes: who am I, and the shared notes route."""

from __future__ import annotations

from datetime import datetime

from django.http import HttpRequest
from ninja import Schema, Status
from pydantic import Field

from frontdesk.core import notes
from frontdesk.core.accounts import update_profile
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.outputs import note_out
from frontdesk.core.panel.menu import section_url
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
    assert user.is_authenticated  # the router lets in a session's account or a token's only
    token = getattr(request, "api_token", None)
    return {
        "id": user.pk,
        "email": user.email,
        "display_name": user.display_name,
        "panel_language": user.panel_language,
        "sections": [
            {"key": s.key, "label": str(s.label), "address": section_url(s)} for s in sections_for(user)
        ],
        "scopes": token.scopes if token else None,
    }


class MeIn(Schema):
    display_name: str = Field("", examples=["Ada Lovelace"])
    panel_language: str = Field(..., examples=["de"], description="One of the site's language codes.")


@router.put(
    "/me",
    response=MeOut,
    scope="account:write",
    summary="Change the calling account's name and panel language",
    description="Any logged-in account may change its own; a token needs the scope account:write.",
)
def update_me(request: HttpRequest, payload: MeIn):
    """The new panel language applies from the next page the account opens."""
    update_profile(request.user, display_name=payload.display_name, panel_language=payload.panel_language)
    return me(request)


class NoteIn(Schema):
    body: str = Field(
        ..., max_length=notes.MAX_NOTE_LENGTH * 2, examples=["Called back, waiting for the quote."]
    )


class NoteOut(Schema):
    id: int
    body: str
    author: str | None
    created_at: datetime


@router.get(
    "/entities/{entity}/{object_id}/notes",
    response=list[NoteOut],
    summary="Notes on a record",
    description="Needs the view permission the entity names (for inbox_submission: inbox.view).",
    permission=notes.EntityPermission("view"),
)
def list_notes(request: HttpRequest, entity: str, object_id: str):
    return [note_out(note) for note in notes.list_notes(request.user, entity, object_id)]


@router.post(
    "/entities/{entity}/{object_id}/notes",
    response={201: NoteOut},
    summary="Add a note to a record",
    description="Needs the add permission the entity names (for inbox_submission: inbox.update).",
    permission=notes.EntityPermission("add"),
)
def add_note(request: HttpRequest, entity: str, object_id: str, payload: NoteIn):
    return Status(201, note_out(notes.add_note(request.user, entity, object_id, payload.body)))
