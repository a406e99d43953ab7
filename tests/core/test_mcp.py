"""The MCP server at /api/cms/mcp, spoken to by the SDK's own client over real HTTP.

Each test drives the real server (granian in threads, see tests/conftest.py) with
`mcp.client.streamable_http` and `ClientSession`; nothing of the SDK is mocked.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import ExitStack
from datetime import timedelta
from typing import Annotated, Any

import httpx
import httpx2
import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import transaction
from django.utils import timezone
from mcp.client.session import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult
from pydantic import Field

from frontdesk.core.mcp import registry
from frontdesk.core.models import ApiToken, Note

MCP_PATH = settings.FRONTDESK["mcp"]["path"]
ALL_CORE_SCOPES = ["account:read", "notes:read", "notes:write"]
ACCEPT = "application/json, text/event-stream"


# --- The client -------------------------------------------------------------------------------


async def _session(url: str, secret: str | None, action: Callable[[ClientSession], Awaitable[Any]], statuses):
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}

    async def record(response) -> None:
        statuses.append(response.status_code)

    async with (
        httpx2.AsyncClient(
            headers=headers, timeout=30, trust_env=False, event_hooks={"response": [record]}
        ) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        return await action(session)


def with_session(base: str, secret: str | None, action: Callable[[ClientSession], Awaitable[Any]]) -> Any:
    """Run `action(session)` in a fresh client session (the server is stateless anyway)."""
    return asyncio.run(_session(base + MCP_PATH, secret, action, []))


def call(base: str, secret: str, name: str, arguments: dict | None = None) -> CallToolResult:
    return with_session(base, secret, lambda session: session.call_tool(name, arguments or {}))


def refused(base: str, secret: str | None) -> tuple[list[int], BaseException]:
    """What the SDK client sees when the server will not talk to it: the statuses and the error."""
    statuses: list[int] = []
    with pytest.raises(BaseException) as caught:
        asyncio.run(_session(base + MCP_PATH, secret, lambda session: session.list_tools(), statuses))
    return statuses, caught.value


def leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in leaves(inner)]
    return [error]


def raw_post(base: str, secret: str | None, **headers: str) -> httpx.Response:
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    return httpx.post(base + MCP_PATH, json=body, headers={"Accept": ACCEPT, **headers}, trust_env=False)


def text_of(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


# --- Fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def server(live_server_url, transactional_db) -> str:
    """The live server's base address, with committed rows it can see.

    conftest's own `live_server` is not usable: pytest-django's autouse `_live_server_helper`
    claims any fixture of that name and expects its LiveServer object, so it fails at setup.
    """
    return live_server_url


@pytest.fixture
def token_for():
    def issue(account, scopes=ALL_CORE_SCOPES, **fields) -> str:
        token, secret = ApiToken.issue(account, "test agent", scopes)
        if fields:
            ApiToken.objects.filter(pk=token.pk).update(**fields)
        return secret

    return issue


@pytest.fixture
def probe_tools():
    """Two tools registered while the server runs: one behind a permission, one with a side effect."""
    committed: list[str] = []

    def guarded(actor) -> dict:
        return {"ok": True}

    def remember(actor, word: Annotated[str, Field(description="A word to remember.")]) -> dict:
        # A side effect after commit, like the mail an operation sends: a dry run must not fire it.
        transaction.on_commit(lambda: committed.append(word))
        return {"remembered": word}

    def crash(actor) -> dict:
        raise RuntimeError("secret internals")

    probes = [
        registry.tool_spec(
            "test_guarded",
            guarded,
            scope="account:read",
            permission="core.accounts.manage",
            description="Guarded.",
        ),
        registry.tool_spec(
            "test_remember",
            remember,
            scope="account:read",
            permission=None,
            description="Remember.",
            changes=True,
        ),
        registry.tool_spec("test_crash", crash, scope="account:read", permission=None, description="Crash."),
    ]
    with ExitStack() as registered:
        for spec in probes:
            registered.enter_context(registry.TOOLS.temporarily(spec.name, spec))
        yield committed


# --- Listing and authentication ---------------------------------------------------------------


@pytest.mark.live
def test_a_valid_token_lists_the_core_tools_with_usable_schemas(server, make_user, token_for):
    secret = token_for(make_user())

    tools = {tool.name: tool for tool in with_session(server, secret, lambda s: s.list_tools()).tools}

    assert {"account_whoami", "notes_list", "notes_add"} <= set(tools)
    add = tools["notes_add"].input_schema
    assert set(add["required"]) == {"entity", "id", "body"}
    assert add["properties"]["dry_run"] == {
        "default": False,
        "description": add["properties"]["dry_run"]["description"],
        "title": "Dry Run",
        "type": "boolean",
    }
    assert all(add["properties"][name].get("description") for name in ("entity", "id", "body", "dry_run"))
    assert "actor" not in add["properties"]
    assert "dry_run" not in tools["notes_list"].input_schema["properties"]
    assert set(tools["notes_list"].input_schema["required"]) == {"entity", "id"}
    assert tools["account_whoami"].input_schema.get("required", []) == []
    assert "notes:write" in tools["notes_add"].description
    assert tools["notes_add"].annotations.read_only_hint is False
    assert tools["notes_list"].annotations.read_only_hint is True


@pytest.mark.live
def test_account_whoami_names_the_tokens_account_and_scopes(server, make_user, token_for):
    account = make_user(display_name="Wanda Whoami", email="wanda@example.com")
    secret = token_for(account, ["account:read", "notes:read"])

    result = call(server, secret, "account_whoami")

    assert not result.is_error, text_of(result)
    assert result.structured_content["email"] == "wanda@example.com"
    assert result.structured_content["display_name"] == "Wanda Whoami"
    assert result.structured_content["scopes"] == ["account:read", "notes:read"]


@pytest.mark.live
@pytest.mark.parametrize("secret", ["fd_not-a-token", "not even the prefix", None])
def test_a_bad_or_missing_token_is_refused_with_401(server, secret):
    statuses, error = refused(server, secret)

    assert statuses and set(statuses) == {401}
    assert any(isinstance(leaf, MCPError) for leaf in leaves(error)), error
    response = raw_post(server, secret)
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.live
def test_expired_and_revoked_tokens_are_refused(server, make_user, token_for):
    account = make_user()
    expired = token_for(account, expires_at=timezone.now() - timedelta(minutes=1))
    revoked = token_for(account, revoked_at=timezone.now())
    valid = token_for(account)

    for secret in (expired, revoked):
        statuses, _error = refused(server, secret)
        assert set(statuses) == {401}
        assert raw_post(server, secret).status_code == 401
    assert raw_post(server, valid).status_code == 200


@pytest.mark.live
def test_a_token_of_a_deactivated_account_is_refused(server, make_user, token_for):
    account = make_user()
    secret = token_for(account)
    account.is_active = False
    account.save()

    assert raw_post(server, secret).status_code == 401


@pytest.mark.live
def test_using_a_token_records_when_it_was_last_used(server, make_user, token_for):
    secret = token_for(make_user())
    assert ApiToken.objects.get().last_used_at is None

    call(server, secret, "account_whoami")

    used = ApiToken.objects.get().last_used_at
    assert used is not None
    assert timezone.now() - used < timedelta(minutes=1)


@pytest.mark.live
def test_only_the_sites_own_hosts_are_served(server, make_user, token_for):
    secret = token_for(make_user())

    assert raw_post(server, secret, Host="evil.example.com").status_code == 421
    assert raw_post(server, secret, Origin="https://evil.example.com").status_code == 403
    port = server.rsplit(":", 1)[1]
    assert raw_post(server, secret, Host=f"localhost:{port}", Origin=f"http://localhost:{port}").is_success


@pytest.mark.live
def test_the_server_answers_at_exactly_its_path(server, make_user, token_for):
    secret = token_for(make_user())
    response = httpx.post(
        server + MCP_PATH + "/elsewhere",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Authorization": f"Bearer {secret}", "Accept": ACCEPT},
        trust_env=False,
    )
    assert response.status_code == 404


@pytest.mark.live
def test_a_get_is_answered_at_once_with_405(server, make_user, token_for):
    secret = token_for(make_user())
    response = httpx.get(
        server + MCP_PATH,
        headers={"Authorization": f"Bearer {secret}", "Accept": "text/event-stream"},
        trust_env=False,
        timeout=10,
    )
    assert response.status_code == 405
    assert response.headers["allow"] == "POST"


# --- Scopes and permissions -------------------------------------------------------------------


@pytest.mark.live
def test_a_tool_whose_scope_the_token_lacks_is_refused_naming_the_scope(
    server, make_user, token_for, account_notes
):
    account = make_user("core.accounts.manage")
    secret = token_for(account, ["notes:read"])

    result = call(server, secret, "notes_add", {"entity": account_notes, "id": str(account.pk), "body": "Hi"})

    assert result.is_error
    assert "This tool needs the scope notes:write, which this token lacks." in text_of(result)
    assert Note.objects.count() == 0


@pytest.mark.live
def test_a_tool_whose_permission_the_account_lacks_is_refused(server, make_user, token_for, probe_tools):
    without = token_for(make_user())
    with_permission = token_for(make_user("core.accounts.manage"))

    refused_result = call(server, without, "test_guarded")
    allowed_result = call(server, with_permission, "test_guarded")

    assert refused_result.is_error
    assert "core.accounts.manage" in text_of(refused_result)
    assert not allowed_result.is_error
    assert allowed_result.structured_content == {"ok": True}


@pytest.mark.live
def test_the_notes_operations_permission_is_enforced_through_the_tool(
    server, make_user, token_for, account_notes
):
    subject = make_user()
    secret = token_for(make_user())  # every scope, but not core.accounts.manage

    listed = call(server, secret, "notes_list", {"entity": account_notes, "id": str(subject.pk)})
    added = call(server, secret, "notes_add", {"entity": account_notes, "id": str(subject.pk), "body": "x"})

    assert listed.is_error and added.is_error
    assert "You may not do this." in text_of(added)
    assert Note.objects.count() == 0


@pytest.mark.live
def test_tools_registered_after_start_up_appear_and_disappear(server, make_user, token_for):
    secret = token_for(make_user())
    spec = registry.tool_spec(
        "test_passing", lambda actor: {}, scope="account:read", permission=None, description="Passing."
    )
    with registry.TOOLS.temporarily("test_passing", spec):
        names = {tool.name for tool in with_session(server, secret, lambda s: s.list_tools()).tools}
        assert "test_passing" in names

    names = {tool.name for tool in with_session(server, secret, lambda s: s.list_tools()).tools}
    assert "test_passing" not in names
    assert call(server, secret, "test_guarded").is_error


@pytest.mark.live
def test_a_description_given_as_a_function_follows_the_settings_when_listed(
    server, make_user, token_for, settings
):
    """A description may name what a setting says now: the server renders it at each listing."""

    def in_zone() -> str:
        return f"Times without an offset are read in {settings.TIME_ZONE}."

    def zone(actor) -> dict:
        return {}

    secret = token_for(make_user(), ["account:read", "notes:read"])
    tool = registry.tool_spec("test_zone", zone, scope="account:read", permission=None, description=in_zone)
    resource = registry.resource_spec(
        "test://zone", zone, name="test_zone", scope="notes:read", permission=None, description=in_zone
    )

    def listed() -> tuple[str, str]:
        tools = with_session(server, secret, lambda s: s.list_tools()).tools
        resources = with_session(server, secret, lambda s: s.list_resources()).resources
        return (
            next(item.description for item in tools if item.name == "test_zone"),
            next(item.description for item in resources if str(item.uri) == "test://zone"),
        )

    with (
        registry.TOOLS.temporarily("test_zone", tool),
        registry.RESOURCES.temporarily("test://zone", resource),
    ):
        settings.TIME_ZONE = "Europe/Berlin"
        described, resource_described = listed()
        assert described.startswith("Times without an offset are read in Europe/Berlin.")
        assert resource_described == "Times without an offset are read in Europe/Berlin."
        settings.TIME_ZONE = "America/New_York"
        described, resource_described = listed()
        assert described.startswith("Times without an offset are read in America/New_York.")
        assert "Needs the token scope account:read" in described
        assert resource_described == "Times without an offset are read in America/New_York."


# --- Notes and dry runs -----------------------------------------------------------------------


@pytest.mark.live
def test_notes_add_dry_run_reports_the_note_and_saves_nothing(server, make_user, token_for, account_notes):
    account = make_user("core.accounts.manage", display_name="Dry Dora")
    secret = token_for(account)
    before = Note.objects.count()

    result = call(
        server,
        secret,
        "notes_add",
        {"entity": account_notes, "id": str(account.pk), "body": "  Would say hello.  ", "dry_run": True},
    )

    assert not result.is_error, text_of(result)
    assert result.structured_content["dry_run"] is True
    assert result.structured_content["note"]["body"] == "Would say hello."
    assert result.structured_content["note"]["author"] == "Dry Dora"
    assert Note.objects.count() == before


@pytest.mark.live
def test_notes_add_without_dry_run_adds_one_note(server, make_user, token_for, account_notes):
    account = make_user("core.accounts.manage")
    secret = token_for(account)
    before = Note.objects.count()

    result = call(server, secret, "notes_add", {"entity": account_notes, "id": str(account.pk), "body": "Hi"})

    assert not result.is_error, text_of(result)
    assert result.structured_content["dry_run"] is False
    assert Note.objects.count() == before + 1
    note = Note.objects.get(pk=result.structured_content["note"]["id"])
    assert (note.body, note.author, note.object_id) == ("Hi", account, str(account.pk))
    listed = call(server, secret, "notes_list", {"entity": account_notes, "id": str(account.pk)})
    assert [item["body"] for item in listed.structured_content["notes"]] == ["Hi"]


@pytest.mark.live
def test_a_dry_run_fires_no_on_commit_side_effect(server, make_user, token_for, probe_tools):
    secret = token_for(make_user())

    dry = call(server, secret, "test_remember", {"word": "quietly", "dry_run": True})
    assert dry.structured_content == {"remembered": "quietly", "dry_run": True}
    assert probe_tools == []

    call(server, secret, "test_remember", {"word": "loudly"})
    assert probe_tools == ["loudly"]


@pytest.mark.live
def test_invalid_values_are_a_tool_error_keyed_by_field(server, make_user, token_for, account_notes):
    account = make_user("core.accounts.manage")
    secret = token_for(account)

    result = call(server, secret, "notes_add", {"entity": account_notes, "id": str(account.pk), "body": "  "})

    assert result.is_error
    assert result.structured_content == {
        "message": "Some values are not valid.",
        "errors": {"body": ["Write something first."]},
    }
    assert "body: Write something first." in text_of(result)
    assert Note.objects.count() == 0


@pytest.mark.live
@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"entity": "test_account", "id": "999999999"}, "There is no such record."),
        ({"entity": "test_account", "id": "not a number"}, "There is no such record."),
        ({"entity": "no_such_entity", "id": "1"}, "Notes cannot be kept on no_such_entity."),
        ({"entity": "test_account"}, "id"),
        ({"entity": "test_account", "id": "x" * 65}, "id"),
    ],
)
def test_bad_input_is_a_tool_error_never_a_crash(
    server, make_user, token_for, account_notes, arguments, words
):
    secret = token_for(make_user("core.accounts.manage"))

    result = call(server, secret, "notes_list", arguments)

    assert result.is_error
    assert words in text_of(result)


@pytest.mark.live
def test_a_crashing_tool_is_a_tool_error_that_keeps_its_details_on_the_server(
    server, make_user, token_for, probe_tools
):
    result = call(server, token_for(make_user()), "test_crash")

    assert result.is_error
    assert result.structured_content == {
        "message": "The call failed on the server; the error has been logged."
    }
    assert "secret internals" not in text_of(result)


# --- Resources --------------------------------------------------------------------------------


@pytest.mark.live
def test_a_registered_resource_is_read_within_its_scope(server, make_user, token_for):
    def profile(actor) -> dict:
        return {"email": actor.email}

    spec = registry.resource_spec(
        "test://profile", profile, name="test_profile", scope="notes:read", permission=None, description="Me."
    )
    with registry.RESOURCES.temporarily("test://profile", spec):
        account = make_user(email="reader@example.com")
        allowed = token_for(account, ["notes:read"])
        lacking = token_for(account, ["account:read"])

        contents = with_session(server, allowed, lambda s: s.read_resource("test://profile")).contents
        assert '"reader@example.com"' in contents[0].text
        with pytest.raises(BaseException) as caught:
            with_session(server, lacking, lambda s: s.read_resource("test://profile"))
        errors = [leaf for leaf in leaves(caught.value) if isinstance(leaf, MCPError)]
        assert errors and "This resource needs the scope notes:read" in str(errors[0])


# --- The registry -----------------------------------------------------------------------------


def test_the_core_tools_declare_the_core_scopes():
    assert set(ALL_CORE_SCOPES) <= set(registry.known_scopes())
    assert registry.get_tool("notes_add").changes is True


@pytest.mark.parametrize(
    ("fn", "options", "words"),
    [
        (lambda actor: None, {"scope": "inbox"}, "needs a scope"),
        (lambda actor: None, {"permission": "not a permission"}, "names the permission"),
        (lambda actor: None, {"description": " "}, "needs a description"),
        (lambda actor: None, {"description": lambda: ""}, "needs a description"),
        (lambda actor: None, {"description": lambda: None}, "must answer a text"),
        (lambda account: None, {}, "`actor` as its first parameter"),
        (lambda actor, dry_run=False: None, {}, "may not declare the parameter 'dry_run'"),
        (lambda actor, **anything: None, {}, "must name each parameter"),
    ],
)
def test_a_badly_declared_tool_is_refused_at_registration(fn, options, words):
    declared = {"scope": "inbox:read", "permission": None, "description": "Probe.", **options}
    with pytest.raises(ImproperlyConfigured, match=words):
        registry.tool_spec("test_bad", fn, **declared)
    assert registry.get_tool("test_bad") is None


def test_the_same_name_cannot_be_registered_for_two_functions():
    other = registry.tool_spec(
        "notes_add", lambda actor: None, scope="notes:write", permission=None, description="Other."
    )
    with (
        pytest.raises(ImproperlyConfigured, match="registered twice"),
        registry.TOOLS.temporarily("notes_add", other),
    ):
        pass
    assert registry.get_tool("notes_add").description.startswith("Add a staff note")


def test_a_tool_registered_for_a_while_brings_its_scope_and_takes_it_away():
    def probe(actor) -> dict:
        raise ValidationError("unused")

    spec = registry.tool_spec("test_probe", probe, scope="test:read", permission=None, description="Probe.")
    with registry.TOOLS.temporarily("test_probe", spec):
        assert registry.get_tool("test_probe").fn is probe
        assert "test:read" in registry.known_scopes()
    assert registry.get_tool("test_probe") is None
    assert "test:read" not in registry.known_scopes()
