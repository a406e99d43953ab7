"""The settings groups' input: the body of PUT and PATCH /api/cms/settings/{group} and the
parameters of the agent tool settings_update (docs/architecture.md, "Inputs")."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from frontdesk.core.inputs import Input, Name, Text
from frontdesk.core.limits import MAX_INTEGER


class GroupIn(Input):
    values: dict[str, Any] = Field(
        default_factory=dict,
        description="Settings by name; those left out keep their value (the API's PUT puts them back"
        ' to their defaults). A translated text is {"en": "...", "de": "..."}: the languages named'
        ' change, "" or null removes one.',
        examples=[{"captcha_provider": "turnstile", "turnstile_site_key": "0x4AAA"}],
    )
    secrets: dict[Name, Text | None] = Field(
        default_factory=dict,
        description="Secrets by name: a text replaces one, null clears it; one left out is kept.",
        examples=[{"turnstile_secret": "0x4AAA-secret"}],
    )
    revision: int | None = Field(
        None,
        ge=0,
        le=MAX_INTEGER,
        description="The revision the change was made on (as the group showed it); a stale one is refused"
        " (the API answers 409).",
    )
