"""The form's fields as panel controls, for a submission typed in by hand.

Not the embed tag's controls: those carry the site's classes and names (`fields[<name>]`). Here
each control is named `fields.<machine name>`, the key the API's 422 answer uses, so api.js puts
each message above its control. What a type needs comes from inbox.field_types.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from frontdesk.core.languages import translate
from frontdesk.inbox.models import Field, Form


@dataclass(frozen=True)
class PanelControl:
    field: Field
    name: str  # fields.<machine name>: the API's error key
    id: str
    label: str
    hint: str
    choices: list[tuple[str, str]] = dataclasses.field(
        default_factory=list
    )  # here `field` is the Field above

    @property
    def type(self) -> str:
        return self.field.type

    @property
    def input_type(self) -> str:
        # A hidden value is typed in like a short text; it stays hidden on the site.
        return "text" if self.field.type == "hidden" else self.field.kind.input_type or "text"

    @property
    def template(self) -> str:
        grouped = {"radio": "choices", "checkbox": "choices", "select": "select", "textarea": "textarea"}
        plain = {"consent": "consent", "file": "file"}
        return f"inbox/panel/controls/_{grouped.get(self.type) or plain.get(self.type) or 'input'}.html"


def _choices(item: Field) -> list[tuple[str, str]]:
    result = []
    for choice in item.choices or []:
        if isinstance(choice, dict):
            value = str(choice.get("value", ""))
            result.append((value, translate(choice.get("label")) or value))
        else:
            result.append((str(choice), str(choice)))
    return result


def panel_controls(form: Form) -> list[PanelControl]:
    """One control per live field, in field order."""
    return [
        PanelControl(
            field=item,
            name=f"fields.{item.name}",
            id=f"answer-{item.name}",
            label=translate(item.label) or item.name,
            hint=translate(item.hint),
            choices=_choices(item),
        )
        for item in form.live_fields().order_by("position", "id")
    ]
