"""The settings groups' agent tools over real HTTP (the SDK's client against the live server), and
the promise every door keeps: a secret, once saved, appears in no panel page, API body, tool
output or log line."""

from __future__ import annotations

import json
import logging

import pytest
from django.test import Client

from frontdesk.core.models import ApiToken, LogEntry
from frontdesk.sitesettings.groups import INTEGRATIONS, SEO
from frontdesk.sitesettings.reading import stored_values
from tests.core.test_mcp import text_of, with_session
from tests.mcp_client import call, ok, refusal

pytestmark = pytest.mark.live

SCOPES = ["settings:read", "settings:write"]
SECRET = "0x4AAAAAAA-agent-secret-42"
CLIENT_LOGGERS = ("mcp.client", "httpx", "httpcore")


@pytest.fixture
def manager(make_user):
    return make_user("core.settings.manage")


@pytest.fixture
def secret(manager) -> str:
    return ApiToken.issue(manager, "agent", SCOPES)[1]


def test_the_tools_are_listed_with_their_parameters_described(live_site, secret):
    listed = with_session(live_site, secret, lambda session: session.list_tools())
    tools = {tool.name: tool for tool in listed.tools if tool.name.startswith("settings_")}
    assert set(tools) == {"settings_get", "settings_update"}
    update = tools["settings_update"].input_schema["properties"]
    assert {"group", "values", "secrets", "revision", "dry_run"} <= set(update)
    assert all(update[name].get("description") for name in ("group", "values", "secrets", "revision"))


def test_settings_get_shows_every_group_or_one(live_site, secret):
    groups = ok(live_site, secret, "settings_get")["groups"]
    assert [group["name"] for group in groups][:2] == [SEO, INTEGRATIONS]
    one = ok(live_site, secret, "settings_get", {"group": INTEGRATIONS})["groups"]
    assert [group["name"] for group in one] == [INTEGRATIONS]
    assert one[0]["secrets"]["turnstile_secret"] == "not set"
    assert "There is no settings group nosuch." in refusal(
        live_site, secret, "settings_get", {"group": "nosuch"}
    )


def test_settings_update_changes_the_values_named_and_sets_a_secret(live_site, secret):
    answer = ok(
        live_site,
        secret,
        "settings_update",
        {
            "group": INTEGRATIONS,
            "values": {"captcha_provider": "turnstile"},
            "secrets": {"turnstile_secret": SECRET},
        },
    )
    assert answer["dry_run"] is False and answer["group"]["secrets"]["turnstile_secret"] == "set"
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == SECRET
    line = LogEntry.objects.get(action="settings.changed")
    assert line.token.name == "agent" and line.changes["turnstile_secret"] == ["not set", "set"]


def test_a_dry_run_changes_nothing(live_site, secret):
    answer = ok(
        live_site,
        secret,
        "settings_update",
        {"group": SEO, "values": {"organization_name": "Dry"}, "dry_run": True},
    )
    assert answer["dry_run"] is True and answer["group"]["values"]["organization_name"] == "Dry"
    assert stored_values(SEO).values["organization_name"] == "" and not LogEntry.objects.exists()


def test_refusals_name_the_setting(live_site, secret):
    words = refusal(
        live_site, secret, "settings_update", {"group": SEO, "values": {"organization_country": "de"}}
    )
    assert "organization_country: Give the country's two capital letters, such as DE." in words
    words = refusal(live_site, secret, "settings_update", {"group": SEO, "values": {}, "revision": 7})
    assert "Someone else changed these settings in the meantime." in words


def test_each_tool_needs_its_scope_and_the_permission(live_site, manager, make_user):
    reader = ApiToken.issue(manager, "reader", ["settings:read"])[1]
    assert "settings:write" in refusal(live_site, reader, "settings_update", {"group": SEO, "values": {}})
    ok(live_site, reader, "settings_get")
    outsider = ApiToken.issue(make_user("core.accounts.manage"), "outsider", SCOPES)[1]
    assert "core.settings.manage" in refusal(live_site, outsider, "settings_get")


def test_a_saved_secret_appears_in_no_page_body_tool_output_or_log_line(live_site, secret, manager, caplog):
    caplog.set_level(logging.DEBUG)
    seen: list[str] = []
    # Saved through each door in turn: the agent tool, the API (as the panel sends it), the API again.
    seen.append(
        json.dumps(
            ok(
                live_site,
                secret,
                "settings_update",
                {"group": INTEGRATIONS, "secrets": {"turnstile_secret": SECRET}},
            )
        )
    )
    browser = Client()
    browser.force_login(manager)
    for method, body in (
        (
            "put",
            {
                "values": {"captcha_provider": "turnstile", "turnstile_site_key": "k"},
                "secrets": {"hcaptcha_secret": SECRET},
            },
        ),
        ("patch", {"secrets": {"recaptcha_secret": SECRET}}),
    ):
        answer = getattr(browser, method)(
            f"/api/cms/settings/{INTEGRATIONS}", json.dumps(body), content_type="application/json"
        )
        assert answer.status_code == 200
        seen.append(answer.content.decode())
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    seen += [
        Client().get(address, **bearer).content.decode()
        for address in ("/api/cms/settings", f"/api/cms/settings/{INTEGRATIONS}")
    ]
    seen += [
        browser.get(page).content.decode()
        for page in ("/cms/settings/", f"/cms/settings/{INTEGRATIONS}/", f"/cms/settings/{SEO}/")
    ]
    seen.append(text_of(call(live_site, secret, "settings_get")))
    seen.append(text_of(call(live_site, secret, "settings_get", {"group": INTEGRATIONS})))
    seen += [json.dumps([line.changes, line.detail, line.action]) for line in LogEntry.objects.all()]
    # Every line the server side logged, at every level; the test's own MCP client logs what it
    # sends at DEBUG (an agent's process, not the site's), so its lines are left out.
    seen.append(
        "\n".join(
            record.getMessage() for record in caplog.records if not record.name.startswith(CLIENT_LOGGERS)
        )
    )

    assert stored_values(INTEGRATIONS).secrets == {
        name: SECRET for name in ("turnstile_secret", "hcaptcha_secret", "recaptcha_secret")
    }
    assert LogEntry.objects.count() == 3 and len(seen) == 14
    assert [SECRET in text for text in seen] == [False] * len(seen)
    assert all("set" in text for text in seen[:8])  # each showed the secrets' state instead
