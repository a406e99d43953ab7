"""The public site in a real browser: the home page of each language leads to every demo page (the
demo pages through the menu, the other demo content's pages through the home page's list), and no
page logs a console error or fails a request (the icon included)."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from frontdesk.inbox.demo import DEMO_FORMS
from frontdesk.pages.demo import PAGES
from tests.browser.conftest import screenshot, visit

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")

PREFIXES = {"en": "", "de": "/de", "ru": "/ru"}


@pytest.fixture
def demo_site(site_url) -> str:
    call_command("demo", "--password", "a long demo password 42", stdout=StringIO())
    return site_url


def watch(page) -> list[str]:
    """Everything a visitor's console would complain about, from now on."""
    problems: list[str] = []

    def console(message) -> None:
        if message.type == "error":
            problems.append(f"console: {message.text}")

    def request_failed(request) -> None:
        # A request the page abandons because the visitor moved on (ERR_ABORTED: the icon still
        # loading when a link is clicked) is no failure; a missing file shows as its 404 below.
        if "ERR_ABORTED" not in (request.failure or ""):
            problems.append(f"failed: {request.url} ({request.failure})")

    def response(answer) -> None:
        if answer.status >= 400:
            problems.append(f"{answer.status}: {answer.url}")

    page.on("console", console)
    page.on("requestfailed", request_failed)
    page.on("response", response)
    return problems


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_the_home_page_leads_to_every_demo_page_without_a_console_error(page, demo_site, language):
    problems = watch(page)
    home = f"{PREFIXES[language]}/"
    visit(page, home)
    expect(page.locator("html")).to_have_attribute("lang", language)
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    assert page.request.get(icon).status == 200
    if language == "en":
        screenshot(page, "site-home")
    menu = page.get_by_role(
        "navigation", name={"en": "Main", "de": "Hauptmenü", "ru": "Главное меню"}[language]
    )
    for values in PAGES.values():
        title = values["title"][language]
        menu.get_by_role("link", name=title, exact=True).click()
        page.wait_for_load_state("load")
        expect(page.get_by_role("heading", level=1)).to_have_text(title)
    visit(page, home)
    for values, _fields in DEMO_FORMS:
        title = values["title"][language]
        page.locator("#main").get_by_role("link", name=title, exact=True).click()
        page.wait_for_url(f"**{PREFIXES[language]}/forms/{values['slug']}/")
        page.wait_for_load_state("load")
        expect(page.get_by_role("heading", level=1)).to_have_text(title)
        visit(page, home)
    assert problems == [], "\n".join(problems)


def test_favicon_ico_answers_with_the_sites_icon(page, demo_site):
    problems = watch(page)
    response = visit(page, "/favicon.ico")
    assert response.status == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert problems == [], "\n".join(problems)
