"""The Content-Security-Policy in a real browser: what it blocks is reported, and the watch sees it.

Every browser test fails on a reported violation (conftest.CspWatch); these tests show that the
watch really catches one, that the honeypot stays out of sight without an inline style, and that
a captcha widget loads on its page and on no other.
"""

from __future__ import annotations

import pytest

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.operations import create_form
from tests.browser.conftest import visit

TURNSTILE = "https://challenges.cloudflare.com"
# Stands in for the provider's api.js (the tests do not reach the internet): like the real one,
# it loads from the provider and puts the provider's frame into the widget's element.
FAKE_WIDGET = f"""
document.querySelectorAll(".cf-turnstile").forEach((element) => {{
    const frame = document.createElement("iframe");
    frame.src = "{TURNSTILE}/widget";
    frame.title = "Widget";
    element.append(frame);
}});
"""


def wait_for_violations(page) -> list[str]:
    """The violations reported so far, once both the event and the console line have come."""
    for _ in range(100):
        console = [line for line in page.csp_violations if line.startswith("console: ")]
        if console and len(console) < len(page.csp_violations):
            break
        page.wait_for_timeout(20)  # lets Playwright deliver the page's events
    return list(page.csp_violations)


def put_into_page(page, tag: str, **attributes: str) -> None:
    """Append an element as a page script or an injected fragment would (not through the CDP)."""
    page.evaluate(
        """([tag, attributes]) => {
            const element = document.createElement(tag);
            for (const [name, value] of Object.entries(attributes)) {
                if (name === "text") element.textContent = value; else element.setAttribute(name, value);
            }
            document.body.append(element);
        }""",
        [tag, attributes],
    )


@pytest.fixture
def forms(site_url, settings):
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {
            **inbox_settings(),
            "captcha": {"provider": "turnstile", "site_key": "site-key-1", "secret": "s", "verify_url": ""},
        },
    }
    field = [{"machine_name": "name", "type": "text", "label": {"en": "Your name"}}]
    guarded = create_form(actor=None, values={"slug": "guarded", "title": {"en": "Guarded"}}, fields=field)
    guarded.options = {**guarded.options, "captcha": True}
    guarded.save()
    create_form(actor=None, values={"slug": "plain", "title": {"en": "Plain"}}, fields=field)
    return {"guarded": "/forms/guarded/", "plain": "/forms/plain/"}


def route_provider(page) -> list[str]:
    """Serve the provider's origin from the test; returns the addresses the page fetched."""
    fetched: list[str] = []

    def answer(route):
        fetched.append(route.request.url)
        if route.request.url.endswith("api.js"):
            route.fulfill(content_type="text/javascript", body=FAKE_WIDGET)
        else:
            route.fulfill(content_type="text/html", body="<!doctype html><title>Widget</title><p>ok</p>")

    page.route(f"{TURNSTILE}/**", answer)
    return fetched


def test_an_inline_script_put_into_a_page_is_reported_and_not_run(page, csp_watch):
    visit(page, "/")
    put_into_page(page, "script", text="window.injected = true;")
    found = wait_for_violations(page)
    assert page.evaluate("() => window.injected === undefined")
    assert any("script-src" in line and "inline" in line for line in found), found
    assert any(line.startswith("console: ") and "Content Security Policy" in line for line in found), found
    assert csp_watch.problems(page)  # what fails the test at teardown
    page.csp_violations.clear()  # seen on purpose: this test passes


def test_an_inline_style_put_into_a_page_is_reported_and_not_applied(page):
    visit(page, "/cms/login/")
    put_into_page(page, "div", id="styled", style="color: rgb(255, 0, 0)", text="red?")
    found = wait_for_violations(page)
    assert page.locator("#styled").evaluate("(el) => getComputedStyle(el).color") != "rgb(255, 0, 0)"
    assert any("style-src" in line for line in found), found
    page.csp_violations.clear()


def test_the_honeypot_stays_out_of_sight_without_an_inline_style(page, forms):
    visit(page, forms["plain"])
    honeypot = page.locator(".site-form__hp")
    box = honeypot.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 0
    assert page.get_by_label("Your name").is_visible()


def test_the_captcha_widget_loads_on_its_page_without_a_violation(page, forms):
    fetched = route_provider(page)
    visit(page, forms["guarded"])
    page.frame_locator(".cf-turnstile iframe").get_by_text("ok").wait_for()
    assert f"{TURNSTILE}/turnstile/v0/api.js" in fetched and f"{TURNSTILE}/widget" in fetched
    # No violation: the teardown of this test checks that.


def test_a_page_without_a_captcha_refuses_the_providers_script(page, forms):
    fetched = route_provider(page)
    visit(page, forms["plain"])
    put_into_page(page, "script", src=f"{TURNSTILE}/turnstile/v0/api.js")
    found = wait_for_violations(page)
    assert any("challenges.cloudflare.com" in line for line in found), found
    assert fetched == []
    page.csp_violations.clear()
