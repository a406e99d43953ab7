"""The API shapes of a versioned record's History and preview routes (docs/host.md, "The versioned
editor's pieces"), as publishing/outputs.py builds them: a module's router answers with these
instead of declaring its own."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from ninja import Schema
from pydantic import Field

from frontdesk.core.inputs import Input
from frontdesk.core.limits import MAX_INTEGER


class VersionOut(Schema):
    number: int
    values: dict[str, Any]
    created_at: datetime
    account: str | None
    token: str | None


class LogLineOut(Schema):
    action: str
    text: str
    actor: str | None
    token: str | None
    changes: dict[str, Any]
    detail: dict[str, Any]
    created_at: datetime


class PreviewQuery(Schema):
    language: str | None = Field(None, max_length=10, description="A site language's code.", examples=["de"])


class PreviewLinkOut(Schema):
    url: str = Field(
        description="The draft's preview, whole; opens for a signed-in account that may read the record."
    )
    path: str = Field(description="The same address as a path of the site.")
    expires_at: datetime


class StepIn(Input):
    """Publish, unpublish, discard the draft, restore a version: the revision the caller saw."""

    revision: Annotated[int, Field(ge=1, le=MAX_INTEGER)] | None = Field(
        None, description="The revision the caller read (checked when given)."
    )
