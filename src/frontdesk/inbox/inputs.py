"""The inbox's inputs: one model per changing operation, the panel API's body and the agent tool's
parameters alike (docs/architecture.md, "Inputs"), so both doors show the same names, types,
limits and descriptions.

Ids are bounded to what a database id can hold, so a huge one is a 422, not a 500 (an impossible
id in a path is a 404, see api/lookups.py). Everything else is judged by the operations, which key
their errors by the same names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from frontdesk.core.inputs import (
    NOT_GIVEN,
    Input,
    LanguageCode,
    Name,
    NoteBody,
    PlainTexts,
    Text,
    Title,
    TitleTexts,
    not_given,
)
from frontdesk.core.limits import MAX_ID, MAX_INTEGER
from frontdesk.inbox.field_types import FIELD_TYPES
from frontdesk.inbox.panel.screens import FORM_EDITOR
from frontdesk.inbox.queries.lookups import find_account, find_status
from frontdesk.publishing.project_fields.schemas import EXTRA_HELP, extra_schema

MAX_SELECTION = 1000

Id = Annotated[int, Field(ge=1, le=MAX_ID, examples=[7])]
Count = Annotated[int, Field(ge=0, le=MAX_INTEGER)]
TEXTS_HELP = (
    'Text per language code, the site\'s languages only, e.g. {"en": "Contact", "de": "Kontakt"}. '
    'A save changes the languages it names and keeps the others; "" or null removes a language; '
    "a plain string sets the site's default language."
)
# A plain string is the default language's text (core/fields.py, merge_translations).
Translations = Annotated[PlainTexts, Field(examples=[{"en": "Contact", "de": "Kontakt"}])]
Titles = Annotated[TitleTexts, Field(examples=[{"en": "Contact", "de": "Kontakt"}])]
if TYPE_CHECKING:
    FieldType = str  # the keys of FIELD_TYPES, which only exist at run time
else:
    FieldType = Literal[tuple(FIELD_TYPES)]
Answer = Annotated[Text | list[Text], Field(examples=["Ada Lovelace", ["mon", "tue"]])]
# Named as people name them: a status by id or label, an account by id or e-mail address
# (inbox/queries/lookups.py); an id is the API's usual form, a label what an agent knows.
StatusName = Annotated[int | Title, Field(examples=[3, "Done"])]
AccountName = Annotated[int | Name, Field(examples=[7, "ada@example.com"])]


# --- fields ----------------------------------------------------------------------------------------


class ChoiceIn(Input):
    value: Name = Field(description="What is stored and exported.", examples=["quote"])
    label: Translations = Field({}, description="What the visitor reads. " + TEXTS_HELP)


class FieldIn(Input):
    """One field to create, change or put aside: every key is optional, a change names only what
    changes."""

    id: Id | None = Field(None, description="Names an existing field by id (or use machine_name).")
    machine_name: Name | None = Field(
        None,
        description="Names an existing field (a field without a machine name answers to f<id>, e.g. "
        "f22), or names a new one: a-z, 0-9 and _, starting with a letter. It is the input name "
        "fields[<machine_name>], the CSV heading and the answer's key.",
        examples=["email", "company_name"],
    )
    label: Translations | None = Field(None, description="The question. " + TEXTS_HELP)
    type: FieldType | None = Field(
        None, description="The kind of control (a new field: default text).", examples=["email"]
    )
    hint: Translations | None = Field(None, description="Help printed under the control. " + TEXTS_HELP)
    in_table: bool | None = Field(None, description="Whether it is a column of the submission list.")
    full_width: bool | None = Field(None, description="false prints it at half width.")
    position: Count | None = Field(None, description="Order among the fields (smaller first).")
    required: bool | None = Field(None, description="Whether an answer is required.")
    choices: list[ChoiceIn | Name] | None = Field(
        None,
        description="For select, radio and checkbox: the choices, as plain strings or "
        '{"value": ..., "label": {...}}. Replaces the whole list.',
        examples=[["mon", "tue"], [{"value": "quote", "label": {"en": "A quote"}}]],
    )
    min_length: Count | None = Field(None, description="Fewest characters (text types); null clears.")
    max_length: Count | None = Field(None, description="Most characters (text types); null clears.")
    min_value: Name | None = Field(None, description="Earliest date, YYYY-MM-DD (date fields); empty clears.")
    max_value: Name | None = Field(None, description="Latest date, YYYY-MM-DD (date fields); empty clears.")
    extensions: list[Name] | None = Field(
        None,
        description="Accepted file extensions (file fields), within the site's list.",
        examples=[["pdf"]],
    )
    remove: bool | None = Field(
        None, description="true puts the field aside (soft deletion); its earlier answers stay readable."
    )


# --- forms -----------------------------------------------------------------------------------------


class RecipientsIn(Input):
    accounts: list[Id] = Field(
        [], description="Ids of accounts to mail; each needs an address and must be active."
    )
    addresses: list[Name] = Field(
        [], description="Typed-in e-mail addresses to mail.", examples=[["office@example.com"]]
    )


class AntispamIn(Input):
    honeypot: bool | None = None
    timestamp: bool | None = None
    origin: bool | None = None
    rate_limit: bool | None = None
    min_seconds: int | None = Field(None, ge=0, le=3600)
    throttle: int | None = Field(None, ge=1, le=1000, description="Posts a minute.")
    origins: list[Name] | None = Field(
        None, description="Extra origins allowed to post.", examples=[["https://partner.example.com"]]
    )


class OptionsIn(Input):
    """Only the keys given are replaced; the others keep their value."""

    recipients: RecipientsIn | None = Field(
        None, description="Who is mailed on a new submission; replaces the whole list."
    )
    antispam: AntispamIn | None = Field(
        None, description="This form's overrides of the site's antispam settings."
    )
    captcha: bool = Field(False, description="Whether the form asks for a captcha.")


class FormChange(Input):
    """A change of a form and some of its fields: only the keys given change. Fields are matched by
    id or machine name; `remove: true` puts one aside; fields not named are left alone."""

    slug: Name | None = Field(
        None,
        description="Address segment: lower-case letters, digits, single hyphens.",
        examples=["contact-us"],
    )
    title: Titles | None = Field(None, description="The form's title. " + TEXTS_HELP)
    options: OptionsIn | None = Field(None, description="Recipients, antispam overrides, captcha.")
    is_switched_off: bool | None = Field(
        None, description="true: the form prints nothing and takes no submissions."
    )
    email_field_name: Name | None = Field(
        None,
        description="Machine name (or f<id>) of the e-mail field whose answer becomes the Reply-To; "
        "empty clears.",
        examples=["email"],
    )
    # An object keyed by the fields' own names rather than a parameter per field: no site's
    # field name can ever clash with a key this model gains later (docs/host.md, "Project fields").
    extra: dict[str, Any] | None = Field(
        None, description=EXTRA_HELP, json_schema_extra=extra_schema(FORM_EDITOR.id)
    )
    fields: list[FieldIn] | None = Field(
        None,
        description="Fields to create, change or put aside, matched by id or machine_name (f<id> for "
        "a field without one). Fields not named are left alone. Give a new field its type (default "
        "text) and label.",
        examples=[
            [
                {"machine_name": "phone", "type": "tel", "label": {"en": "Phone"}},
                {"machine_name": "fax", "remove": True},
            ]
        ],
    )

    def values(self) -> tuple[dict[str, Any], list[dict[str, Any]] | None]:
        """The form's values given and the fields given, as `create_form`/`update_form` takes them."""
        values = self.model_dump(exclude_unset=True)
        return values, values.pop("fields", None)


class FormIn(FormChange):
    """A new form: the API's create body. (inbox_form_save creates through FormChange, and the
    operation asks for the slug and the title in its own words.)"""

    required_fields = ("slug", "title")


class DuplicateIn(Input):
    slug: Name | None = Field(None, description="Default: <slug>-copy, <slug>-copy-2, ...")
    title: Titles | None = Field(None, description='Default: each title with " (copy)".')


class OrderIn(Input):
    order: list[Id] = Field(description="Every id exactly once, in the new order.", examples=[[3, 1, 2]])


# --- statuses ----------------------------------------------------------------------------------------


class StatusChange(Input):
    label: Titles | None = Field(
        None, description="Needs a text in the site's default language. " + TEXTS_HELP
    )
    colour: Name | None = Field(None, examples=["#2563eb"], description="#rrggbb")
    is_arrival: bool | None = Field(None, description="true moves the arrival flag to this status.")
    is_spam: bool | None = Field(None, description="true moves the spam flag to this status.")
    is_closed: bool | None = None


class StatusIn(StatusChange):
    required_fields = ("label", "colour")


# --- submissions -------------------------------------------------------------------------------------


class SubmissionIn(Input):
    answers: dict[Name, Answer] = Field(description="Answers by machine name.", examples=[{"name": "Ada"}])
    language: LanguageCode | None = Field(
        None, examples=["en"], description="Default: the site's default language."
    )


class SubmissionChange(Input):
    """The API's change of a submission: status, assignee and corrected answers, by id."""

    status: Id | None = Field(None, description="The new status, by id.")
    assignee: Id | None = Field(
        None, description="Who handles it: an account that can open the inbox, by id; null unassigns."
    )
    answers: dict[Name, Answer] | None = Field(None, description="Corrected answers by machine name.")


class HandlingWithNote(Input):
    """inbox_set_status's input: the status and the assignee named as people name them (a status
    by its label, an account by its e-mail address, or either by id), and a staff note, in one
    transaction. Its own operation (update_submission, then add_note), so its own model: the API
    names by id and leaves notes to the notes route."""

    status: StatusName | None = Field(
        None,
        description="The new status, by id or by its label in any of the site's languages (any case), "
        "e.g. Done. A label several statuses share is refused: give the id.",
    )
    assignee: AccountName | None = Field(
        default_factory=not_given,  # left out: keep it; null clears it
        description="Who handles it: an account that can open the inbox, by id or e-mail address. "
        "null removes the assignee; leave it out to keep the current one.",
        examples=["ada@example.com", None],
    )
    note: NoteBody | None = Field(
        None, description="A staff note to add (the shared notes of the submission)."
    )

    def handling(self) -> dict[str, Any]:
        """The status and assignee given, as `update_submission` takes them (ids)."""
        given: dict[str, Any] = {}
        if self.status is not None:
            given["status"] = find_status(self.status).pk
        if self.assignee is not NOT_GIVEN:
            given["assignee"] = None if self.assignee in (None, "") else find_account(self.assignee)
        return given


class ReadIn(Input):
    read: bool = Field(examples=[True])


class MassIn(Input):
    form: Id
    ids: list[Id] = Field(max_length=MAX_SELECTION, description="Submissions of that form.")
    status: Id | None = None
    delete: bool = False
