"""GET and PUT /api/cms/me: the calling account, its sections and its token's scopes."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Schema
from pydantic import Field

from frontdesk.core.accounts import update_profile
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.inputs import Input
from frontdesk.core.limits import MAX_LANGUAGE_CODE_LENGTH
from frontdesk.core.panel.menu import section_url
from frontdesk.core.panel.sections import sections_for

router = PanelRouter(tags=["host"])


class SectionOut(Schema):
    key: str
    label: str
    address: str


class MeOut(Schema):
    id: int
    email: str
    display_name: str
    panel_language: str
    sections: list[SectionOut]
    scopes: list[str] | None = Field(None, description="The token's scopes; null for a session.")


@router.get("", response=MeOut, summary="The calling account")
def me(request: HttpRequest):
    user = request.user
    assert user.is_authenticated  # the router lets in a session's account or a token's only
    token = getattr(request, "api_token", None)
    return {
        "id": user.pk,
        "email": user.email,
        "display_name": user.display_name,
        "panel_language": user.panel_language,
        "sections": [
            {"key": s.key, "label": str(s.label), "address": section_url(s)} for s in sections_for(user)
        ],
        "scopes": token.scopes if token else None,
    }


class MeIn(Input):
    # Twice the account's own limit: a name a little too long is refused by the model in its
    # words (after trimming); only an absurd body is stopped here.
    display_name: str = Field("", max_length=300, examples=["Ada Lovelace"])
    panel_language: str = Field(
        ...,
        max_length=MAX_LANGUAGE_CODE_LENGTH,
        examples=["de"],
        description="One of the site's language codes.",
    )


@router.put(
    "",
    response=MeOut,
    scope="account:write",
    summary="Change the calling account's name and panel language",
    description="Any logged-in account may change its own; a token needs the scope account:write.",
)
def update_me(request: HttpRequest, payload: MeIn):
    """The new panel language applies from the next page the account opens."""
    update_profile(request.user, display_name=payload.display_name, panel_language=payload.panel_language)
    return me(request)
