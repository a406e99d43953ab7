"""The Inbox pages that change the set-up: the Form editor (create and edit), the Embedding tab and
the Statuses screen (inbox.manage). They render the current values server-side; every change is
written by their scripts through the panel JSON API (/api/cms/inbox/...), as DESIGN.md asks."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from frontdesk.core.languages import translate
from frontdesk.core.panel.access import panel_page
from frontdesk.core.panel.profile_views import language_choices
from frontdesk.inbox import antispam, captcha, queries
from frontdesk.inbox.answers import door_address, input_name
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.field_types import FIELD_TYPES
from frontdesk.inbox.models import Field, Form, Status
from frontdesk.inbox.panel.layout import inbox_context
from frontdesk.inbox.panel.screens import FORM_EDITOR
from frontdesk.inbox.permissions import MANAGE
from frontdesk.publishing.project_fields.panel import card_fields

SWITCHES = antispam.SWITCHES  # the antispam layers a form may switch off for itself
ID_SLOT = 987654321  # stands for an id in address templates the scripts fill in


@dataclass
class Texts:
    """One language's inputs of a translated value (a label, a hint, a choice's label)."""

    code: str
    name: str
    text: str = ""
    extra: str = ""  # a second text in the same language (a field's hint)


@dataclass
class FieldRow:
    """What the field editor partial reads about one field; `uid` keeps element ids unique."""

    uid: str
    index: int | str
    id: int | None = None
    name: str = ""
    machine_name: str = ""
    type: str = "text"
    title: str = ""
    kind: object = FIELD_TYPES["text"]
    texts: list[Texts] = field(default_factory=list)
    required: bool = False
    in_table: bool = False
    full_width: bool = True
    choices: list[dict] = field(default_factory=list)
    min_length: int | None = None
    max_length: int | None = None
    min_value: str = ""
    max_value: str = ""
    extensions: list[tuple[str, bool]] = field(default_factory=list)


def _texts(value: dict | None, languages, extra: dict | None = None) -> list[Texts]:
    value, extra = value or {}, extra or {}
    return [Texts(code, name, value.get(code, ""), extra.get(code, "")) for code, name in languages]


def _choice_rows(item: Field, languages) -> list[dict]:
    rows = []
    for raw in item.choices or []:
        if isinstance(raw, dict):
            rows.append({"value": str(raw.get("value", "")), "texts": _texts(raw.get("label"), languages)})
        else:
            rows.append({"value": str(raw), "texts": _texts({}, languages)})
    return rows


def field_row(item: Field | None, index: int | str, languages) -> FieldRow:
    """A saved field as the editor shows it, or (item=None) the blank one new fields start from."""
    whitelist = inbox_settings()["upload"]["extensions"]
    if item is None:
        row = FieldRow(uid="__uid__", index=index, texts=_texts({}, languages))
        row.choices = [{"value": "", "texts": _texts({}, languages)}]
        row.extensions = [(ext, False) for ext in whitelist]
        return row
    return FieldRow(
        uid=f"field-{item.pk}",
        index=index,
        id=item.pk,
        name=item.name,
        machine_name=item.machine_name,
        type=item.type,
        title=translate(item.label) or item.name,
        kind=item.kind,
        texts=_texts(item.label, languages, item.hint),
        required=item.required,
        in_table=item.in_table,
        full_width=item.full_width,
        choices=_choice_rows(item, languages) or [{"value": "", "texts": _texts({}, languages)}],
        min_length=item.min_length,
        max_length=item.max_length,
        min_value=item.min_value,
        max_value=item.max_value,
        extensions=[(ext, ext in (item.extensions or [])) for ext in whitelist],
    )


def _api(path: str = "") -> str:
    return f"{reverse('cms-api:api-root')}inbox{path}"


def _address_template(name: str) -> str:
    return reverse(name, args=[ID_SLOT]).replace(str(ID_SLOT), "{id}")


def _recipient_accounts(chosen: list) -> list:
    """Accounts that can open the inbox, plus any already chosen that no longer can (kept visible
    so saving the form never drops a recipient unseen)."""
    accounts = list(queries.assignees())
    known = {account.pk for account in accounts}
    missing = [pk for pk in chosen if pk not in known]
    if missing:
        accounts += list(get_user_model().objects.filter(pk__in=missing))
    return accounts


def editor_context(form: Form | None) -> dict:
    languages = language_choices()
    fields = list(form.live_fields()) if form else []
    options = (form.options if form else {}) or {}
    recipients = options.get("recipients") or {}
    chosen = [int(pk) for pk in recipients.get("accounts") or []]
    overrides = options.get("antispam") or {}
    return {
        "editing": form,
        "languages": languages,
        "default_language": settings.LANGUAGE_CODE,
        "field_types": list(FIELD_TYPES.values()),
        "rows": [field_row(item, index, languages) for index, item in enumerate(fields)],
        "blank_row": field_row(None, "__index__", languages),
        "blank_choice": {"value": "", "texts": _texts({}, languages)},
        "title_texts": _texts(form.title if form else {}, languages),
        "project_fields": card_fields(FORM_EDITOR.id, form.extra if form else {}, languages),
        "email_fields": [item for item in fields if item.type == "email"],
        "accounts": _recipient_accounts(chosen),
        "chosen_accounts": chosen,
        "addresses": "\n".join(recipients.get("addresses") or []),
        "site_antispam": antispam.site_settings(),
        "overrides": overrides,
        "override_origins": "\n".join(overrides.get("origins") or []),
        "switches_off": [name for name in SWITCHES if overrides.get(name) is False],
        "captcha_available": captcha.site_config() is not None,
        "api_forms": _api("/forms"),
        "edit_address": _address_template("panel:panel-inbox:form_edit"),
        "explorer_address": reverse("panel:panel-inbox:explorer"),
    }


@panel_page("inbox", MANAGE)
def form_new(request: HttpRequest) -> HttpResponse:
    context = inbox_context(request, None, tab="form")
    # Nothing is open yet: the layout marks no form and shows no form tabs while creating.
    context.update(form=None, creating=True, **editor_context(None))
    return render(request, "inbox/panel/form_editor.html", context)


@panel_page("inbox", MANAGE)
def form_edit(request: HttpRequest, form: int) -> HttpResponse:
    context = inbox_context(request, form, tab="form")
    context.update(editor_context(context["form"]))
    return render(request, "inbox/panel/form_editor.html", context)


@panel_page("inbox", MANAGE)
def embedding(request: HttpRequest, form: int) -> HttpResponse:
    context = inbox_context(request, form, tab="embedding")
    current: Form = context["form"]
    fields = list(current.live_fields())
    hidden = [item for item in fields if item.type == "hidden"]
    pairs = ", ".join(f'"{item.name}": "…"' for item in hidden) or '"campaign": "…"'
    context.update(
        fields=[(item, input_name(item)) for item in fields],
        snippet=f'{{% load inbox %}}{{% inbox_form "{current.slug}" %}}',
        snippet_class=f'{{% load inbox %}}{{% inbox_form "{current.slug}" class="my-form" %}}',
        prefill_view=f'return render(request, "page.html", {{"prefill": {{{pairs}}}}})',
        prefill_tag=f'{{% load inbox %}}{{% inbox_form "{current.slug}" prefill=prefill %}}',
        hidden_fields=hidden,
        door_address=door_address(current.slug),
        antispam_names=antispam.site_settings(),
        error_key="fields.<machine name>",
        timestamp_off=(current.options.get("antispam") or {}).get("timestamp") is False,
    )
    return render(request, "inbox/panel/embedding.html", context)


@panel_page("inbox", MANAGE)
def statuses(request: HttpRequest) -> HttpResponse:
    context = inbox_context(request, None, tab="form")
    languages = language_choices()
    rows = [
        {"status": status, "uid": f"status-{status.pk}", "texts": _texts(status.label, languages)}
        for status in Status.objects.order_by("position", "id")
    ]
    context.update(
        form=None,
        status_rows=rows,
        blank_status={"status": None, "uid": "__uid__", "texts": _texts({}, languages)},
        languages=languages,
        api_statuses=_api("/statuses"),
    )
    return render(request, "inbox/panel/statuses.html", context)
