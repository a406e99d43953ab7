"""The project-field types (docs/host.md, "Project fields"): one registry entry per type holding
everything the type knows: the props a patch may give it, how one value is judged and stored,
its panel control, its JSON schema for the API and the agent tools, and how a template reads it.

An app adds a type in its `AppConfig.ready()` with `register_field_type(FieldType(...))`, before
the apps whose screens use it in INSTALLED_APPS (a screen's patches are checked when it is
registered). The picture type waits for the picture library.
"""

from __future__ import annotations

import datetime
import decimal
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from frontdesk.core.languages import translate
from frontdesk.core.registry import Registry

# What JavaScript's numbers hold exactly: the panel's script and any agent read the value back unchanged.
LARGEST_NUMBER = 2**53 - 1
MAX_DECIMALS = 6


class PropError(ValueError):
    """A patch's props a type cannot take; the message is the reason, one line."""


@dataclass(frozen=True)
class FieldType:
    name: str
    label: Promise | str
    clean: Callable[[Any, Mapping[str, Any]], Any]  # one value (one language's) -> stored, or ValidationError
    props: Callable[[Mapping[str, Any]], dict[str, Any]]  # a patch's props -> with defaults, or PropError
    control: str  # the panel's control template
    schema: Callable[[Mapping[str, Any]], dict[str, Any]]  # JSON schema of one value
    read: Callable[[Any, Mapping[str, Any]], Any] = lambda value, props: value  # stored -> template value
    localizable: bool = False  # a text per language is meaningful (text, long text, web address)


FIELD_TYPES: Registry[FieldType] = Registry("project-field type")


def register_field_type(field_type: FieldType) -> FieldType:
    return FIELD_TYPES.register(field_type.name, field_type)


# --- props ----------------------------------------------------------------------------------------


def _only(props: Mapping[str, Any], known: set[str]) -> None:
    unknown = sorted(set(props) - known)
    if unknown:
        allowed = ", ".join(sorted(known)) or "none"
        raise PropError(f"unknown prop {', '.join(unknown)} (this type takes: {allowed})")


def _whole(props: Mapping[str, Any], key: str, low: int, high: int, default: int | None) -> int | None:
    value = props.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PropError(f"prop {key} must be a whole number from {low} to {high}")
    return value


def _length_props(longest: int, default: int) -> Callable[[Mapping[str, Any]], dict[str, Any]]:
    def prepare(props: Mapping[str, Any]) -> dict[str, Any]:
        _only(props, {"min_length", "max_length"})
        least = _whole(props, "min_length", 0, longest, 0) or 0  # never None: each has a default
        most = _whole(props, "max_length", 1, longest, default) or default
        if least > most:
            raise PropError("prop min_length is above max_length")
        return {"min_length": least, "max_length": most}

    return prepare


def _number_props(props: Mapping[str, Any]) -> dict[str, Any]:
    _only(props, {"min", "max", "decimals"})
    places = _whole(props, "decimals", 0, MAX_DECIMALS, 0)
    bounds = {}
    for key, default in (("min", -LARGEST_NUMBER), ("max", LARGEST_NUMBER)):
        value = props.get(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or abs(value) > LARGEST_NUMBER:
            raise PropError(f"prop {key} must be a number within ±{LARGEST_NUMBER}")
        bounds[key] = value
    if bounds["min"] > bounds["max"]:
        raise PropError("prop min is above max")
    return {**bounds, "decimals": places}


def _no_props(props: Mapping[str, Any]) -> dict[str, Any]:
    _only(props, set())
    return {}


def _choice_props(props: Mapping[str, Any]) -> dict[str, Any]:
    _only(props, {"choices"})
    raw = props.get("choices")
    if not isinstance(raw, list) or not raw:
        raise PropError("prop choices must be a non-empty list of values or {value, label}")
    choices = []
    for item in raw:
        value, label = (item.get("value"), item.get("label", {})) if isinstance(item, dict) else (item, {})
        if not isinstance(value, str) or not value.strip() or not isinstance(label, (dict, str)):
            raise PropError("each choice must be a text value, or {value: text, label: per language}")
        choices.append({"value": value.strip(), "label": label})
    if len({choice["value"] for choice in choices}) < len(choices):
        raise PropError("a choice's value is given twice")
    return {"choices": choices}


def _date_props(props: Mapping[str, Any]) -> dict[str, Any]:
    _only(props, {"min", "max"})
    bounds = {}
    for key in ("min", "max"):
        value = props.get(key)
        if value is not None and _as_date(value) is None:
            raise PropError(f"prop {key} must be a date as YYYY-MM-DD")
        bounds[key] = value
    if bounds["min"] and bounds["max"] and bounds["min"] > bounds["max"]:
        raise PropError("prop min is after max")
    return bounds


# --- values ---------------------------------------------------------------------------------------


def _text(value: Any, props: Mapping[str, Any]) -> str:
    if not isinstance(value, str):
        raise ValidationError(_("Give a text."), code="invalid")
    text = value.strip()
    if len(text) < props["min_length"]:
        raise ValidationError(_("Write at least %(count)d characters.") % {"count": props["min_length"]})
    if len(text) > props["max_length"]:
        raise ValidationError(_("Write at most %(count)d characters.") % {"count": props["max_length"]})
    return text


def _number(value: Any, props: Mapping[str, Any]) -> int | float:
    # A number, not a text that looks like one: every door sends JSON, and "1e3" or "12,5" would
    # need a guess about the writer's conventions.
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise ValidationError(_("Give a number."), code="invalid")
    exact = decimal.Decimal(str(value))
    if not exact.is_finite():
        raise ValidationError(_("Give a number."), code="invalid")
    places = props["decimals"]
    whole = exact == exact.to_integral_value()
    if not whole and -int(exact.as_tuple().exponent) > places:
        message = (
            _("Give a whole number.")
            if places == 0
            else ngettext(
                "Give a number with at most %(count)d decimal place.",
                "Give a number with at most %(count)d decimal places.",
                places,
            )
            % {"count": places}
        )
        raise ValidationError(message, code="invalid")
    if value < props["min"]:
        raise ValidationError(_("Give a number of at least %(min)s.") % {"min": props["min"]})
    if value > props["max"]:
        raise ValidationError(_("Give a number of at most %(max)s.") % {"max": props["max"]})
    return int(exact) if whole else float(exact)


def _boolean(value: Any, props: Mapping[str, Any]) -> bool:
    if not isinstance(value, bool):
        raise ValidationError(_("Say true or false."), code="invalid")
    return value


def _choice(value: Any, props: Mapping[str, Any]) -> str:
    if not isinstance(value, str) or value.strip() not in [choice["value"] for choice in props["choices"]]:
        raise ValidationError(_("Pick from the choices given."), code="invalid")
    return value.strip()


WEB_ADDRESS = URLValidator(schemes=["http", "https"])


def _url(value: Any, props: Mapping[str, Any]) -> str:
    text = value.strip() if isinstance(value, str) else ""
    try:
        WEB_ADDRESS(text)
    except ValidationError:
        raise ValidationError(
            _("Give a web address starting with http:// or https://."), code="invalid"
        ) from None
    return text


def _as_date(value: Any) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(value) if isinstance(value, str) and len(value) == 10 else None
    except ValueError:
        return None


def _date(value: Any, props: Mapping[str, Any]) -> str:
    day = _as_date(value.strip() if isinstance(value, str) else value)
    if day is None:
        raise ValidationError(_("Enter a date as YYYY-MM-DD."), code="invalid")
    earliest, latest = _as_date(props["min"]), _as_date(props["max"])
    if earliest and day < earliest:
        raise ValidationError(_("Pick %(date)s or later.") % {"date": props["min"]})
    if latest and day > latest:
        raise ValidationError(_("Pick %(date)s or earlier.") % {"date": props["max"]})
    return day.isoformat()


def _read_number(value: Any, props: Mapping[str, Any]) -> Any:
    # A Decimal prints as written and is localised by the template engine (1200,5 in German).
    return decimal.Decimal(str(value)) if isinstance(value, float) else value


def _read_choice(value: Any, props: Mapping[str, Any]) -> str:
    for choice in props["choices"]:
        if choice["value"] == value:
            return translate(choice["label"]) or value
    return value


def _text_schema(props: Mapping[str, Any]) -> dict[str, Any]:
    return {"type": "string", "minLength": props["min_length"], "maxLength": props["max_length"]}


def _number_schema(props: Mapping[str, Any]) -> dict[str, Any]:
    kind = "integer" if props["decimals"] == 0 else "number"
    return {"type": kind, "minimum": props["min"], "maximum": props["max"]}


CONTROLS = "panel/project_fields/"
BUILT_IN = (
    FieldType("text", gettext_lazy("Text"), _text, _length_props(10_000, 200), CONTROLS + "text.html",
              _text_schema, localizable=True),
    FieldType("long_text", gettext_lazy("Long text"), _text, _length_props(100_000, 10_000),
              CONTROLS + "long_text.html", _text_schema, localizable=True),
    FieldType("number", gettext_lazy("Number"), _number, _number_props, CONTROLS + "number.html",
              _number_schema, read=_read_number),
    FieldType("boolean", gettext_lazy("Yes or no"), _boolean, _no_props, CONTROLS + "boolean.html",
              lambda props: {"type": "boolean"}),
    FieldType("choice", gettext_lazy("Choice"), _choice, _choice_props, CONTROLS + "choice.html",
              lambda props: {"type": "string", "enum": [c["value"] for c in props["choices"]]},
              read=_read_choice),
    FieldType("url", gettext_lazy("Web address"), _url, _no_props, CONTROLS + "url.html",
              lambda props: {"type": "string", "format": "uri", "pattern": "^https?://"}, localizable=True),
    FieldType("date", gettext_lazy("Date"), _date, _date_props, CONTROLS + "date.html",
              lambda props: {"type": "string", "format": "date"}, read=lambda value, props: _as_date(value)),
)  # fmt: skip


def register_built_in_types() -> None:
    """Called from CoreConfig.ready()."""
    for field_type in BUILT_IN:
        register_field_type(field_type)
