"""The project-fields card of an editing screen: each field with its controls and stored value,
as panel/project_fields/card.html prints them. A control's name is the key its refusal comes
back under (`budget`; a localized field's inputs `tagline.en`, `tagline.de`, the default
language's marked as the place for `tagline`'s errors), so api.js shows it there."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.conf import settings

from frontdesk.publishing.project_fields.patches import ProjectField, fields_of


@dataclass(frozen=True)
class Control:
    name: str
    id: str
    value: Any = None
    code: str = ""  # the language of a localized field's input
    language: str = ""
    error_key: str = ""


@dataclass(frozen=True)
class CardField:
    field: ProjectField
    controls: list[Control] = dataclasses.field(default_factory=list)

    @property
    def step(self) -> str:
        """A number input's step: 1, or 0.01 for two decimals."""
        return str(Decimal(1).scaleb(-self.field.props.get("decimals", 0)))


def card_fields(screen_id: str, stored: dict | None, languages: list[tuple[str, str]]) -> list[CardField]:
    stored = stored or {}
    shown = []
    for item in fields_of(screen_id):
        value = stored.get(item.name)
        uid = f"pf-{item.name}"
        if item.localized:
            texts = value if isinstance(value, dict) else {}
            controls = [
                Control(
                    f"{item.name}.{code}",
                    f"{uid}-{code}",
                    texts.get(code, ""),
                    code,
                    language,
                    item.name if code == settings.LANGUAGE_CODE else "",
                )
                for code, language in languages
            ]
        else:
            controls = [Control(item.name, uid, value)]
        shown.append(CardField(item, controls))
    return shown
