"""Calling a tool through the real MCP client against the live server, for any app's tool tests."""

from __future__ import annotations

from typing import Any

from tests.core.test_mcp import text_of, with_session


def call(site: str, secret: str, name: str, arguments: dict | None = None):
    return with_session(site, secret, lambda session: session.call_tool(name, arguments or {}))


def ok(site: str, secret: str, name: str, arguments: dict | None = None) -> dict[str, Any]:
    """The tool's structured answer; the test fails with the tool's words when it refused."""
    result = call(site, secret, name, arguments)
    assert not result.is_error, text_of(result)
    return result.structured_content


def refusal(site: str, secret: str, name: str, arguments: dict | None = None) -> str:
    """The tool's refusal in words; the test fails when the tool did not refuse."""
    result = call(site, secret, name, arguments)
    assert result.is_error, text_of(result)
    return text_of(result)
