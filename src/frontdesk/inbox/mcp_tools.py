"""The inbox's MCP tools (docs/inbox.md, "Agent tools"): thin doors over the operations and queries.

Looking tools need the scope inbox:read and the permission inbox.view; inbox_form_save needs
inbox:write and inbox.manage, inbox_set_status inbox:write and inbox.update. Every refusal comes
from the operations, so an agent reads the words the panel shows. No tool receives or deletes a
submission, and no answer carries an attachment's stored name or an address to its bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from pydantic import Field

from frontdesk.core import notes
from frontdesk.core.api.auth import may_read
from frontdesk.core.languages import translate
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_INTEGER, MAX_PER_PAGE
from frontdesk.core.mcp.registry import register_tool
from frontdesk.core.models import User  # a tool always runs as its token's account
from frontdesk.core.outputs import changed_out, note_out
from frontdesk.inbox import operations, outputs, queries
from frontdesk.inbox.answers import door_address, input_name
from frontdesk.inbox.inputs import FormChange, HandlingWithNote, Id
from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.permissions import MANAGE, UPDATE, VIEW

NOTE_ENTITY = "inbox_submission"


# --- Parameters (the changing tools take the inputs the API's bodies are: inbox/inputs.py) ----

FormRef = Annotated[
    int | str,
    Field(description="The form's id or its slug, as inbox_forms_list shows them.", examples=[3, "contact"]),
]
SubmissionRef = Annotated[Id, Field(description="The submission's id, as inbox_list shows it.")]


# --- Answers ----------------------------------------------------------------------------------


def _field(field) -> dict[str, Any]:
    """The API's field, plus the input the public door reads it from."""
    return {
        **outputs.field_out(field),
        "input_name": input_name(field),
        "label_text": translate(field.label),
    }


def _form(form: Form) -> dict[str, Any]:
    """The API's form with its counts and the shape of data the public door expects."""
    fields = [_field(field) for field in form.live_fields().order_by("position", "id")]
    return {
        **outputs.form_out(form),
        **queries.form_counts(form),
        "door": {
            "method": "POST",
            "address": door_address(form.slug),
            "encoding": "multipart/form-data"
            if any(field["type"] == "file" for field in fields)
            else "application/x-www-form-urlencoded",
            "inputs": {field["name"]: field["input_name"] for field in fields},
        },
        "fields": fields,
    }


def _detail(actor: User, pk: int) -> dict[str, Any]:
    submission = queries.submission_detail(pk)
    detail = outputs.submission_out(submission, file_urls=False)
    del detail["previous"], detail["next"]  # an agent names submissions by id, not by list position
    detail["notes"] = [note_out(note) for note in notes.list_notes(actor, NOTE_ENTITY, str(submission.pk))]
    return detail


# --- Looking tools ----------------------------------------------------------------------------


def inbox_forms_list(actor: User) -> dict[str, Any]:
    return {"forms": [outputs.form_row(form) for form in queries.forms_column()]}


def inbox_form_get(actor: User, form: FormRef) -> dict[str, Any]:
    return {"form": _form(queries.find_form(form))}


def _status_key(value: int | str | None, key: str) -> str | None:
    if value is None or str(value).strip().lower() in ("", queries.ALL, queries.UNREAD):
        return None if value is None else str(value).strip().lower()
    return str(queries.find_status(value, key=key).pk)


def inbox_list(
    actor,
    form: FormRef,
    tab: Annotated[
        int | str,
        Field(
            description="all (every status but spam), unread (unread, spam left out), or one status "
            "by id or label (e.g. Spam, Done).",
            examples=["all", "unread", "Done"],
        ),
    ] = "all",
    q: Annotated[
        str, Field(description="Words that must all occur in the answers (any case).", max_length=200)
    ] = "",
    status: Annotated[
        int | str | None, Field(description="Only this status, by id or label; combines with tab.")
    ] = None,
    assignee: Annotated[
        int | str | None,
        Field(description="Only those assigned to this account (id or e-mail), or none for unassigned."),
    ] = None,
    since: Annotated[
        str | None, Field(description="Received on or after this day, YYYY-MM-DD.", examples=["2026-11-01"])
    ] = None,
    until: Annotated[str | None, Field(description="Received on or before this day, YYYY-MM-DD.")] = None,
    page: Annotated[int, Field(description="Page number, from 1.", ge=1, le=MAX_INTEGER)] = 1,
    per_page: Annotated[
        int, Field(description=f"Rows per page, 1-{MAX_PER_PAGE}.", ge=1, le=MAX_PER_PAGE)
    ] = DEFAULT_PER_PAGE,
) -> dict[str, Any]:
    chosen = queries.find_form(form)
    if assignee is not None and str(assignee).strip().lower() not in ("", queries.NO_ASSIGNEE):
        assignee = queries.find_account(assignee)
    flt = queries.parse_filter(
        {
            "tab": _status_key(tab, "tab"),
            "q": q,
            "status": _status_key(status, "status"),
            "assignee": assignee,
            "since": since,
            "until": until,
        }
    )
    found = queries.submission_page(chosen, flt, page=page, per_page=per_page)
    return {
        "form": {"id": chosen.pk, "slug": chosen.slug, "title_text": translate(chosen.title)},
        **outputs.submission_page_out(found),
    }


def inbox_get(actor: User, submission: SubmissionRef) -> dict[str, Any]:
    return {"submission": _detail(actor, submission)}


# --- Changing tools ---------------------------------------------------------------------------


def inbox_form_save(
    actor,
    changes: FormChange,
    form: Annotated[
        int | str | None,
        Field(
            description="The form to change, by id or slug; leave out to create a new form.",
            examples=["contact"],
        ),
    ] = None,
) -> dict[str, Any]:
    existing = None if form is None else queries.find_form(form)
    values, fields = changes.values()
    # null keeps a form value here (an agent's "no change"); option keys, project fields and
    # fields given are merged with the stored ones by update_form.
    values = {key: value for key, value in values.items() if value is not None}
    if existing is None:
        saved = operations.create_form(actor=actor, values=values, fields=fields or [])
    else:
        saved = operations.update_form(existing, actor=actor, values=values, fields=fields or [])
    return {"created": existing is None, "form": changed_out(actor, VIEW, saved, _form)}


def inbox_set_status(actor: User, submission: SubmissionRef, changes: HandlingWithNote) -> dict[str, Any]:
    handling = changes.handling()
    if not handling and changes.note is None:
        raise ValidationError({"__all__": [_("Give a status, an assignee or a note.")]})
    record = Submission.objects.select_related("status", "assignee").get(pk=submission)
    before = {"status": outputs.status_ref(record.status), "assignee": outputs.account_ref(record.assignee)}
    if handling:
        operations.update_submission(record, actor=actor, values=handling)
    # Only a caller who may read the submission gets it back (as on the API's PUT, docs/api.md).
    readable = may_read(actor, VIEW)
    if readable:
        after = _detail(actor, record.pk)
    else:
        record.refresh_from_db(fields=["status", "assignee"])
        after = outputs.submission_handled_out(record)
    changed = {key: {"from": before[key], "to": after[key]} for key in before if before[key] != after[key]}
    if changes.note is not None:
        changed["note"] = note_out(notes.add_note(actor, NOTE_ENTITY, str(record.pk), changes.note))
        if readable:
            after["notes"].append(changed["note"])
    return {"changes": changed, "submission": after}


# --- Registration -----------------------------------------------------------------------------

READ = {"scope": "inbox:read", "permission": VIEW}
TOOLS: list[tuple[Callable[..., Any], dict[str, Any], str]] = [
    (inbox_forms_list, READ, "Every form of the inbox in the panel's order: id, slug, title per language, "
     "whether it is switched off, how many submissions are waiting (unread) and the total (spam left out), "
     "and the site's project fields by name (extra)."),
    (inbox_form_get, READ, "One form, named by id or slug, with its live fields in order: the shape of data "
     "the public door expects (machine names, input names fields[<machine name>], types, required, "
     "choices, bounds), the door's address, recipients and other options."),
    (inbox_list, READ, "One page of a form's submissions, newest first, with status, unread flag, "
     "assignee, dates and the form's list columns (cells by machine name), plus the tabs with their "
     "counts. Filter by tab, status, assignee, received dates and words in the answers."),
    (inbox_get, READ, "One submission: its answers (with the labels they had when sent), file names and "
     "sizes, metadata, staff notes and log. Reading it does not mark it read."),
    (inbox_form_save, {"scope": "inbox:write", "permission": MANAGE, "changes": True},
     "Create a form (leave out form) or change one and its fields in one call. Only what is named "
     "changes: form values given, option keys given, project fields given by name in extra, fields "
     "matched by id or machine_name; "
     "remove: true puts a field aside (its earlier answers stay readable). Returns the form as saved."),
    (inbox_set_status, {"scope": "inbox:write", "permission": UPDATE, "changes": True},
     "Set a submission's status, its assignee and/or add a staff note, in one call. Returns what "
     "changed and the submission as it is afterwards (only {id, status, assignee} to a caller "
     "without inbox.view or a token without inbox:read)."),
]  # fmt: skip


def register_inbox_tools() -> None:
    """Registered from InboxConfig.ready()."""
    for fn, options, description in TOOLS:
        register_tool(fn.__name__, fn, description=description, **options)
