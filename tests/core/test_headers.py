"""The site's headers on every answer: the MCP server's answers (core/serving.py, outside Django's
middleware) carry the same security headers as a page, from the same settings, and a
Content-Type; the panel's and the API's answers are `Cache-Control: private, no-store`, and the
public pages keep their own."""

from __future__ import annotations

import httpx
import pytest
from django.test import Client

from tests.core.test_mcp import ACCEPT, MCP_PATH, raw_post

# What Django's SecurityMiddleware, the CSP middleware and XFrameOptionsMiddleware add to a page.
SECURITY_HEADERS = (
    "x-content-type-options",
    "content-security-policy",
    "x-frame-options",
    "referrer-policy",
    "cross-origin-opener-policy",
)


def mcp_answers(site: str, secret: str) -> dict[str, httpx.Response]:
    """One answer of each kind the MCP address gives: the SDK's, the bridge's and the guard's."""
    url = site + MCP_PATH
    auth = {"Authorization": f"Bearer {secret}", "Accept": ACCEPT}
    return {
        "a tool list": raw_post(site, secret),
        "no token": raw_post(site, None),
        "a foreign host": raw_post(site, secret, Host="evil.example.com"),
        "a foreign origin": raw_post(site, secret, Origin="https://evil.example.com"),
        "a body that is no JSON-RPC": httpx.post(
            url, content=b"x", headers={**auth, "Content-Type": "text/plain"}, trust_env=False
        ),
        "a get": httpx.get(url, headers=auth, trust_env=False),
        "a notification": httpx.post(
            url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=auth, trust_env=False
        ),
    }


def cache_directives(response) -> set[str]:
    return {directive.strip() for directive in response.headers.get("Cache-Control", "").split(",")}


@pytest.mark.live
def test_every_mcp_answer_carries_the_security_headers_of_a_page_a_content_type_and_no_store(
    live_site, make_user
):
    from frontdesk.core.models import ApiToken

    _token, secret = ApiToken.issue(make_user(), "test agent", ["account:read"])
    page = httpx.get(live_site + "/cms/login/", trust_env=False)
    answers = mcp_answers(live_site, secret)
    assert sorted({answer.status_code for answer in answers.values()}) == [200, 202, 400, 401, 403, 405, 421]
    for kind, answer in answers.items():
        for name in SECURITY_HEADERS:
            assert answer.headers.get(name) == page.headers[name], (kind, name)
        assert answer.headers.get("content-type"), kind
        assert {"private", "no-store"} <= cache_directives(answer), kind


@pytest.mark.live
def test_the_mcp_answers_headers_follow_the_settings_a_page_follows(live_site, make_user, settings):
    from frontdesk.core.models import ApiToken

    settings.X_FRAME_OPTIONS = "SAMEORIGIN"
    settings.SECURE_REFERRER_POLICY = "no-referrer"
    settings.SECURE_CSP = {"default-src": ["'self'"], "frame-ancestors": ["'self'"]}
    _token, secret = ApiToken.issue(make_user(), "test agent", ["account:read"])
    answer = raw_post(live_site, secret)
    assert answer.status_code == 200
    assert answer.headers["x-frame-options"] == "SAMEORIGIN"
    assert answer.headers["referrer-policy"] == "no-referrer"
    assert answer.headers["content-security-policy"] == "default-src 'self'; frame-ancestors 'self'"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/cms/", 302),
        ("/cms/inbox/", 200),
        ("/cms/no-such-screen/", 404),
        ("/api/cms/inbox/forms", 200),
        ("/api/cms/faq/questions/999999", 404),
        ("/api/cms/no-such-route", 404),
    ],
)
def test_panel_pages_and_api_answers_are_private_and_not_stored(admin_client: Client, path, status):
    response = admin_client.get(path)
    assert response.status_code == status
    assert {"private", "no-store"} <= cache_directives(response)


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/cms/login/", "/api/cms/inbox/forms"])
def test_answers_to_a_visitor_who_is_not_signed_in_are_private_and_not_stored(client: Client, path):
    assert {"private", "no-store"} <= cache_directives(client.get(path))


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/no-such-page"])
def test_public_pages_keep_their_own_cache_headers(client: Client, path):
    assert "Cache-Control" not in client.get(path)
