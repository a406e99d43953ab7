"""Validation derived from a form's fields, and the snapshot each answer is stored as.

`clean_answers(fields, raw)` turns the posted values into `CleanAnswer`s or raises one
ValidationError whose keys are `fields.<machine name>`. The rules a field can carry (required,
choices, length, date bounds) are listed in docs/inbox.md, "Field rules"; what the types refuse
whatever the rules ("Odd inputs") too. `refill_values(fields, raw, budget)` is the bounded part of
a refused post that the form prints again. `door_address` and `input_name` say where a form is
posted and under which names, for the embed tag, the panel and the agent tools.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.urls import reverse
from django.utils.translation import gettext as _

from frontdesk.core.languages import translate
from frontdesk.core.serving import absolute_url

if TYPE_CHECKING:
    from frontdesk.inbox.models import Field

FIELD_PREFIX, FIELD_SUFFIX = "fields[", "]"
PHONE = re.compile(r"^\+?[0-9 ()./-]{3,40}$")
CONSENT_VALUE = "yes"
# A ticked box posts its value, "on"; the stored "yes" comes back in a corrected answer. Anything
# else ("maybe") is no tick, and storing it as one would put words in the visitor's mouth.
CONSENT_TICKED = frozenset({"on", CONSENT_VALUE})


@dataclass(frozen=True)
class CleanAnswer:
    field: Field
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
    if not kind.multiple and isinstance(raw, (list, tuple)) and len(raw) > 1:
        # Keeping one of them would choose for the visitor which answer counts.
        return None, [_("This field takes one answer only.")]
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
        if text.lower() in CONSENT_TICKED:
            text = CONSENT_VALUE
        else:
            problems.append(_("This box can only be ticked or left empty."))
    elif kind.key == "date":
        day = _parse_date(text)
        # An empty limit is none; so is one that is no date (the field's save refuses those).
        earliest, latest = _parse_date(field.min_value), _parse_date(field.max_value)
        if day is None:
            problems.append(_("Enter a date as YYYY-MM-DD."))
        elif earliest and day < earliest:
            problems.append(_("Pick %(date)s or later.") % {"date": field.min_value})
        elif latest and day > latest:
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


def _refill_one(field, raw) -> str | list[str] | None:
    """What the field's control can show again of `raw`: never more than a valid answer holds."""
    kind = field.kind
    if kind.key == "file":
        return None  # a file input cannot be filled again, and its contents must not travel
    if kind.multiple:
        picked = set(_as_list(raw))
        return [value for value in choice_values(field) if value in picked]
    text = _as_text(raw)
    if kind.has_choices:
        return text if text in choice_values(field) else None
    if kind.key == "consent":
        return "on" if text.lower() in CONSENT_TICKED else None
    limits = [limit for limit in (field.max_length, kind.longest) if limit is not None]
    return text[: min(limits)] if limits else text


def _fit(text: str, room: int) -> str:
    """`text`, cut so that it takes at most `room` characters written as JSON."""
    room = max(room, 0)
    while text and len(json.dumps(text)) > room:
        # Shrinks every round: the share kept is below one while the text is too long.
        text = text[: len(text) * room // len(json.dumps(text))]
    return text


def refill_values(fields, raw: dict, budget: int) -> dict[str, str | list[str]]:
    """The answers of a refused post that the form prints again, from the live `fields` only.

    Each answer is cut to what its field can hold (max_length, its type's longest, its choices),
    a file is never kept, and all of them together take at most `budget` characters as JSON, the
    way the session stores them: a refused post costs a few KB, whatever was sent. The shortest
    answers are kept first, so one long text cannot crowd out a name or a ticked box; the
    longest is the one cut.
    """
    candidates = [(field.name, _refill_one(field, raw.get(field.name))) for field in fields]
    kept: dict[str, str | list[str]] = {}
    room = budget - len("{}")
    for name, value in sorted(candidates, key=lambda item: len(json.dumps(item[1]))):
        if not value:
            continue
        overhead = len(json.dumps(name)) + len(":,")
        if isinstance(value, str):
            value = _fit(value, room - overhead)
        cost = overhead + len(json.dumps(value))
        if not value or cost > room:
            continue
        kept[name] = value
        room -= cost
    return kept


def input_name(item: Field) -> str:
    """The name of `field`'s input on the site, which `machine_name` reads back: fields[<machine
    name>], with [] after it where the input sends several values (checkboxes, files). The embed
    tag and the agent tools take it from here."""
    several = "[]" if item.kind.multiple else ""
    return f"{FIELD_PREFIX}{item.name}{FIELD_SUFFIX}{several}"


def machine_name(key: str) -> str | None:
    """ "x" for an input named fields[x] or fields[x][]; None for any other input."""
    if key.startswith(FIELD_PREFIX) and key.endswith(FIELD_SUFFIX):
        return key[len(FIELD_PREFIX) : -len(FIELD_SUFFIX)].removesuffix("][")
    return None


def door_path(slug: str) -> str:
    """The public door's address for the form `slug` on this site (FRONTDESK["inbox"]["path"])."""
    return reverse("inbox:submit", kwargs={"slug": slug})


def door_address(slug: str) -> str:
    """`door_path` as a whole address, for pages elsewhere and for agents."""
    return absolute_url(door_path(slug))
