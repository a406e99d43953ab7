"""The bodies of the inbox API, as the OpenAPI document shows them (docs/inbox.md, "Panel API").

Input bodies refuse keys they do not know and text holding NUL characters (no database stores
them); ids in bodies are bounded to what a database id can hold, so a huge one is a 422, not a 500
(an impossible id in a path is a 404, see `lookups.py`).
Everything else is judged by the operations, which key their errors by the same names.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

from django.utils.translation import gettext as _
from ninja import Schema
from pydantic import ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from frontdesk.core.api.pagination import Page
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_ID, MAX_INTEGER, MAX_PER_PAGE
from frontdesk.core.project_fields.schemas import EXTRA_HELP, extra_schema
from frontdesk.inbox.field_types import FIELD_TYPES
from frontdesk.inbox.screens import FORM_EDITOR

MAX_SELECTION = 1000

Id = Annotated[int, Field(ge=1, le=MAX_ID, examples=[7])]
Count = Annotated[int, Field(ge=0, le=MAX_INTEGER)]
Translations = Annotated[
    dict[str, str | None],
    Field(
        description="Text per language code; the site's languages only. A save changes the languages"
        ' it names and keeps the others; "" or null removes a language.',
        examples=[{"en": "Contact", "de": "Kontakt"}],
    ),
]
if TYPE_CHECKING:
    FieldType = str  # the keys of FIELD_TYPES, which only exist at run time
else:
    FieldType = Literal[tuple(FIELD_TYPES)]
Answer = Annotated[str | list[str], Field(examples=["Ada Lovelace", ["mon", "tue"]])]


def _refuse_nul(value: Any) -> Any:
    if isinstance(value, str) and "\x00" in value:
        raise PydanticCustomError("nul", _("Remove the NUL character from this text."))
    if isinstance(value, dict):
        for key, item in value.items():
            _refuse_nul(key)
            _refuse_nul(item)
    elif isinstance(value, list):
        for item in value:
            _refuse_nul(item)
    return value


class In(Schema):
    """A request body: unknown keys are refused, text with NUL characters too."""

    model_config = ConfigDict(extra="forbid")

    @field_validator("*", mode="before")
    @classmethod
    def no_nul(cls, value: Any) -> Any:
        return _refuse_nul(value)


# --- fields ----------------------------------------------------------------------------------------


class ChoiceIn(In):
    value: str = Field(examples=["quote"])
    label: Translations = {}


class ChoiceOut(Schema):
    value: str
    label: dict[str, str]


class FieldIn(In):
    """Every key is optional: a change names only what changes."""

    id: Id | None = Field(None, description="Names an existing field (in a form's `fields` list).")
    machine_name: str | None = Field(
        None,
        description="a-z, 0-9 and _, starting with a letter; empty: the field answers to f<id>.",
        examples=["email"],
    )
    label: Translations | None = None
    type: FieldType | None = Field(None, examples=["email"])
    hint: Translations | None = None
    in_table: bool | None = Field(None, description="A column of the submission list.")
    full_width: bool | None = None
    position: Count | None = None
    required: bool | None = None
    choices: list[ChoiceIn | str] | None = Field(
        None,
        description="For select, radio and checkbox.",
        examples=[[{"value": "quote", "label": {"en": "A quote"}}]],
    )
    min_length: Count | None = None
    max_length: Count | None = None
    min_value: str | None = Field(None, description="Earliest date, YYYY-MM-DD (date fields).")
    max_value: str | None = Field(None, description="Latest date, YYYY-MM-DD (date fields).")
    extensions: list[str] | None = Field(
        None, description="File fields: within the site's list.", examples=[["pdf"]]
    )
    remove: bool | None = Field(None, description="true puts the field aside (soft deletion).")


class FieldOut(Schema):
    id: int
    name: str = Field(description="The machine name, or f<id> for a field that has none.", examples=["email"])
    machine_name: str
    label: dict[str, str]
    type: str = Field(examples=["email"])
    type_label: str = Field(examples=["E-mail address"])
    hint: dict[str, str]
    in_table: bool
    full_width: bool
    position: int
    required: bool
    choices: list[ChoiceOut]
    min_length: int | None
    max_length: int | None
    min_value: str
    max_value: str
    extensions: list[str]
    deleted_at: datetime | None = Field(description="When the field was put aside; null while it is live.")


class FieldsQuery(Schema):
    removed: bool = Field(False, description="true adds the put-aside fields after the live ones.")


# --- forms -----------------------------------------------------------------------------------------


class RecipientsIn(In):
    accounts: list[Id] = Field([], description="Account ids; each needs an address and must be active.")
    addresses: list[str] = Field([], examples=[["office@example.com"]])


class AntispamIn(In):
    honeypot: bool | None = None
    timestamp: bool | None = None
    origin: bool | None = None
    rate_limit: bool | None = None
    min_seconds: int | None = Field(None, ge=0, le=3600)
    throttle: int | None = Field(None, ge=1, le=1000)
    origins: list[str] | None = Field(None, examples=[["https://partner.example.com"]])


class OptionsIn(In):
    recipients: RecipientsIn | None = None
    antispam: AntispamIn | None = Field(
        None, description="This form's overrides of the site's antispam settings."
    )
    captcha: bool = False


class RecipientsOut(Schema):
    accounts: list[int]
    addresses: list[str]


class OptionsOut(Schema):
    recipients: RecipientsOut
    antispam: dict[str, Any]
    captcha: bool


class FormIn(In):
    slug: str = Field(examples=["contact-us"], description="Lower-case letters, digits, single hyphens.")
    title: Translations
    options: OptionsIn | None = Field(None, description="Replaced as a whole when given.")
    is_switched_off: bool | None = None
    email_field_name: str | None = Field(None, examples=["email"], description="Its answer is the Reply-To.")
    extra: dict[str, Any] | None = Field(
        None, description=EXTRA_HELP, json_schema_extra=extra_schema(FORM_EDITOR.id)
    )
    fields: list[FieldIn] | None = None


class FormChange(FormIn):
    """Partial: only the keys given change. Fields are matched by id or machine name;
    `remove: true` puts one aside; fields not named are left alone."""

    # Optional here though required in FormIn: a change's body only, never read as a FormIn.
    slug: str | None = Field(None, examples=["contact-us"])  # type: ignore[assignment]
    title: Translations | None = None  # type: ignore[assignment]


EXTRA_OUT_HELP = (
    "The form editor's project fields by name, each with its stored value (a localized one per "
    "language) or null."
)


class FormRow(Schema):
    id: int
    slug: str
    title: dict[str, str]
    title_text: str = Field(description="The title in the caller's language.")
    is_switched_off: bool
    total: int = Field(description="Submissions, spam left out.")
    unread: int = Field(description="Unread submissions, spam left out.")
    position: int
    extra: dict[str, Any] = Field(description=EXTRA_OUT_HELP, examples=[{"budget": 1200}])


class FormOut(Schema):
    id: int
    slug: str
    title: dict[str, str]
    title_text: str
    options: OptionsOut
    is_switched_off: bool
    email_field_name: str
    position: int
    extra: dict[str, Any] = Field(description=EXTRA_OUT_HELP, examples=[{"budget": 1200}])
    fields: list[FieldOut] = Field(description="The live fields, in order.")


class DuplicateIn(In):
    slug: str | None = Field(None, description="Default: <slug>-copy, <slug>-copy-2, ...")
    title: Translations | None = Field(None, description='Default: each title with " (copy)".')


class OrderIn(In):
    order: list[Id] = Field(description="Every id exactly once, in the new order.", examples=[[3, 1, 2]])


# --- statuses ----------------------------------------------------------------------------------------


class StatusIn(In):
    label: Translations = Field(description="Needs a text in the site's default language.")
    colour: str = Field(examples=["#2563eb"], description="#rrggbb")
    is_arrival: bool | None = Field(None, description="true moves the arrival flag to this status.")
    is_spam: bool | None = Field(None, description="true moves the spam flag to this status.")
    is_closed: bool | None = None


class StatusChange(StatusIn):
    # Optional here though required in StatusIn: a change's body only, never read as a StatusIn.
    label: Translations | None = None  # type: ignore[assignment]
    colour: str | None = Field(None, examples=["#2563eb"])  # type: ignore[assignment]


class StatusOut(Schema):
    id: int
    label: dict[str, str]
    label_text: str
    colour: str
    is_arrival: bool
    is_spam: bool
    is_closed: bool
    position: int


class AssigneeOut(Schema):
    id: int
    name: str
    email: str


# --- submissions -------------------------------------------------------------------------------------


class FilterQuery(Schema):
    """The list filters (docs/inbox.md, "List filters"); empty values are unset."""

    tab: str = Field("all", max_length=18, description="all, unread, or a status id.", examples=["unread"])
    q: str = Field("", max_length=200, description="Words that must all occur in the answers.")
    status: str = Field("", max_length=18, description="A status id.")
    assignee: str = Field("", max_length=18, description="An account id, or none for the unassigned.")
    since: str = Field(
        "", max_length=10, description="Received on or after, YYYY-MM-DD.", examples=["2026-01-31"]
    )
    until: str = Field(
        "", max_length=10, description="Received on or before, YYYY-MM-DD.", examples=["2026-02-28"]
    )

    @field_validator("*", mode="before")
    @classmethod
    def no_nul(cls, value: Any) -> Any:
        return _refuse_nul(value)


class ListQuery(FilterQuery):
    page: int = Field(1, ge=1, le=1_000_000)
    per_page: int = Field(DEFAULT_PER_PAGE, ge=1, le=MAX_PER_PAGE)


class ExportQuery(FilterQuery):
    bom: bool = Field(False, description="Start with the UTF-8 byte order mark (for some spreadsheets).")


class StatusRef(Schema):
    id: int
    label: str
    colour: str


class AccountRef(Schema):
    id: int
    name: str


class SubmissionRow(Schema):
    id: int
    created_at: datetime
    status: StatusRef
    assignee: AccountRef | None
    is_unread: bool
    language: str
    source: str = Field(examples=["public"], description="public (the website) or panel (typed in by hand).")
    cells: dict[str, str] = Field(
        description="The in_table answers by machine name.", examples=[{"name": "Ada"}]
    )


class ColumnOut(Schema):
    name: str
    label: str


class TabOut(Schema):
    key: str = Field(description="all, unread or a status id; send it back as `tab`.")
    label: str
    count: int
    unread: int
    colour: str


class SubmissionList(Page[SubmissionRow]):
    total_is_capped: bool = Field(description="true when a narrowed list stopped counting at 10,000.")
    columns: list[ColumnOut]
    tabs: list[TabOut]


class FormRef(Schema):
    id: int
    slug: str
    title_text: str


class AnswerOut(Schema):
    name: str
    label: str = Field(description="The label as it was when the answer was given, in the caller's language.")
    labels: dict[str, str]
    type: str
    value: str
    values: list[str] | None = Field(description="Several answers (checkboxes, files) as a list.")


class FileOut(Schema):
    id: int
    name: str = Field(description="The file name the visitor sent (display only).")
    size: int
    content_type: str
    answer: str = Field(description="The machine name of the file field.")
    url: str = Field(description="The panel API route that serves the bytes (inbox.view).")


class LogOut(Schema):
    action: str = Field(examples=["submission.status_changed"])
    text: str = Field(description="The action in words, in the caller's language.")
    actor: str | None = Field(description="The account that acted; null for a visitor or the system.")
    token: str | None = Field(description="The name of the API token it acted with; null for a session.")
    changes: dict[str, list[Any]] = Field(
        description="The changed values as {name: [before, after]}.", examples=[{"status": [1, 2]}]
    )
    detail: dict[str, Any] = Field(description="What else the line records, e.g. a submission's source.")
    created_at: datetime


class SubmissionOut(Schema):
    id: int
    form: FormRef
    status: StatusRef
    assignee: AccountRef | None
    is_unread: bool
    language: str
    source: str
    source_label: str
    metadata: dict[str, Any]
    notify_error: str
    created_at: datetime
    updated_at: datetime
    answers: list[AnswerOut]
    files: list[FileOut]
    log: list[LogOut]
    previous: int | None = Field(description="The newer neighbour in the filtered list.")
    next: int | None = Field(description="The older neighbour in the filtered list.")


class SubmissionIn(In):
    answers: dict[str, Answer] = Field(description="Answers by machine name.", examples=[{"name": "Ada"}])
    language: str | None = Field(None, examples=["en"], description="Default: the site's default language.")


class SubmissionChange(In):
    status: Id | None = None
    assignee: Id | None = Field(None, description="An account id; null unassigns.")
    answers: dict[str, Answer] | None = Field(None, description="Corrected answers by machine name.")


class ReadIn(In):
    read: bool = Field(examples=[True])


class MassIn(In):
    form: Id
    ids: list[Id] = Field(max_length=MAX_SELECTION, description="Submissions of that form.")
    status: Id | None = None
    delete: bool = False


class MassOut(Schema):
    changed: int
