"""The host's own MCP tools: who am I, and the notes on any registered entity.

Thin doors over frontdesk.core.notes: the notes operations check the entity's permissions and
the body, so these tools declare only their scopes.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from frontdesk.core import notes
from frontdesk.core.acting import current_token
from frontdesk.core.inputs import NoteIn
from frontdesk.core.mcp.registry import register_scope, register_tool
from frontdesk.core.models import User  # a tool always runs as its token's account
from frontdesk.core.outputs import note_out

Entity = Annotated[
    str,
    Field(
        description="What the note is attached to, e.g. inbox_submission or events_booking.", max_length=64
    ),
]
RecordId = Annotated[str, Field(description="The id of that record.", max_length=64)]


def account_whoami(actor: User) -> dict[str, Any]:
    token = current_token()
    return {
        "email": actor.email,
        "display_name": actor.display_name,
        "language": actor.panel_language,
        "token": token.name if token else None,
        "scopes": sorted(token.scopes) if token else [],
    }


def notes_list(actor: User, entity: Entity, id: RecordId) -> dict[str, Any]:
    return {"notes": [note_out(note, with_record=True) for note in notes.list_notes(actor, entity, id)]}


def notes_add(actor: User, entity: Entity, id: RecordId, note: NoteIn) -> dict[str, Any]:
    return {"note": note_out(notes.add_note(actor, entity, id, note.body), with_record=True)}


def register_core_tools() -> None:
    # The panel API checks `<app>:read|write` for the host's routes (frontdesk.core.api.auth); no
    # tool uses these, so they are declared here for `frontdesk token create` to accept them.
    register_scope("core:read", "Panel API: read the host's records (e.g. notes on accounts).")
    register_scope("core:write", "Panel API: change the host's records.")
    register_tool(
        "account_whoami",
        account_whoami,
        scope="account:read",
        permission=None,
        description="The account this token acts as: e-mail address, display name, panel language, scopes.",
    )
    register_tool(
        "notes_list",
        notes_list,
        scope="notes:read",
        permission=None,
        description="The staff notes on one record, oldest first, with author and time.",
    )
    register_tool(
        "notes_add",
        notes_add,
        scope="notes:write",
        permission=None,
        description="Add a staff note to one record. Returns the note as saved.",
        changes=True,
    )
