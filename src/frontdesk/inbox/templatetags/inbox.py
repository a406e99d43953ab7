"""`{% inbox_form "contact" class="my-form" prefill=some_dict %}`: a form of the inbox on a site page.

Accepts a slug or a Form object; prints nothing for an unknown or switched-off form. The markup
lives in small templates under inbox/site/ that a site can override one by one (frame, field, one
control per type, message, honeypot, captcha). A no-script post comes back through the session
(door.py): the outcome is read once, and only by the form named in its `form` key.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from django import template
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from frontdesk.core import csp
from frontdesk.core.languages import translate
from frontdesk.inbox import antispam, captcha
from frontdesk.inbox.answers import door_path, input_name
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.door import SESSION_KEY
from frontdesk.inbox.models import Field, Form

register = template.Library()

GROUP_TYPES = ("radio", "checkbox")  # a <fieldset> with a <legend> instead of one <label>
OWN_LABEL_TYPES = (*GROUP_TYPES, "consent", "hidden")


@dataclass
class Choice:
    value: str
    label: str
    id: str
    checked: bool


@dataclass
class SiteField:
    """What the field and control templates read about one field."""

    field: Field
    name: str
    type: str
    id: str
    input_name: str
    label: str
    hint: str
    value: str = ""
    # dataclasses.field: in this class `field` is the Field above.
    values: list[str] = dataclasses.field(default_factory=list)
    errors: list[str] = dataclasses.field(default_factory=list)
    choices: list[Choice] = dataclasses.field(default_factory=list)
    autocomplete: str = ""
    accept: str = ""

    @property
    def template(self) -> str:
        return f"inbox/site/controls/{self.type}.html"

    @property
    def own_label(self) -> bool:
        return self.type in OWN_LABEL_TYPES

    @property
    def is_group(self) -> bool:
        return self.type in GROUP_TYPES

    @property
    def control_id(self) -> str:
        """The element an error summary link points at (the first box of a group)."""
        return self.choices[0].id if self.is_group and self.choices else self.id

    @property
    def hint_id(self) -> str:
        return f"{self.id}-hint"

    @property
    def error_id(self) -> str:
        return f"{self.id}-error"

    @property
    def described_by(self) -> str:
        return " ".join([self.hint_id] * bool(self.hint) + [self.error_id])


def _find_form(form: Form | str | None) -> Form | None:
    if isinstance(form, Form):
        return None if form.is_switched_off else form
    if not form:
        return None
    return Form.objects.live().filter(slug=str(form)).first()


def _take_outcome(request, slug: str) -> dict | None:
    """The session's outcome when it names this form; taken out so it shows once."""
    session = getattr(request, "session", None)
    if session is None:
        return None
    outcome = session.get(SESSION_KEY)
    if not isinstance(outcome, dict) or outcome.get("form") != slug:
        return None
    return session.pop(SESSION_KEY)


def _as_list(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    return [str(value)]


def _choices(item: Field, base_id: str, selected: list[str]) -> list[Choice]:
    result = []
    for index, raw in enumerate(item.choices or []):
        if isinstance(raw, dict):
            value = str(raw.get("value", ""))
            label = translate(raw.get("label")) or value
        else:
            value = label = str(raw)
        result.append(Choice(value, label, f"{base_id}-{index}", value in selected))
    return result


def _accept(item: Field) -> str:
    extensions = item.extensions or inbox_settings()["upload"]["extensions"]
    return ",".join(f".{str(ext).lower().lstrip('.')}" for ext in extensions)


def _site_field(item: Field, slug: str, posted: dict, prefill: dict, errors: dict) -> SiteField:
    name, kind = item.name, item.kind
    base_id = f"site-{slug}-{name}"
    if name in posted:
        values = _as_list(posted[name])
    elif item.type == "hidden" and name in prefill:
        values = _as_list(prefill[name])
    else:
        values = []
    return SiteField(
        field=item,
        name=name,
        type=item.type,
        id=base_id,
        input_name=input_name(item),
        label=translate(item.label) or name,
        hint=translate(item.hint),
        value=values[0] if values and item.type != "file" else "",
        values=values,
        errors=[str(message) for message in errors.get(name, [])],
        choices=_choices(item, base_id, values),
        autocomplete=kind.autocomplete,
        accept=_accept(item) if item.type == "file" else "",
    )


def _field_errors(outcome: dict | None) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    for key, messages in ((outcome or {}).get("errors") or {}).items():
        if isinstance(key, str) and key.startswith("fields."):
            errors[key.removeprefix("fields.")] = _as_list(messages)
    return errors


@register.simple_tag(takes_context=True)
def inbox_form(context, form, **options) -> str:
    """Print the form `form` (a slug or a Form); options: class="...", prefill={name: value}."""
    found = _find_form(form)
    if found is None:
        return ""
    slug = found.slug
    request = context.get("request")
    outcome = _take_outcome(request, slug)
    errors = _field_errors(outcome)
    posted = (outcome or {}).get("values") or {} if outcome and not outcome.get("ok") else {}
    prefill = options.get("prefill") or {}
    if not isinstance(prefill, dict):
        prefill = {}
    fields = [_site_field(item, slug, posted, prefill, errors) for item in found.live_fields()]
    rules = antispam.rules_for(found.options.get("antispam"))
    captcha_config = captcha.site_config() if found.options.get("captcha") else None
    if captcha_config is not None:
        # The widget's origins for this page's answer only (docs/configuration.md).
        csp.allow(request, captcha_config.provider.csp)
    configured = inbox_settings()
    return render_to_string(
        "inbox/site/frame.html",
        {
            "form": found,
            "slug": slug,
            "css_class": str(options.get("class") or "").strip(),
            "action": door_path(slug),
            "has_files": any(item.type == "file" for item in fields),
            "fields": fields,
            "invalid_fields": [item for item in fields if item.errors],
            "outcome": outcome,
            "honeypot_name": rules.honeypot_name,
            "timestamp_name": rules.timestamp_name,
            "timestamp": antispam.issue_timestamp(slug),
            "locale": translation.get_language() or settings.LANGUAGE_CODE,
            "captcha": captcha_config,
            "script": bool(configured["script"]),
        },
        request=request,
    )
