"""The page tools, called as an agent calls them: the SDK's client against the live server over
streamable HTTP, with a token issued for an account. blocks_edit_content adds, moves, updates and
removes blocks; a dry run and any refused operation leave the database as it was."""

from __future__ import annotations

from typing import Any

import pytest

from frontdesk.core.models import ApiToken, LogEntry
from frontdesk.pages.models import Page
from frontdesk.publishing.models import Version
from frontdesk.routes.models import Route
from tests.core.test_mcp import with_session
from tests.mcp_client import ok, refusal
from tests.pages.conftest import heading, text

pytestmark = pytest.mark.live

PAGE_TOOLS = {"pages_list", "pages_get", "pages_create", "pages_publish", "blocks_edit_content"}


@pytest.fixture
def secret(editor) -> str:
    return ApiToken.issue(editor, "agent", ["pages:read", "pages:write"])[1]


@pytest.fixture
def page(make_page) -> Page:
    return make_page(
        "about", content={"en": [heading("Welcome"), text("First"), text("Second")]}, publish=True
    )


def snapshot() -> dict[str, Any]:
    """Every row a page tool could touch."""
    return {
        model.__name__: sorted(map(repr, model.objects.values()))
        for model in (Page, Version, LogEntry, Route)
    }


def blocks_of(live_site: str, secret: str, page: int | str, language: str = "en") -> list[dict]:
    return ok(live_site, secret, "blocks_edit_content", {"page": page, "language": language})["blocks"]


def test_the_page_tools_are_listed_for_a_token_with_the_pages_scopes(live_site, secret):
    tools = {tool.name for tool in with_session(live_site, secret, lambda s: s.list_tools()).tools}
    assert tools >= PAGE_TOOLS


def test_without_operations_the_blocks_are_answered_with_ids_and_values(live_site, secret, page):
    blocks = blocks_of(live_site, secret, "/about")
    # A text block is rich text: plain text given to it is stored as a paragraph.
    assert [block["values"]["text"] for block in blocks] == ["Welcome", "<p>First</p>", "<p>Second</p>"]
    assert all(block["id"] for block in blocks)
    assert blocks == blocks_of(live_site, secret, page.pk)


def test_blocks_are_added_moved_updated_and_removed_in_the_draft(live_site, secret, page, client):
    first, second = (block["id"] for block in blocks_of(live_site, secret, page.pk)[1:])
    answer = ok(
        live_site,
        secret,
        "blocks_edit_content",
        {
            "page": page.pk,
            "language": "en",
            "operations": [
                {"op": "add", "type": "heading", "values": {"text": "Added", "level": 3}, "position": 1},
                {"op": "move", "id": second, "position": 0},
                {"op": "update", "id": first, "values": {"text": "First, edited"}},
                {"op": "remove", "id": second},
            ],
        },
    )
    assert [(block["type"], block["values"]["text"]) for block in answer["blocks"]] == [
        ("heading", "Welcome"),
        ("heading", "Added"),
        ("text", "<p>First, edited</p>"),
    ]
    assert answer["state"] == "changed" and answer["dry_run"] is False
    stored = Page.objects.get(pk=page.pk)
    assert stored.draft["content"]["en"] == answer["blocks"]
    assert "Second" in client.get("/about").text  # the site waits for Publish
    published = ok(
        live_site, secret, "blocks_edit_content", {"page": page.pk, "language": "en", "publish": True}
    )
    assert published["state"] == "published"
    assert "First, edited" in client.get("/about").text


def test_a_dry_run_reports_the_result_and_writes_nothing(live_site, secret, page):
    before = snapshot()
    answer = ok(
        live_site,
        secret,
        "blocks_edit_content",
        {
            "page": page.pk,
            "language": "de",
            "operations": [{"op": "add", "type": "heading", "values": {"text": "Hallo"}}],
            "publish": True,
            "dry_run": True,
        },
    )
    assert answer["dry_run"] is True and [block["values"]["text"] for block in answer["blocks"]] == ["Hallo"]
    assert snapshot() == before


@pytest.mark.parametrize(
    ("operation", "where"),
    [
        ({"op": "add", "type": "heading", "values": {"text": ""}}, "operations.1.values.text"),
        ({"op": "add", "type": "quote", "values": {}}, "operations.1.type"),
        ({"op": "add", "type": "heading", "values": {"text": "x", "colour": "red"}}, "operations.1"),
        ({"op": "update", "id": "no-such-block", "values": {}}, "operations.1.id"),
        ({"op": "move", "id": "no-such-block", "position": 0}, "operations.1.id"),
        ({"op": "add", "type": "text", "values": {}, "position": 99}, "operations.1.position"),
    ],
)
def test_a_refused_operation_changes_nothing(live_site, secret, page, operation, where):
    before = snapshot()
    words = refusal(
        live_site,
        secret,
        "blocks_edit_content",
        {
            "page": page.pk,
            "language": "en",
            "operations": [{"op": "remove", "id": blocks_of(live_site, secret, page.pk)[0]["id"]}, operation],
        },
    )
    assert where in words
    assert snapshot() == before


def test_a_stale_revision_is_refused(live_site, secret, page):
    before = snapshot()
    words = refusal(
        live_site,
        secret,
        "blocks_edit_content",
        {
            "page": page.pk,
            "language": "en",
            "revision": page.revision + 5,
            "operations": [{"op": "remove", "id": "x"}],
        },
    )
    assert "in the meantime" in words
    assert snapshot() == before


def test_a_token_without_the_write_scope_is_refused(live_site, editor, page):
    reader = ApiToken.issue(editor, "reader", ["pages:read"])[1]
    before = snapshot()
    words = refusal(
        live_site,
        reader,
        "blocks_edit_content",
        {"page": page.pk, "language": "en", "operations": [{"op": "add", "type": "text", "values": {}}]},
    )
    assert "pages:write" in words
    assert snapshot() == before
    assert ok(live_site, reader, "pages_get", {"page": "/about"})["page"]["id"] == page.pk


def test_an_account_without_pages_manage_is_refused(live_site, make_user, page):
    viewer = make_user("pages.view")
    token = ApiToken.issue(viewer, "viewer", ["pages:read", "pages:write"])[1]
    assert "pages.manage" in refusal(live_site, token, "pages_publish", {"page": page.pk})


def test_an_agent_creates_lists_and_publishes_a_page(live_site, secret, host_types, client):
    created = ok(
        live_site,
        secret,
        "pages_create",
        {
            "title": {"en": "Team", "de": "Team"},
            "slug": {"en": "team", "de": "mannschaft"},
            "content": {"en": [heading("Our team")]},
            "in_menu": True,
        },
    )["page"]
    assert created["state"] == "draft" and created["addresses"]["de"] == "/de/mannschaft"
    listed = ok(live_site, secret, "pages_list", {"search": "team"})["pages"]
    assert [row["id"] for row in listed] == [created["id"]]
    assert client.get("/team").status_code == 404
    published = ok(
        live_site, secret, "pages_publish", {"page": "/de/mannschaft", "revision": created["revision"]}
    )
    assert published["page"]["state"] == "published"
    assert "Our team" in client.get("/team").text
    assert "/team" in client.get("/").text  # in the menu


def test_an_unknown_page_is_refused(live_site, secret, host_types):
    assert "There is no page" in refusal(live_site, secret, "pages_get", {"page": "/nowhere"})
    assert "There is no page" in refusal(live_site, secret, "pages_get", {"page": 999999})
