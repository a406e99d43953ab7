"""Validation derived from a form's fields, and the snapshot each answer is stored as.

`clean_answers(fields, raw)` turns the posted values into `CleanAnswer`s or raises one
ValidationError whose keys are `fields.<machine name>`. The rules a field can carry (required,
choices, length, date bounds) are listed in docs/inbox.md, "Field rules".
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.translation import gettext as _

from frontdesk.core.languages import translate

PHONE = re.compile(r"^\+?[0-9 ()./-]{3,40}$")
CONSENT_VALUE = "yes"


@dataclass(frozen=True)
class CleanAnswer:
    field: object  # inbox.Field
    value: str
    payload: list[str] | None = None


def error_key(field) -> str:
    return f"fields.{field.name}"


def choice_values(field) -> list[str]:
    return [str(choice["value"]) for choice in field.choices]


def choice_label(field, value: str, language: str | None = None) -> str:
    for choice in field.choices:
        if str(choice["value"]) == value:
            return translate(choice.get("label"), language) or value
    return value


def _as_list(raw) -> list[str]:
    if raw is None:
        return []
    items = raw if isinstance(raw, (list, tuple)) else [raw]
    return [str(item).strip() for item in items if str(item).strip()]


def _as_text(raw) -> str:
    if isinstance(raw, (list, tuple)):
        raw = raw[-1] if raw else ""
    return "" if raw is None else str(raw).replace("\x00", "").strip()


def _check_length(field, text: str, problems: list[str]) -> None:
    if field.min_length is not None and len(text) < field.min_length:
        problems.append(_("Write at least %(count)d characters.") % {"count": field.min_length})
    if field.max_length is not None and len(text) > field.max_length:
        problems.append(_("Write at most %(count)d characters.") % {"count": field.max_length})


def _parse_date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _clean_one(field, raw) -> tuple[CleanAnswer | None, list[str]]:
    kind = field.kind
    problems: list[str] = []
    if kind.key == "checkbox":
        picked = _as_list(raw)
        allowed = choice_values(field)
        if any(value not in allowed for value in picked):
            problems.append(_("Pick from the choices given."))
        if field.required and not picked:
            problems.append(_("Pick at least one."))
        if problems or not picked:
            return None, problems
        ordered = [value for value in allowed if value in picked]
        return CleanAnswer(field, ", ".join(ordered), ordered), problems
    text = _as_text(raw)
    if not text:
        if field.required:
            problems.append(
                _("Tick this box to go on.") if kind.key == "consent" else _("This field is required.")
            )
        return None, problems
    if kind.has_length:
        _check_length(field, text, problems)
    if kind.key == "email":
        try:
            validate_email(text)
        except ValidationError:
            problems.append(_("Enter a valid e-mail address."))
    elif kind.key == "tel" and not PHONE.match(text):
        problems.append(_("Enter a telephone number: digits, spaces and + ( ) - only."))
    elif kind.has_choices and text not in choice_values(field):
        problems.append(_("Pick from the choices given."))
    elif kind.key == "consent":
        text = CONSENT_VALUE
    elif kind.key == "date":
        day = _parse_date(text)
        if day is None:
            problems.append(_("Enter a date as YYYY-MM-DD."))
        elif field.min_value and day < _parse_date(field.min_value):
            problems.append(_("Pick %(date)s or later.") % {"date": field.min_value})
        elif field.max_value and day > _parse_date(field.max_value):
            problems.append(_("Pick %(date)s or earlier.") % {"date": field.max_value})
    return (None if problems else CleanAnswer(field, text)), problems


def clean_answers(
    fields, raw: dict, *, skip_types: frozenset[str] = frozenset({"file"})
) -> list[CleanAnswer]:
    """Validate `raw` ({machine name: value or list}) against the live `fields`, in field order."""
    answers: list[CleanAnswer] = []
    errors: dict[str, list[str]] = {}
    for field in fields:
        if field.type in skip_types:
            continue
        answer, problems = _clean_one(field, raw.get(field.name))
        if problems:
            errors[error_key(field)] = problems
        elif answer is not None:
            answers.append(answer)
    if errors:
        raise ValidationError(errors)
    return answers
