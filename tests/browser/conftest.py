"""Browser tests: Debian's Chromium driven by Playwright against the live server.

Every test in this folder is marked `browser`. One Chromium per xdist worker; each test gets
fresh contexts. Accessibility cannot be forgotten: `visit()` runs axe after each navigation,
and every page a test opened is checked again when the test ends (serious and critical
violations fail). Pages that throw a JavaScript error or report a Content-Security-Policy
violation fail the test as well.

    def test_something(page, admin_user):
        visit(page, "/cms/login/")
        ...
    def test_other(logged_in_page, admin_user):
        page = logged_in_page(admin_user, width=360, color_scheme="dark")
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-gpu",
]
HERE = Path(__file__).resolve().parent
# A test run leaves the checkout as it found it: screenshots go to var/screenshots/, and into
# docs/img/ (the README's tour) only when asked, FRONTDESK_SCREENSHOTS=docs, by whoever means to
# commit them. Rendering differs by a few pixels from run to run, so every run would change them.
SCREENSHOTS = (
    HERE.parents[1] / "docs" / "img"
    if os.environ.get("FRONTDESK_SCREENSHOTS") == "docs"
    else HERE.parents[1] / "var" / "screenshots"
)
FAILING_IMPACTS = {"serious", "critical"}
WIDE = {"width": 1280, "height": 800}
NARROW = {"width": 360, "height": 740}


@pytest.hookimpl(tryfirst=True)  # before `-m "not browser"` deselects
def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.browser_call_failed = report.failed
    return report


# --- Browser, contexts, pages --------------------------------------------------------------


@pytest.fixture(scope="package")
def browser():
    """One Chromium per xdist worker, for the run of this folder's tests.

    Package scope, not session: Playwright's sync API keeps an event loop running in the main
    thread for as long as it lives, which would break later tests that call asyncio.run().
    """
    if not CHROMIUM.exists():
        reason = f"Debian's chromium is not installed at {CHROMIUM} (apt-get install chromium)."
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} Browser tests are required under CI=true.")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    # That running loop also makes Django refuse ORM calls from this thread ("You cannot call
    # this from an async context"): the tests' own rows and the database flush need them.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def site_url(live_server_url, transactional_db) -> str:
    """The live server, with the test's rows committed so it sees them.

    Not conftest's `live_server`: pytest-django's autouse `_live_server_helper` takes any fixture
    of that name for its own LiveServer object and fails on our URL string.
    """
    return live_server_url


class CspWatch:
    """Collects the Content-Security-Policy violations each page reports.

    Two sources, because neither sees everything: the `securitypolicyviolation` event (exact
    directive and address; needs script in the page) and Chromium's console lines ("Refused to
    ... because it violates the following Content Security Policy directive"), which a page
    without script reports as well.
    """

    LISTENER = """document.addEventListener("securitypolicyviolation", (event) => {
        window.__frontdeskCspViolation(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`
            + ` (${event.sourceFile || document.location.href}:${event.lineNumber})`);
    }, true);"""

    def watch(self, page) -> None:
        page.csp_violations = []

        def event(text: str) -> None:
            page.csp_violations.append(text)

        def console(message) -> None:
            if "Content Security Policy" in message.text:
                page.csp_violations.append(f"console: {message.text}")

        page.expose_function("__frontdeskCspViolation", event)
        page.add_init_script(self.LISTENER)
        page.on("console", console)

    @staticmethod
    def problems(page) -> list[str]:
        return [f"Content-Security-Policy violation on {page.url}: {found}" for found in page.csp_violations]


@pytest.fixture
def csp_watch() -> CspWatch:
    """Every page new_page opens fails its test when it reported a CSP violation."""
    return CspWatch()


@pytest.fixture
def new_page(browser, site_url, request, csp_watch) -> Iterator[Callable]:
    """Open a page in a fresh context: new_page(width=360, color_scheme="dark")."""
    opened: list = []

    def make(
        *, width: int = WIDE["width"], height: int | None = None, color_scheme: str = "light", **options
    ):
        height = height or (NARROW["height"] if width <= NARROW["width"] else WIDE["height"])
        context = browser.new_context(
            base_url=site_url,
            viewport={"width": width, "height": height},
            color_scheme=color_scheme,
            reduced_motion="reduce",
            **options,
        )
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda error: page.js_errors.append(str(error)))
        csp_watch.watch(page)
        opened.append((context, page))
        return page

    yield make

    problems = []
    call_failed = getattr(request.node, "browser_call_failed", True)
    for context, page in opened:
        if not call_failed and not page.is_closed():
            problems.extend(_axe_problems(page))
            problems.extend(f"JavaScript error on {page.url}: {error}" for error in page.js_errors)
        if not call_failed:  # collected as they came: a page closed early (no script) counts too
            problems.extend(csp_watch.problems(page))
        context.close()
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture
def site_sections():
    """For screenshots: the panel's menu as a site shows it, without the test app's sections."""
    from django.urls import get_resolver

    from frontdesk.core.panel.sections import SECTIONS

    get_resolver().url_patterns  # noqa: B018  (the panel's addresses are built from every section)
    with SECTIONS.scratch() as sections:
        for key in [key for key in sections if key.startswith("testapp-")]:
            del sections[key]
        yield


@pytest.fixture
def logged_in_page(new_page, site_url) -> Callable:
    """A page signed in as `user`, opened on the landing section.

    Signed in with the session cookie of Django's `Client.force_login`, not through the form: the
    form (its page, axe on it, the post) cost about a second a test, and the login tests in
    test_shell.py go through it with `log_in` and prove it works.
    """

    def log_in_as(user, **page_options):
        from django.conf import settings
        from django.test import Client

        client = Client()
        client.force_login(user)
        browser_page = new_page(**page_options)
        cookie = client.cookies[settings.SESSION_COOKIE_NAME]
        browser_page.context.add_cookies(
            [
                {
                    "name": cookie.key,
                    "value": cookie.value,
                    "url": site_url,
                    "httpOnly": True,
                    "sameSite": "Lax",
                }
            ]
        )
        browser_page.goto("/cms/")
        browser_page.wait_for_load_state()
        return browser_page

    return log_in_as


# --- Helpers the tests call ------------------------------------------------------------------


def log_in(page, email: str, password: str) -> None:
    visit(page, "/cms/login/")
    page.get_by_label("E-mail address").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/cms/login/" not in url)
    page.wait_for_load_state()


def visit(page, path: str):
    """Go to `path` (relative to the live server), wait for the modules, then run axe."""
    response = page.goto(path)
    page.wait_for_load_state("load")
    axe_check(page)
    return response


def axe_check(page) -> None:
    """Fail on serious or critical accessibility violations of the page as it is now."""
    problems = _axe_problems(page)
    if problems:
        pytest.fail("\n\n".join(problems), pytrace=False)


def _axe_problems(page) -> list[str]:
    from axe_playwright_python.base import AXE_SCRIPT

    # axe-core is half a megabyte of script: put into each document once, not before every run
    # (a test checks a page after each visit and again when it ends).
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    results = page.evaluate("(options) => axe.run(document, options)", {"resultTypes": ["violations"]})
    problems = []
    for violation in results["violations"]:
        if violation.get("impact") not in FAILING_IMPACTS:
            continue
        nodes = "\n".join(
            f"    - {', '.join(map(str, node['target']))}: {node.get('failureSummary', '').strip()}"
            for node in violation["nodes"][:8]
        )
        problems.append(
            f"axe {violation['impact']} on {page.url}: {violation['id']} ({violation['help']})\n{nodes}"
        )
    return problems


def screenshot(page, name: str) -> Path:
    """Save the whole page as <name>.png in SCREENSHOTS (docs/img/ for the README and docs when
    FRONTDESK_SCREENSHOTS=docs)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.evaluate("() => window.scrollTo(0, 0)")  # else a sticky header is drawn mid-page
    page.screenshot(path=str(path), full_page=True, animations="disabled", caret="hide")
    return path


def focused(page) -> dict:
    """What has the keyboard focus: tag, text, id, href and a few attributes."""
    return page.evaluate(
        """() => {
            const el = document.activeElement;
            return {
                tag: el.tagName.toLowerCase(),
                text: (el.innerText || el.getAttribute("aria-label") || "").trim(),
                id: el.id,
                href: el.getAttribute("href"),
                section: el.dataset ? el.dataset.section || null : null,
                visible: !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length),
            };
        }"""
    )
