"""The answers and queries of the inbox API, as the OpenAPI document shows them (docs/inbox.md,
"Panel API"). The request bodies are the inbox's inputs (inbox/inputs.py), shared with the agent
tools. Queries refuse text holding NUL characters, as the bodies do.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema
from pydantic import Field, field_validator

from frontdesk.core.api.pagination import Page
from frontdesk.core.inputs import refuse_unstorable_text
from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_PER_PAGE


class ChoiceOut(Schema):
    value: str
    label: dict[str, str]


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


class RecipientsOut(Schema):
    accounts: list[int]
    addresses: list[str]


class OptionsOut(Schema):
    recipients: RecipientsOut
    antispam: dict[str, Any]
    captcha: bool


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
    def only_storable_text(cls, value: Any) -> Any:
        return refuse_unstorable_text(value)


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


class MassOut(Schema):
    changed: int
