"""The test notices' doors: a small API router and MCP tools over frontdesk.publishing.versions, as
events and pages will have them, so the tests see the 409 and the tool error a caller sees.

The routes stay out of the OpenAPI document (`include_in_schema=False`): they exist only in the
test settings, and the product's tables that walk that document (the permission matrix, the
bad-input walk) list the product's routes. Their permission and scope are guarded as any route's.
"""

from __future__ import annotations

from typing import Annotated, Any

from django.http import HttpRequest
from ninja import Schema
from pydantic import ConfigDict, Field

from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.limits import MAX_ID, MAX_INTEGER
from frontdesk.publishing import versions
from frontdesk.publishing.outputs import draft_out, version_out
from tests.testapp.models import Notice

PERMISSION = "testapp.change_notice"
PREFIX = "/testapp/notices"

Revision = Annotated[int, Field(ge=1, le=MAX_INTEGER, description="The revision the caller read.")]

router = PanelRouter(tags=["testapp"])


class SaveIn(Schema):
    model_config = ConfigDict(extra="forbid")
    values: dict[str, Any]
    revision: Revision


class StepIn(Schema):
    model_config = ConfigDict(extra="forbid")
    revision: Revision | None = None


def _notice(notice: int) -> Notice:
    return Notice.objects.get(pk=notice)  # DoesNotExist answers 404 (core/errors.py)


@router.get("/{notice}", permission=PERMISSION, include_in_schema=False)
def get_notice(request: HttpRequest, notice: int):
    return draft_out(_notice(notice))


@router.put("/{notice}", permission=PERMISSION, include_in_schema=False)
def save_notice(request: HttpRequest, notice: int, payload: SaveIn):
    saved = versions.save_draft(
        request.user, _notice(notice), values=payload.values, revision=payload.revision
    )
    return draft_out(saved)


@router.post("/{notice}/publish", permission=PERMISSION, include_in_schema=False)
def publish_notice(request: HttpRequest, notice: int, payload: StepIn):
    published = versions.publish(request.user, _notice(notice), revision=payload.revision)
    return draft_out(published)


@router.get("/{notice}/versions", permission=PERMISSION, include_in_schema=False)
def list_versions(request: HttpRequest, notice: int):
    return [version_out(version) for version in versions.versions_of(_notice(notice))]


@router.post("/{notice}/versions/{number}/restore", permission=PERMISSION, include_in_schema=False)
def restore_notice_version(request: HttpRequest, notice: int, number: int, payload: StepIn):
    restored = versions.restore_version(request.user, _notice(notice), number, revision=payload.revision)
    return draft_out(restored)


NoticeRef = Annotated[int, Field(ge=1, le=MAX_ID, description="The notice's id.")]


def save_tool(
    actor,
    notice: NoticeRef,
    values: Annotated[dict[str, Any], Field(description="Values by field name; others keep theirs.")],
    revision: Revision,
) -> dict:
    return draft_out(versions.save_draft(actor, _notice(notice), values=values, revision=revision))


def restore_tool(
    actor,
    notice: NoticeRef,
    number: Annotated[int, Field(ge=1, le=MAX_INTEGER, description="The version to restore.")],
    revision: Revision,
) -> dict:
    return draft_out(versions.restore_version(actor, _notice(notice), number, revision=revision))


def publish_tool(actor, notice: NoticeRef, revision: Revision) -> dict:
    return draft_out(versions.publish(actor, _notice(notice), revision=revision))


def register() -> None:
    """From the test app's ready(), through the host's registries."""
    from frontdesk.core.api.root import register_router
    from frontdesk.core.mcp.registry import register_tool

    register_router(PREFIX, router)
    declared = {"scope": "testapp:write", "permission": PERMISSION, "changes": True}
    register_tool("testapp_notice_save", save_tool, description="Save a notice's draft.", **declared)
    register_tool("testapp_notice_publish", publish_tool, description="Publish a notice.", **declared)
    register_tool("testapp_notice_restore", restore_tool, description="Restore a version.", **declared)
