"""The Content-Security-Policy header of the panel, its API and the public pages.

The browser side (no page the browser tests open reports a violation) is tests/browser/test_csp.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override

import frontdesk
from frontdesk.core import csp
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.operations import create_form

pytestmark = pytest.mark.django_db

PACKAGE = Path(frontdesk.__file__).resolve().parent
HEADER = "Content-Security-Policy"
REPORT_ONLY = "Content-Security-Policy-Report-Only"

# Each provider's origins as its own documentation lists them (docs/configuration.md).
PROVIDER_SOURCES = {
    "turnstile": {
        "script-src": ["https://challenges.cloudflare.com"],
        "frame-src": ["https://challenges.cloudflare.com"],
    },
    "hcaptcha": {
        "script-src": ["https://hcaptcha.com", "https://*.hcaptcha.com"],
        "frame-src": ["https://hcaptcha.com", "https://*.hcaptcha.com"],
        "style-src": ["https://hcaptcha.com", "https://*.hcaptcha.com"],
        "connect-src": ["https://hcaptcha.com", "https://*.hcaptcha.com"],
    },
    "recaptcha": {
        "script-src": ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
        "frame-src": ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
    },
}
PROVIDER_HOSTS = ("cloudflare.com", "hcaptcha.com", "google.com", "gstatic.com")


def policy(response, header: str = HEADER) -> dict[str, list[str]]:
    """The header as {directive: [sources]}; fails when the response has none."""
    raw = response.headers.get(header)
    assert raw, f"the answer to {response.wsgi_request.path} has no {header} header"
    directives = [part.split() for part in raw.split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


def assert_strict(found: dict[str, list[str]]) -> None:
    """Scripts only from our own origin, nothing inline, no plugins, no foreign base or framing."""
    assert found["script-src"] == [CSP.SELF]
    assert found["default-src"] == [CSP.SELF]
    assert found["object-src"] == [CSP.NONE]
    assert found["base-uri"] == [CSP.SELF]
    assert found["form-action"] == [CSP.SELF]
    assert found["frame-ancestors"] == [CSP.NONE]
    every_source = [source for sources in found.values() for source in sources]
    for loose in (CSP.UNSAFE_INLINE, CSP.UNSAFE_EVAL, CSP.UNSAFE_HASHES, "*", "https:", "http:"):
        assert loose not in every_source, found


def captcha_site(settings, provider: str, **keys: str) -> None:
    inbox = inbox_settings()
    keys = {"provider": provider, "site_key": "site-key-1", "secret": "secret-1", "verify_url": "", **keys}
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "captcha": keys}}


def make_form(slug: str, *, captcha: bool):
    form = create_form(
        actor=None,
        values={"slug": slug, "title": {"en": slug.title()}},
        fields=[{"machine_name": "name", "type": "text", "label": {"en": "Your name"}}],
    )
    if captcha:
        form.options = {**form.options, "captcha": True}
        form.save()
    return form


def test_the_login_page_allows_scripts_only_from_our_own_origin_and_cannot_be_framed():
    response = Client().get("/cms/login/")
    assert response.status_code == 200
    assert_strict(policy(response))


def test_a_panel_page_and_the_panel_api_carry_the_strict_policy(admin_client):
    page = admin_client.get("/cms/accounts/")
    assert page.status_code == 200
    assert_strict(policy(page))
    answer = admin_client.get("/api/cms/me")
    assert answer.status_code == 200
    assert_strict(policy(answer))


def test_the_public_pages_carry_the_strict_policy():
    make_form("contact", captcha=False)
    for path in ("/", "/de/", "/forms/contact/", "/forms/no-such-form/"):
        response = Client().get(path)
        assert response.status_code in (200, 404), path
        assert_strict(policy(response))


@pytest.mark.parametrize("provider", sorted(PROVIDER_SOURCES))
def test_a_page_that_prints_a_captcha_allows_the_providers_origins(settings, provider):
    captcha_site(settings, provider)
    make_form("contact", captcha=True)
    response = Client().get("/forms/contact/")
    assert response.status_code == 200
    assert 'data-sitekey="site-key-1"' in response.text
    found = policy(response)
    for directive, sources in PROVIDER_SOURCES[provider].items():
        assert set(sources) <= set(found[directive]), (directive, found[directive])
        # Widened with the provider, not narrowed to it: our own files still load.
        assert CSP.SELF in found[directive]
    assert found["object-src"] == [CSP.NONE] and found["frame-ancestors"] == [CSP.NONE]
    assert CSP.UNSAFE_INLINE not in found["script-src"]


@pytest.mark.parametrize("provider", sorted(PROVIDER_SOURCES))
def test_pages_without_a_captcha_do_not_allow_any_provider(settings, provider):
    captcha_site(settings, provider)
    make_form("contact", captcha=True)
    make_form("newsletter", captcha=False)
    client = Client()
    assert "site-key-1" in client.get("/forms/contact/").text  # one page of the visit has one
    for path in ("/", "/forms/newsletter/", "/cms/login/"):
        raw = client.get(path).headers[HEADER]
        assert not any(host in raw for host in PROVIDER_HOSTS), (path, raw)


def test_a_form_asking_for_a_captcha_on_a_site_without_keys_allows_no_provider(settings):
    captcha_site(settings, "turnstile", site_key="", secret="")
    make_form("contact", captcha=True)
    response = Client().get("/forms/contact/")
    assert "cf-turnstile" not in response.text
    assert "cloudflare" not in response.headers[HEADER]


def test_the_report_only_policy_gets_the_providers_origins_as_well(settings):
    captcha_site(settings, "turnstile")
    settings.SECURE_CSP_REPORT_ONLY = {"default-src": [CSP.SELF], "report-uri": "/csp-reports"}
    make_form("contact", captcha=True)
    response = Client().get("/forms/contact/")
    report_only = policy(response, REPORT_ONLY)
    assert report_only["script-src"] == [CSP.SELF, "https://challenges.cloudflare.com"]
    assert report_only["frame-src"] == [CSP.SELF, "https://challenges.cloudflare.com"]
    assert report_only["report-uri"] == ["/csp-reports"]
    assert "cloudflare" not in Client().get("/").headers[REPORT_ONLY]


def test_a_view_with_a_policy_of_its_own_keeps_it_unwidened():
    own = {"default-src": [CSP.NONE], "sandbox": True}

    @csp_override(own)
    def view(request):
        csp.allow(request, {"script-src": ["https://challenges.cloudflare.com"]})
        return HttpResponse("ok")

    middleware = csp.ContentSecurityPolicyMiddleware(view)
    response = middleware(RequestFactory().get("/"))
    assert response.headers[HEADER] == "default-src 'none'; sandbox"


def test_sources_allowed_for_one_request_do_not_leak_into_the_settings():
    before = {key: list(value) for key, value in django_settings.SECURE_CSP.items()}
    request = RequestFactory().get("/")
    csp.allow(request, {"script-src": ["https://example.org"], "worker-src": ["blob:"]})
    middleware = csp.ContentSecurityPolicyMiddleware(lambda request: HttpResponse("ok"))
    found = policy(middleware(request))
    assert found["script-src"] == [CSP.SELF, "https://example.org"]
    assert found["worker-src"] == [CSP.SELF, "blob:"]  # a new directive starts from default-src
    assert before == django_settings.SECURE_CSP
    assert "example.org" not in middleware(RequestFactory().get("/")).headers[HEADER]


# --- Markup that a strict policy would block ----------------------------------------------

TEMPLATES = sorted(PACKAGE.glob("**/templates/**/*.html"))
INLINE = {
    "an inline script": re.compile(
        r"<script(?![^>]*\ssrc=)(?![^>]*type=\"application/(ld\+)?json\")[^>]*>", re.I
    ),
    "a style attribute": re.compile(r"\sstyle=", re.I),
    "a <style> element": re.compile(r"<style[\s>]", re.I),
    "an event handler attribute": re.compile(r"\son[a-z]+=", re.I),
    "a javascript: address": re.compile(r"javascript:", re.I),
}


# Template tags are not HTML: `{% include ... online=online %}` names a variable, not a handler.
TEMPLATE_TAG = re.compile(r"{%.*?%}", re.S)


def test_no_template_holds_inline_script_style_or_event_handlers():
    assert TEMPLATES, "no templates found"
    found = [
        f"{path.relative_to(PACKAGE)}: {what}"
        for path in TEMPLATES
        for what, pattern in INLINE.items()
        if pattern.search(TEMPLATE_TAG.sub("", path.read_text()))
    ]
    assert not found, "\n".join(found)


def test_the_honeypot_is_hidden_by_the_sites_stylesheet_not_an_inline_style():
    make_form("contact", captcha=False)
    html = Client().get("/forms/contact/").text
    honeypot = re.search(r'<div class="site-form__hp"[^>]*>', html)
    assert honeypot and "style=" not in honeypot.group(0)
    stylesheet = (PACKAGE / "core" / "static" / "frontdesk" / "site.css").read_text()
    rule = re.search(r"\.site-form__hp\s*\{([^}]*)\}", stylesheet)
    assert rule and "-10000px" in rule.group(1)
