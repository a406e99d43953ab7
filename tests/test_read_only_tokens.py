"""Issue 25 item 27: a read-only token (only `<app>:read` scopes, of an account that holds every
permission) is refused on every changing route of every module and by every changing agent tool.

The routes and tools are found where they are declared (the API's OpenAPI document, the MCP
registry), not in the permission matrix's table (tests/matrix.py): a changing route declared with
a reading scope, table and code alike, passes the matrix but fails here.
"""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.core.mcp.calls import Refusal, _authorise
from frontdesk.core.mcp.registry import known_scopes, registered_tools
from frontdesk.core.models import ApiToken
from tests.matrix import PARAMETER, declared_api

pytestmark = pytest.mark.django_db

READING = {"GET", "HEAD", "OPTIONS"}


def reading_scopes() -> list[str]:
    """Every `<app>:read` a token could carry: the declared scopes' apps, read."""
    apps = {scope.split(":", 1)[0] for scope in known_scopes()}
    apps |= {scope.split(":", 1)[0] for _permission, scope in declared_api().values() if scope}
    return sorted(f"{app}:read" for app in apps)


def changing_routes() -> list[tuple[str, str]]:
    return sorted((method, path) for method, path in declared_api() if method not in READING)


@pytest.fixture
def read_only(make_user, account_notes) -> tuple[ApiToken, str]:
    return ApiToken.issue(make_user(is_superuser=True, is_staff=True), "read only", reading_scopes())


def test_a_read_only_token_is_refused_on_every_changing_route(read_only, account_notes):
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {read_only[1]}"}
    # The token is refused before the path's record is looked up: any value of the right form does.
    values = {"entity": account_notes}
    accepted = []
    for method, path in changing_routes():
        address = PARAMETER.sub(lambda match: values.get(match.group(1) or match.group(2), "1"), path)
        response = getattr(Client(), method.lower())(address, {}, content_type="application/json", **bearer)
        if response.status_code != 403:
            accepted.append(f"{method} {path}: {response.status_code}")
    assert changing_routes(), "no changing route found"
    assert accepted == []


def test_a_read_only_token_is_refused_by_every_changing_tool(read_only):
    changing = [spec for spec in registered_tools() if spec.changes]
    assert changing, "no changing tool found"
    accepted = []
    for spec in changing:
        try:
            _authorise(read_only[0], spec)
        except Refusal as refusal:
            assert "scope" in refusal.args[0], (spec.name, refusal.args[0])
        else:
            accepted.append(f"{spec.name} (scope {spec.scope})")
    assert accepted == []
