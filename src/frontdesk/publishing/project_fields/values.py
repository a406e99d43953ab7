"""Project-field values: judged and merged into a row's `extra` on every save, shaped for the
doors, and read for templates (docs/host.md, "Project fields").

`extra` maps a field's name to its stored value: the type's stored shape, or for a localized
field a translated value {"en": ..., "de": ...}. Names no longer on the screen's patch list keep
their values untouched: nothing shows them and no save changes them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from frontdesk.core.fields import merge_translations
from frontdesk.core.languages import default_language, translate
from frontdesk.publishing.project_fields.patches import ProjectField, fields_of


def clean_extra(screen_id: str, stored: Mapping[str, Any] | None, sent: object) -> dict[str, Any]:
    """What a save of `sent` ({name: value}) leaves of `stored`: the names given change, the others
    stay. null or "" removes a value; a localized one is merged by language, as every translated
    value is. Raises ValidationError under each refused field's own name, and an unknown name
    under `extra.<name>`, all at once."""
    if not isinstance(sent, dict):
        raise ValidationError({"extra": [_("Give the project fields as an object keyed by name.")]})
    fields = {field.name: field for field in fields_of(screen_id)}
    result = dict(stored or {})
    errors: dict[str, list[str]] = {}
    for name, value in sent.items():
        if name not in fields:
            # Under `extra.<name>`: the name has no control of its own to stand beside, and one
            # such as `title` must not read as a refusal of the row's own title.
            errors[f"extra.{name}"] = [_("Unknown project field: %(names)s.") % {"names": name}]
            continue
        try:
            cleaned = clean_value(fields[name], result.get(name), value)
        except ValidationError as error:
            errors[name] = list(dict.fromkeys(error.messages))
            continue
        if cleaned in (None, {}):
            result.pop(name, None)
        else:
            result[name] = cleaned
    if errors:
        raise ValidationError(errors)
    return result


def clean_value(field: ProjectField, stored: Any, sent: Any) -> Any:
    """One field's new stored value (None: no value), or ValidationError with its messages."""
    if not field.localized:
        return None if sent is None or sent == "" else field.type.clean(sent, field.props)
    merged = merge_translations(stored if isinstance(stored, dict) else None, sent)
    # Only the languages sent are judged: a text stored before a patch tightened its limits
    # must not block a save that changes another language.
    sent_codes = {default_language()} if isinstance(sent, str) else set(sent or {})
    named = [code for code in merged if code in sent_codes]
    problems: list[str] = []
    for code in named:
        try:
            merged[code] = field.type.clean(merged[code], field.props)
        except ValidationError as error:
            problems.extend(error.messages)
    if problems:
        raise ValidationError(problems)
    return merged


def listed_extra(screen_id: str, stored: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every field of the screen by name with its stored value, null when it has none: what the
    API and the agent tools answer (a localized value whole, as `title` is)."""
    stored = stored or {}
    return {field.name: stored.get(field.name) for field in fields_of(screen_id)}


def read_value(field: ProjectField, stored: Any, language: str | None = None) -> Any:
    """The value a template prints: a localized one in `language` (default: the active one) by
    the host's fallback rule, a date as a date, a number as a number, a choice as its label."""
    if stored is None:
        return ""
    if field.localized:
        stored = translate(stored if isinstance(stored, dict) else {}, language)
        if not stored:
            return ""
    return field.type.read(stored, field.props)
