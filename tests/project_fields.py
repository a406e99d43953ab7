"""A site's patch list for the inbox's form editor, as the tests of project fields use it: a number
and a localized text. `project_fields(...)` sets a patch list for one block (override_settings,
so the host reads it afresh and forgets it after)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.test import override_settings

FORM_EDITOR = "inbox.form-editor"

BUDGET: dict[str, Any] = {
    "op": "add",
    "target": "project-fields",
    "node": {
        "id": "budget",
        "type": "number",
        "name": "budget",
        "label": {"en": "Budget", "de": "Budget"},
        "localized": False,
        "props": {"min": 0, "max": 1_000_000, "decimals": 2},
    },
}
TAGLINE: dict[str, Any] = {
    "op": "add",
    "target": "project-fields",
    "node": {
        "id": "tagline",
        "type": "text",
        "name": "tagline",
        "label": {"en": "Tagline", "de": "Slogan"},
        "localized": True,
        "props": {"max_length": 40},
    },
}


def node(name: str, type_name: str, *, localized: bool = False, **props) -> dict:
    """One `add` patch for a field called `name` (its node id too)."""
    return {
        "op": "add",
        "target": "project-fields",
        "node": {"id": name, "type": type_name, "name": name, "label": {"en": name.title()},
                 "localized": localized, "props": props},
    }  # fmt: skip


def project_fields(*patches: dict, screen: str = FORM_EDITOR) -> override_settings:
    return override_settings(FRONTDESK={**settings.FRONTDESK, "project_fields": {screen: list(patches)}})
