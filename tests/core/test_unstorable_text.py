"""Text that cannot be stored or printed is refused at every door, under its own location, with
nothing stored: a lone UTF-16 surrogate ("\\ud800" in a JSON string reads into one, and UTF-8
cannot write it, so every page printing it would fail) as a NUL character is (core/inputs.py,
`Input.only_storable_text`; docs/api.md, "Input strictness")."""

from __future__ import annotations

import json

import httpx
import pytest
from django.apps import apps

from frontdesk.core.inputs import NoteIn
from frontdesk.core.mcp.calls import Refusal
from frontdesk.core.mcp.server import _gather
from frontdesk.core.models import ApiToken, Note
from frontdesk.sitesettings.models import SettingsGroup
from tests.core.test_mcp import ACCEPT, MCP_PATH
from tests.optional import needs

LONE = "\ud800"
SAYS = "Remove the invalid character (a lone UTF-16 surrogate) from this text."

pytestmark = pytest.mark.django_db


def send(client, method: str, path: str, body: dict):
    # json.dumps writes a lone surrogate as the escape "\ud800", as a hostile client would send it.
    return getattr(client, method)(path, json.dumps(body), content_type="application/json")


def test_a_settings_value_with_a_lone_surrogate_is_refused_and_the_site_still_answers(admin_client, client):
    response = send(
        admin_client, "patch", "/api/cms/settings/seo", {"values": {"organization_region": "r" + LONE}}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {"values.organization_region": [SAYS]}
    assert not SettingsGroup.objects.filter(values__organization_region__isnull=False).exists()
    assert client.get("/").status_code in (200, 404)  # no page printed the value: no 500
    assert admin_client.get("/cms/settings/").status_code == 200


@needs("pages")
def test_a_page_title_with_a_lone_surrogate_is_refused_under_its_language(admin_client):
    body = {"title": {"en": "About" + LONE}, "slug": {"en": "about"}}
    response = send(admin_client, "post", "/api/cms/pages", body)
    assert response.status_code == 422
    assert response.json()["errors"] == {"title.en": [SAYS]}
    assert not apps.get_model("pages", "Page").all_objects.exists()


@needs("services")
def test_a_rich_text_with_a_lone_surrogate_is_a_422_not_a_server_error(admin_client):
    body = {"title": "Garden design", "description": {"en": f"<p>Plants {LONE}</p>"}}
    response = send(admin_client, "post", "/api/cms/services", body)
    assert response.status_code == 422
    assert response.json()["errors"] == {"description.en": [SAYS]}
    assert not apps.get_model("services", "Service").all_objects.exists()


@needs("pages")
def test_a_lone_surrogate_deep_in_a_json_value_or_in_a_key_is_refused_where_it_is(admin_client):
    block = {"type": "heading", "values": {"text": "Hi" + LONE}}
    response = send(
        admin_client, "post", "/api/cms/pages", {"title": "A", "slug": "a", "content": {"en": [block]}}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {"content.en.0.values.text": [SAYS]}
    keyed = send(admin_client, "patch", "/api/cms/settings/seo", {"values": {"region" + LONE: "x"}})
    assert keyed.status_code == 422 and keyed.json()["errors"] == {"values": [SAYS]}
    assert not apps.get_model("pages", "Page").all_objects.exists()


@needs("services")
def test_a_surrogate_pair_is_one_character_and_is_stored(admin_client):
    response = admin_client.post(
        "/api/cms/services", '{"title": "Smile \\ud83d\\ude00"}', content_type="application/json"
    )
    assert response.status_code == 201, response.content
    assert apps.get_model("services", "Service").objects.get().title == {"en": "Smile \N{GRINNING FACE}"}


def test_the_account_route_refuses_one_too(admin_client):
    response = send(admin_client, "put", "/api/cms/me", {"display_name": LONE, "panel_language": "en"})
    assert response.status_code == 422 and response.json()["errors"] == {"display_name": [SAYS]}


def test_an_agent_tools_model_refuses_one_under_its_field():
    with pytest.raises(Refusal) as refused:
        _gather(("note", NoteIn), {"body": "Call back" + LONE})
    assert refused.value.body["errors"] == {"body": [SAYS]}


# --- query strings and form posts: Django cannot make one ------------------------------------------


def test_a_query_string_cannot_carry_one_and_the_list_answers(admin_client):
    # %ED%A0%80 is U+D800 written as UTF-8 would write it; Django reads undecodable bytes as U+FFFD.
    response = admin_client.get("/api/cms/inbox/forms?q=%ED%A0%80")
    assert response.status_code == 200 and response.json() == []
    request = response.wsgi_request
    assert request.GET["q"] == "\ufffd" * 3


def test_a_form_post_cannot_carry_one_and_the_door_answers(client):
    response = client.post(
        "/cms/login/",
        "email=a%ED%A0%80%40example.com&password=x",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code in (200, 400, 403)
    assert response.wsgi_request.POST["email"] == "a\ufffd\ufffd\ufffd@example.com"


# --- the MCP endpoint: its parser refuses one before any tool runs -----------------------------------


@pytest.mark.live
def test_the_mcp_endpoint_refuses_a_lone_surrogate_before_the_tool_runs(
    live_server_url, transactional_db, make_user, account_notes
):
    account = make_user("core.accounts.manage")
    secret = ApiToken.issue(account, "agent", ["notes:read", "notes:write"])[1]
    arguments = {"entity": account_notes, "id": str(account.pk), "body": "Hi" + LONE}
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "notes_add", "arguments": arguments},
    }
    response = httpx.post(
        live_server_url + MCP_PATH,
        content=json.dumps(body).encode(),
        headers={"Accept": ACCEPT, "Content-Type": "application/json", "Authorization": f"Bearer {secret}"},
        trust_env=False,
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == -32700  # JSON-RPC's parse error
    assert not Note.objects.exists()
