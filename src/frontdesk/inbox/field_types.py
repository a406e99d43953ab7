"""Everything a field type knows, in one registry entry per type (adding a type touches one place).

Each entry says which control the embed tag prints, which `autocomplete` hint fits, whether the
answer may hold several values, whether the type takes a list of choices, and the longest answer
the type can hold whatever a field's own rules say.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class FieldType:
    key: str
    label: str | Promise
    input_type: str | None = None  # for <input type=...>; None for textarea/select/radio/...
    autocomplete: str = ""
    multiple: bool = False  # several values: the answer's value joins them with ", "
    has_choices: bool = False
    has_length: bool = False
    longest: int | None = None  # the most characters a valid answer has; None: the field's max_length


FIELD_TYPES: dict[str, FieldType] = {
    item.key: item
    for item in (
        FieldType("text", _("Text"), "text", has_length=True),
        FieldType("email", _("E-mail address"), "email", autocomplete="email", has_length=True, longest=320),
        FieldType("tel", _("Telephone"), "tel", autocomplete="tel", has_length=True, longest=41),
        FieldType("textarea", _("Long text"), has_length=True),
        FieldType("select", _("Drop-down list"), has_choices=True),
        FieldType("radio", _("Radio buttons"), has_choices=True),
        FieldType("checkbox", _("Checkboxes"), multiple=True, has_choices=True),
        FieldType("consent", _("Consent"), "checkbox"),
        FieldType("date", _("Date"), "date", longest=10),
        FieldType("file", _("File upload"), "file", multiple=True),
        FieldType("hidden", _("Hidden value"), "hidden", has_length=True),
    )
}

FIELD_TYPE_CHOICES = [(item.key, item.label) for item in FIELD_TYPES.values()]
