"""The inbox's MCP tools (docs/inbox.md, "Agent tools"): thin doors over the operations and queries.

Looking tools need the scope inbox:read and the permission inbox.view; inbox_form_save needs
inbox:write and inbox.manage, inbox_set_status inbox:write and inbox.update. Every refusal comes
from the operations, so an agent reads the words the panel shows. No tool receives or deletes a
submission, and no answer carries an attachment's stored name or an address to its bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from pydantic import ConfigDict, Field
from typing_extensions import TypedDict

from frontdesk.core import notes
from frontdesk.core.acting import current_token
from frontdesk.core.api.auth import may_read_as
from frontdesk.core.inputs import NOT_GIVEN
from frontdesk.core.languages import translate
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_ID, MAX_INTEGER, MAX_PER_PAGE
from frontdesk.core.mcp.registry import register_tool
from frontdesk.core.outputs import note_out
from frontdesk.core.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.inbox import operations, outputs, queries
from frontdesk.inbox.door import door_address, input_name
from frontdesk.inbox.field_types import FIELD_TYPES
from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.screens import FORM_EDITOR

NOTE_ENTITY = "inbox_submission"
# Bounds every database can hold, so an absurd number is refused by the schema, not by the database.
if TYPE_CHECKING:
    FieldType = str  # the keys of FIELD_TYPES, which only exist at run time
else:
    FieldType = Literal[tuple(FIELD_TYPES)]
Texts = dict[str, str | None] | str
TEXTS_HELP = (
    'per language, e.g. {"en": "Your name", "de": "Ihr Name"}; languages left out keep their text, '
    '"" or null removes one; a plain string sets the site\'s default language'
)


# --- Parameters -------------------------------------------------------------------------------

FormRef = Annotated[
    int | str,
    Field(description="The form's id or its slug, as inbox_forms_list shows them.", examples=[3, "contact"]),
]
SubmissionRef = Annotated[
    int, Field(description="The submission's id, as inbox_list shows it.", ge=1, le=MAX_ID)
]


class ChoiceIn(TypedDict, total=False):
    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    value: Annotated[str, Field(description="What is stored and exported, e.g. quote.")]
    label: Annotated[Texts, Field(description="What the visitor reads, " + TEXTS_HELP + ".")]


class FieldIn(TypedDict, total=False):
    """One field to create, change or put aside; keys left out keep their value."""

    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    id: Annotated[
        int, Field(description="Names an existing field by id (or use machine_name).", ge=1, le=MAX_ID)
    ]
    machine_name: Annotated[
        str,
        Field(
            description="Names an existing field (a field without a machine name answers to f<id>, "
            "e.g. f22), or names a new one: a-z, 0-9 and _, starting with a letter. It is the input "
            "name fields[<machine_name>], the CSV heading and the answer's key.",
            examples=["email", "company_name"],
        ),
    ]
    remove: Annotated[
        bool, Field(description="true puts the named field aside; its earlier answers stay readable.")
    ]
    label: Annotated[Texts, Field(description="The question, " + TEXTS_HELP + ".")]
    type: Annotated[FieldType, Field(description="The kind of control (needed for a new field).")]
    hint: Annotated[Texts, Field(description="Help printed under the control, " + TEXTS_HELP + ".")]
    required: Annotated[bool, Field(description="Whether an answer is required.")]
    in_table: Annotated[bool, Field(description="Whether it is a column of the submission list.")]
    full_width: Annotated[bool, Field(description="false prints it at half width.")]
    position: Annotated[
        int, Field(description="Order among the fields (smaller first).", ge=0, le=MAX_INTEGER)
    ]
    choices: Annotated[
        list[str | ChoiceIn],
        Field(
            description="For select, radio and checkbox: the choices, as plain strings or "
            '{"value": ..., "label": {...}}. Replaces the whole list.',
            examples=[["mon", "tue"], [{"value": "quote", "label": {"en": "A quote"}}]],
        ),
    ]
    min_length: Annotated[int | None, Field(description="Fewest characters (text types); null clears.")]
    max_length: Annotated[int | None, Field(description="Most characters (text types); null clears.")]
    min_value: Annotated[str, Field(description="Earliest date, YYYY-MM-DD (date fields); empty clears.")]
    max_value: Annotated[str, Field(description="Latest date, YYYY-MM-DD (date fields); empty clears.")]
    extensions: Annotated[
        list[str],
        Field(
            description="Accepted file extensions (file fields), within the site's list.", examples=[["pdf"]]
        ),
    ]


class RecipientsIn(TypedDict, total=False):
    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    accounts: Annotated[
        list[int], Field(description="Ids of accounts to mail; the address follows the account.")
    ]
    addresses: Annotated[list[str], Field(description="Typed-in e-mail addresses to mail.")]


class OptionsIn(TypedDict, total=False):
    """Only the keys given are replaced; the others keep their value."""

    __pydantic_config__ = ConfigDict(extra="forbid")  # type: ignore[misc]
    recipients: Annotated[
        RecipientsIn, Field(description="Who is mailed on a new submission; replaces the whole list.")
    ]
    antispam: Annotated[
        dict[str, Any],
        Field(
            description="Per-form antispam overrides: honeypot, timestamp, origin, rate_limit (true/false), "
            "min_seconds (0-3600), throttle (1-1000 a minute), origins (list of extra origins).",
            examples=[{"min_seconds": 2, "throttle": 10}],
        ),
    ]
    captcha: Annotated[bool, Field(description="Whether the form asks for a captcha.")]


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


def _detail(actor, pk: int) -> dict[str, Any]:
    submission = queries.submission_detail(pk)
    detail = outputs.submission_out(submission, file_urls=False)
    del detail["previous"], detail["next"]  # an agent names submissions by id, not by list position
    detail["notes"] = [note_out(note) for note in notes.list_notes(actor, NOTE_ENTITY, str(submission.pk))]
    return detail


# --- Looking tools ----------------------------------------------------------------------------


def inbox_forms_list(actor) -> dict[str, Any]:
    return {"forms": [outputs.form_row(form) for form in queries.forms_column()]}


def inbox_form_get(actor, form: FormRef) -> dict[str, Any]:
    return {"form": _form(operations.find_form(form))}


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
    chosen = operations.find_form(form)
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


def inbox_get(actor, submission: SubmissionRef) -> dict[str, Any]:
    return {"submission": _detail(actor, submission)}


# --- Changing tools ---------------------------------------------------------------------------


def inbox_form_save(
    actor,
    form: Annotated[
        int | str | None,
        Field(
            description="The form to change, by id or slug; leave out to create a new form.",
            examples=["contact"],
        ),
    ] = None,
    slug: Annotated[
        str | None,
        Field(
            description="Address segment: lower-case letters, digits, single hyphens.",
            examples=["contact-us"],
        ),
    ] = None,
    title: Annotated[Texts | None, Field(description="The form's title, " + TEXTS_HELP + ".")] = None,
    is_switched_off: Annotated[
        bool | None, Field(description="true: the form prints nothing and takes no submissions.")
    ] = None,
    email_field_name: Annotated[
        str | None,
        Field(
            description="Machine name (or f<id>) of the e-mail field whose answer becomes the Reply-To; "
            "empty clears."
        ),
    ] = None,
    options: Annotated[
        OptionsIn | None, Field(description="Recipients, antispam overrides, captcha.")
    ] = None,
    # An object keyed by the fields' own names, as the API's body has it, rather than a parameter
    # per field: one shape for both doors, and no site's field name can ever clash with a
    # parameter this tool gains later (docs/host.md, "Project fields").
    extra: Annotated[
        dict[str, Any] | None, Field(description=EXTRA_HELP, json_schema_extra=extra_schema(FORM_EDITOR.id))
    ] = None,
    fields: Annotated[
        list[FieldIn] | None,
        Field(
            description="Fields to create, change or put aside, matched by id or machine_name (f<id> for "
            "a field without one). Fields not named are left alone. Give a new field its type (default "
            "text) and label.",
            examples=[
                [
                    {"machine_name": "phone", "type": "tel", "label": {"en": "Phone"}},
                    {"machine_name": "fax", "remove": True},
                ]
            ],
        ),
    ] = None,
) -> dict[str, Any]:
    existing = None if form is None else operations.find_form(form)
    values: dict[str, Any] = {
        key: value
        for key, value in {
            "slug": slug,
            "title": title,
            "is_switched_off": is_switched_off,
            "email_field_name": email_field_name,
        }.items()
        if value is not None
    }
    if options is not None:
        values["options"] = options  # merged key by key with the stored ones by save_form
    if extra is not None:
        values["extra"] = extra  # merged name by name with the stored ones by save_form
    # A TypedDict is a plain dict at run time.
    saved = operations.save_form(
        actor, existing, values=values, fields=cast("list[dict]", list(fields or []))
    )
    return {"created": existing is None, "form": _form(saved)}


def inbox_set_status(
    actor,
    submission: SubmissionRef,
    *,
    status: Annotated[
        int | str | None,
        Field(
            description="The new status, by id or by label in any language (any case), e.g. Done. "
            "A label several statuses share is refused: give the id.",
            examples=["Done", 3],
        ),
    ] = None,
    assignee: Annotated[
        int | str | None,
        Field(
            default_factory=lambda: NOT_GIVEN,  # left out: keep it; null clears it
            description="Who handles it: an account id or e-mail address of an account that can open the "
            "inbox. null removes the assignee; leave it out to keep the current one.",
            examples=["ada@example.com", None],
        ),
    ],
    note: Annotated[
        str | None,
        Field(description="A staff note to add (plain text, at most 10000 characters).", max_length=10_000),
    ] = None,
) -> dict[str, Any]:
    if status is None and assignee is NOT_GIVEN and note is None:
        raise ValidationError({"__all__": [_("Give a status, an assignee or a note.")]})
    record = Submission.objects.select_related("status", "assignee").get(pk=submission)
    before = {"status": outputs.status_ref(record.status), "assignee": outputs.account_ref(record.assignee)}
    changes: dict[str, Any] = {}
    if status is not None or assignee is not NOT_GIVEN:
        options: dict[str, Any] = {}
        if status is not None:
            options["status"] = queries.find_status(status).pk
        if assignee is not NOT_GIVEN:
            options["assignee"] = None if assignee in (None, "") else queries.find_account(assignee)
        operations.update_submission(actor, record, **options)
    # Only a caller who may read the submission gets it back (as on the API's PUT, docs/api.md).
    readable = may_read_as(actor, current_token(), "inbox.view")
    if readable:
        after = _detail(actor, record.pk)
    else:
        record.refresh_from_db(fields=["status", "assignee"])
        after = outputs.submission_handled_out(record)
    for key in ("status", "assignee"):
        if before[key] != after[key]:
            changes[key] = {"from": before[key], "to": after[key]}
    if note is not None:
        changes["note"] = note_out(notes.add_note(actor, NOTE_ENTITY, str(record.pk), note))
        if readable:
            after["notes"].append(changes["note"])
    return {"changes": changes, "submission": after}


# --- Registration -----------------------------------------------------------------------------

READ = {"scope": "inbox:read", "permission": "inbox.view"}
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
    (inbox_form_save, {"scope": "inbox:write", "permission": "inbox.manage", "changes": True},
     "Create a form (leave out form) or change one and its fields in one call. Only what is named "
     "changes: form values given, option keys given, project fields given by name in extra, fields "
     "matched by id or machine_name; "
     "remove: true puts a field aside (its earlier answers stay readable). Returns the form as saved."),
    (inbox_set_status, {"scope": "inbox:write", "permission": "inbox.update", "changes": True},
     "Set a submission's status, its assignee and/or add a staff note, in one call. Returns what "
     "changed and the submission as it is afterwards (only {id, status, assignee} to a caller "
     "without inbox.view or a token without inbox:read)."),
]  # fmt: skip


def register_inbox_tools() -> None:
    """Registered from InboxConfig.ready()."""
    for fn, options, description in TOOLS:
        register_tool(fn.__name__, fn, description=description, **options)
