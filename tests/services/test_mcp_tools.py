"""The services' MCP tools, called as an agent calls them: the SDK's client against the live server,
with tokens whose scopes the server checks."""

from __future__ import annotations

import pytest

from frontdesk.core.models import ApiToken
from frontdesk.services.models import Service
from tests.core.test_mcp import with_session
from tests.mcp_client import ok, refusal
from tests.services.conftest import make_service

pytestmark = pytest.mark.live

TOOLS = {"services_list", "services_get", "services_create", "services_update"}


@pytest.fixture
def secret(editor) -> str:
    return ApiToken.issue(editor, "agent", ["services:read", "services:write"])[1]


def rows() -> list:
    return sorted(map(repr, Service.all_objects.values()))


def test_the_tools_are_listed_and_the_changing_ones_take_dry_run(live_site, secret):
    tools = {tool.name: tool for tool in with_session(live_site, secret, lambda s: s.list_tools()).tools}
    assert set(tools) >= TOOLS
    assert "dry_run" in tools["services_create"].input_schema["properties"]
    assert "dry_run" not in tools["services_get"].input_schema["properties"]
    assert {"title", "slug", "lead", "is_visible", "extra"} <= set(
        tools["services_update"].input_schema["properties"]
    )


def test_an_agent_lists_creates_finds_by_address_and_updates(live_site, secret):
    make_service("Tree care", "tree-care")
    created = ok(live_site, secret, "services_create", {"title": "Garden design", "lead": {"de": "Pläne."}})[
        "service"
    ]
    assert created["addresses"]["en"] == "/services/garden-design"
    listed = ok(live_site, secret, "services_list")["services"]
    assert [row["title_text"] for row in listed] == ["Tree care", "Garden design"]
    found = ok(live_site, secret, "services_get", {"service": "/services/garden-design"})["service"]
    assert found["id"] == created["id"]
    changed = ok(
        live_site, secret, "services_update", {"service": created["id"], "title": {"de": "Gartenplanung"}}
    )
    assert changed["service"]["title"] == {"en": "Garden design", "de": "Gartenplanung"}


def test_a_dry_run_or_a_refused_call_changes_nothing(live_site, secret):
    service = make_service("Garden", "garden")
    before = rows()
    answer = ok(
        live_site, secret, "services_update", {"service": service.pk, "title": "Other", "dry_run": True}
    )
    assert answer["dry_run"] is True and answer["service"]["title"] == {"en": "Other"}
    assert "slug:" in refusal(
        live_site, secret, "services_update", {"service": service.pk, "slug": "Bad Slug"}
    )
    assert "There is no service" in refusal(
        live_site, secret, "services_get", {"service": "/services/nothing"}
    )
    assert rows() == before


def test_a_token_without_the_write_scope_is_refused(live_site, editor):
    reader = ApiToken.issue(editor, "reader", ["services:read"])[1]
    assert "services:write" in refusal(live_site, reader, "services_create", {"title": "Garden"})
    assert Service.all_objects.count() == 0
