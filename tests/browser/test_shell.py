"""The panel shell in a real browser: log-in, menu, keyboard use, narrow screens, the JS modules.

Every page visited here is also checked with axe (see conftest.py).
"""

from __future__ import annotations

import re

import pytest
from django.urls import get_resolver
from playwright.sync_api import expect

from frontdesk.core.panel import sections as registry
from tests.browser.conftest import NARROW, WIDE, axe_check, focused, log_in, screenshot, visit
from tests.conftest import PASSWORD

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")


def add_accounts(count: int, prefix: str = "person") -> None:
    """Plain accounts without a usable password (hashing one costs a second each)."""
    from frontdesk.core.models import User

    User.objects.bulk_create(
        User(email=f"{prefix}{number:02d}@example.com", display_name=f"Person {number:02d}", password="!")
        for number in range(count)
    )


# --- Log-in and landing ----------------------------------------------------------------------


@pytest.mark.parametrize("width", ["wide", "narrow"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_login_page_passes_axe_and_is_photographed(new_page, width, scheme):
    page = new_page(width=(WIDE if width == "wide" else NARROW)["width"], color_scheme=scheme)
    visit(page, "/cms/login/")
    expect(page.get_by_role("heading", name="Log in")).to_be_visible()
    screenshot(page, f"panel-login-{width}-{scheme}")


def test_administrator_logs_in_and_lands_on_the_landing_section(page, admin_user):
    log_in(page, admin_user.email, PASSWORD)
    assert page.url.endswith("/cms/inbox/")
    current = page.locator('#fd-nav a[aria-current="page"]')
    expect(current).to_have_text("Inbox")
    expect(page.get_by_role("heading", level=1)).to_have_text("Inbox")
    axe_check(page)


def test_a_wrong_password_is_announced_in_a_focused_summary(page, admin_user):
    visit(page, "/cms/login/")
    page.get_by_label("E-mail address").fill(admin_user.email)
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    summary = page.locator(".fd-error-summary")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("correct e-mail address and password")
    axe_check(page)


def test_an_account_without_sections_sees_a_clear_page(page, make_user):
    get_resolver().url_patterns  # noqa: B018  (built from the registry: build it with "profile")
    with registry.SECTIONS.scratch() as sections:
        del sections["profile"]
        user = make_user()
        log_in(page, user.email, PASSWORD)
        expect(page.get_by_role("heading", level=1)).to_have_text("Nothing to open yet")
        expect(page.get_by_text("Your account can't open any section yet.")).to_be_visible()
        expect(page.locator("[data-menu-button]")).to_have_count(0)
        axe_check(page)


def test_logging_out_returns_to_the_login_page(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    page.locator(".fd-account > summary").click()
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url("**/cms/login/")
    axe_check(page)


# --- Shell screenshots -------------------------------------------------------------------------


@pytest.mark.parametrize("width", ["wide", "narrow"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_shell_passes_axe_and_is_photographed(logged_in_page, admin_user, width, scheme):
    add_accounts(6)
    page = logged_in_page(
        admin_user, width=(WIDE if width == "wide" else NARROW)["width"], color_scheme=scheme
    )
    visit(page, "/cms/accounts/")
    expect(page.locator(".fd-pager-status")).to_have_text(re.compile(r"Page 1 of 1 · Total: 7"))
    screenshot(page, f"panel-shell-{width}-{scheme}")


# --- Keyboard alone ----------------------------------------------------------------------------


def test_shell_is_usable_by_keyboard_alone(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/profile/")

    page.keyboard.press("Tab")
    first = focused(page)
    assert (first["tag"], first["href"], first["text"]) == ("a", "#main", "Skip to content")
    box = page.locator(".fd-skip-link").bounding_box()
    assert box["y"] >= 0, "the skip link shows itself when focused"

    # The menu's links in their order on the page, up to Agent tokens (the optional apps' sections
    # stand between the inbox and the host's own).
    menu = page.locator("#fd-nav a[data-section]").evaluate_all("links => links.map(a => a.dataset.section)")
    stops = []
    for _ in range(menu.index("tokens") + 10):  # the brand, the sections up to tokens, and spares
        page.keyboard.press("Tab")
        stop = focused(page)
        assert stop["visible"], f"focus went to something invisible: {stop}"
        stops.append(stop)
        if stop["section"] == "tokens":
            break
    assert stops[0]["href"] == "/cms/", "the brand comes right after the skip link"
    sections = [stop["section"] for stop in stops if stop["section"]]
    assert sections == menu[: menu.index("tokens") + 1], "the menu is walked in its order"
    assert sections[0] == "inbox" and sections[-3:] == ["profile", "accounts", "tokens"]

    page.keyboard.press("Enter")
    page.wait_for_url("**/cms/tokens/")
    expect(page.locator('#fd-nav a[aria-current="page"]')).to_have_text("Agent tokens")
    axe_check(page)

    # The skip link jumps over header and menu: the next Tab lands inside the main area.
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert focused(page)["id"] == "main"
    visit(page, "/cms/accounts/")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "accounts-q"


def test_account_menu_opens_by_keyboard_and_closes_with_escape(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    summary = page.locator(".fd-account > summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.get_by_role("link", name="Change password")).to_be_visible()
    axe_check(page)
    page.keyboard.press("Escape")
    expect(page.get_by_role("link", name="Change password")).to_be_hidden()
    expect(summary).to_be_focused()


# --- Narrow screens ----------------------------------------------------------------------------


def test_narrow_menu_button_opens_and_closes_the_menu(logged_in_page, admin_user):
    page = logged_in_page(admin_user, width=360)
    button = page.get_by_role("button", name="Menu")
    nav = page.locator("#fd-nav")
    expect(button).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_have_attribute("aria-controls", "fd-nav")
    expect(nav).to_be_hidden()

    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(nav).to_be_visible()
    expect(nav.get_by_role("link", name="Inbox")).to_be_focused()
    axe_check(page)
    screenshot(page, "panel-menu-narrow-open")

    page.keyboard.press("Escape")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(nav).to_be_hidden()
    expect(button).to_be_focused()

    page.keyboard.press("Enter")
    expect(nav).to_be_visible()
    nav.get_by_role("link", name="Agent tokens").click()
    page.wait_for_url("**/cms/tokens/")
    expect(page.get_by_role("button", name="Menu")).to_have_attribute("aria-expanded", "false")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_panel_page_scrolls_sideways_at_360_px(logged_in_page, admin_user, scheme):
    from frontdesk.core.models import ApiToken

    ApiToken.issue(
        admin_user, "A token with a rather long name for a narrow screen", ["inbox:read", "faq:write"]
    )
    page = logged_in_page(admin_user, width=360, color_scheme=scheme)
    for path in ["/cms/profile/", "/cms/accounts/", "/cms/tokens/", "/cms/design/", "/cms/password/change/"]:
        visit(page, path)
        page.wait_for_load_state("networkidle")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 360, f"{path} is {width} px wide at 360 px"


def test_wide_screens_show_the_menu_without_a_button(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    expect(page.locator("#fd-nav")).to_be_visible()
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()


# --- The JS modules ----------------------------------------------------------------------------


def sortable_order(page) -> str:
    return page.locator("#demo-sortable-order").inner_text()


def test_sortable_list_reorders_by_dragging(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/design/")
    items = page.locator("#demo-sortable > li")
    page.locator("#demo-sortable-order").scroll_into_view_if_needed()  # the mouse works in the viewport
    handle = items.nth(0).locator(".fd-sortable-handle")
    target = items.nth(2).bounding_box()
    start = handle.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"] / 2, target["y"] + target["height"] - 4, steps=12)
    page.mouse.up()
    expect(page.locator("#demo-sortable-order")).to_have_text("bananas, cherries, apples, dates")
    expect(items.nth(2)).to_contain_text("Apples")
    expect(page.locator("#demo-sortable + [aria-live]")).to_have_text("Apples moved to position 3 of 4.")


def test_sortable_list_reorders_by_keyboard(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/design/")
    live = page.locator("#demo-sortable + [aria-live]")
    move_dates_up = page.get_by_role("button", name="Move Dates up")

    move_dates_up.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#demo-sortable-order")).to_have_text("apples, bananas, dates, cherries")
    expect(live).to_have_text("Dates moved to position 3 of 4.")
    expect(move_dates_up).to_be_focused()

    page.keyboard.press("Alt+ArrowUp")
    page.keyboard.press("Alt+ArrowUp")
    expect(page.locator("#demo-sortable-order")).to_have_text("dates, apples, bananas, cherries")
    expect(live).to_have_text("Dates moved to position 1 of 4.")
    # At the top "move up" is disabled, so the focus went to its twin.
    expect(move_dates_up).to_be_disabled()
    expect(page.get_by_role("button", name="Move Dates down")).to_be_focused()

    page.keyboard.press("Alt+ArrowDown")
    expect(page.locator("#demo-sortable-order")).to_have_text("apples, dates, bananas, cherries")


def test_confirm_dialog_answers_and_returns_the_focus(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/design/")
    opener = page.get_by_role("button", name="Delete something…")
    dialog = page.get_by_role("dialog", name="Delete the example?")

    opener.click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()
    axe_check(page)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#demo-confirm-result")).to_have_text("Cancelled.")
    expect(opener).to_be_focused()

    opener.click()
    dialog.get_by_role("button", name="Delete").click()
    expect(page.locator("#demo-confirm-result")).to_have_text("Confirmed.")


def test_api_errors_appear_under_the_input_whose_name_matches(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/profile/")
    select = page.get_by_label("Panel language")
    # A language the site does not have, as a manipulated form would send it.
    select.evaluate("s => { s.add(new Option('Klingon', 'tlh')); s.value = 'tlh'; }")
    page.get_by_role("button", name="Save").click()

    summary = page.locator("#profile-form > .fd-error-summary")
    expect(summary).to_be_focused()
    expect(select).to_have_attribute("aria-invalid", "true")
    described = select.get_attribute("aria-describedby").split()
    assert described[1] == "profile-language-hint", "the hint stays described"
    message = page.locator(f"#{described[0]}")
    expect(message).to_have_class(re.compile("fd-field-error"))
    expect(message).to_contain_text("tlh")
    assert message.evaluate("m => m.nextElementSibling.id") == "profile-language"
    expect(summary.get_by_role("link")).to_contain_text("Panel language")
    axe_check(page)

    # Fixing the value and saving again clears the messages and says so.
    select.select_option("de")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#fd-toasts-status .fd-toast")).to_contain_text("Saved.")
    expect(select).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator(".fd-field-error")).to_have_count(0)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_api_refusals_become_a_toast(logged_in_page, make_user):
    page = logged_in_page(make_user())
    status = page.evaluate(
        """() => import("/static/frontdesk/js/api.js")
                 .then(m => m.api.get("/api/cms/accounts"))
                 .then(() => 200, error => error.status)"""
    )
    assert status == 403
    expect(page.locator("#fd-toasts-alert .fd-toast")).to_contain_text("You may not do this.")
    axe_check(page)


def test_unsaved_changes_guard_links_and_unloading(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/profile/")
    page.get_by_label("Display name").fill("Someone else")
    dialog = page.get_by_role("dialog", name="Leave without saving?")

    page.locator("#fd-nav").get_by_role("link", name="Agent tokens").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Stay").click()
    assert page.url.endswith("/cms/profile/")
    expect(page.get_by_label("Display name")).to_have_value("Someone else")

    seen = []
    page.on("dialog", lambda browser_dialog: (seen.append(browser_dialog.type), browser_dialog.dismiss()))
    page.evaluate("() => { location.href = '/cms/tokens/'; }")
    page.wait_for_timeout(300)
    assert seen == ["beforeunload"], "the browser asks before the page unloads"

    page.locator("#fd-nav").get_by_role("link", name="Agent tokens").click()
    dialog.get_by_role("button", name="Leave").click()
    page.wait_for_url("**/cms/tokens/")


def test_saved_form_leaves_without_a_question(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/profile/")
    page.get_by_label("Display name").fill("Ada L.")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#fd-toasts-status .fd-toast")).to_be_visible()
    page.locator("#fd-nav").get_by_role("link", name="Agent tokens").click()
    page.wait_for_url("**/cms/tokens/")
    expect(page.locator(".fd-account-name")).to_have_text("Ada L.")


def test_theme_toggle_switches_to_dark_and_remembers(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    toggle = page.get_by_role("button", name="Dark theme")
    background = "() => getComputedStyle(document.body).backgroundColor"
    light = page.evaluate(background)
    expect(toggle).to_have_attribute("aria-pressed", "false")

    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    dark = page.evaluate(background)
    assert dark != light
    axe_check(page)

    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    assert page.evaluate(background) == dark
    page.get_by_role("button", name="Dark theme").click()
    assert page.evaluate(background) == light


def test_system_dark_preference_is_followed(logged_in_page, admin_user):
    page = logged_in_page(admin_user, color_scheme="dark")
    expect(page.get_by_role("button", name="Dark theme")).to_have_attribute("aria-pressed", "true")


def test_accounts_table_pages_through_the_paginator(logged_in_page, admin_user):
    add_accounts(30)
    page = logged_in_page(admin_user)
    visit(page, "/cms/accounts/")
    status = page.locator(".fd-pager-status")
    expect(status).to_have_text("Page 1 of 2 · Total: 31")
    expect(page.locator("#accounts-table tbody tr")).to_have_count(25)
    expect(page.get_by_role("button", name="Previous page")).to_be_disabled()

    page.get_by_role("button", name="Next page").click()
    expect(status).to_have_text("Page 2 of 2 · Total: 31")
    expect(page.locator("#accounts-table tbody tr")).to_have_count(6)
    expect(page.get_by_role("button", name="Last page")).to_be_disabled()
    # The pressed button is disabled now; the focus moved to one that still works.
    expect(page.get_by_role("button", name="Previous page")).to_be_focused()

    page.get_by_role("button", name="First page").click()
    expect(status).to_have_text("Page 1 of 2 · Total: 31")

    page.get_by_label("Search by e-mail or name").fill("person07")
    page.get_by_role("button", name="Search").click()
    expect(status).to_have_text("Page 1 of 1 · Total: 1")
    expect(page.locator("#accounts-table tbody")).to_contain_text("Person 07")
    axe_check(page)


def test_style_guide_passes_axe_in_both_themes(logged_in_page, admin_user):
    for scheme in ("light", "dark"):
        page = logged_in_page(admin_user, color_scheme=scheme)
        visit(page, "/cms/design/")
        expect(page.locator("#demo-table tbody tr")).to_have_count(10)
        page.get_by_role("button", name="Send").click()
        expect(page.locator("#demo-errors .fd-error-summary")).to_be_focused()
        expect(page.get_by_label("Reply address")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#demo-errors fieldset .fd-field-error")).to_have_text("Choose a kind.")
        page.get_by_role("button", name="Show an error").click()
        axe_check(page)
        page.locator("#fd-toasts-alert").get_by_role("button", name="Dismiss").click()
    screenshot(page, "panel-style-guide-dark")


def test_tabs_follow_the_arrow_keys(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/design/")
    page.get_by_role("tab", name="Details").focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("tab", name="Notes")).to_be_focused()
    expect(page.get_by_role("tabpanel", name="Notes")).to_be_visible()
    page.keyboard.press("End")
    expect(page.get_by_role("tabpanel", name="History")).to_be_visible()


# --- Password pages ----------------------------------------------------------------------------


def test_password_pages_pass_axe_and_show_errors(logged_in_page, admin_user):
    page = logged_in_page(admin_user)
    visit(page, "/cms/password/change/")
    page.get_by_label("Old password").fill("wrong")
    page.get_by_label("New password", exact=True).fill("x")
    page.get_by_label("New password confirmation").fill("y")
    page.get_by_role("button", name="Change password").click()
    expect(page.locator(".fd-error-summary")).to_be_focused()
    expect(page.get_by_label("Old password")).to_have_attribute("aria-invalid", "true")
    axe_check(page)


def test_password_reset_pages_pass_axe(page):
    visit(page, "/cms/password/reset/")
    page.get_by_label("Email").fill("nobody@example.com")
    page.get_by_role("button", name="Send the link").click()
    page.wait_for_url("**/cms/password/reset/sent/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Check your mailbox")
    axe_check(page)
    visit(page, "/cms/password/reset/MQ/set-password/")
    expect(page.get_by_role("heading", level=1)).to_have_text("This link no longer works")


# --- Public site -------------------------------------------------------------------------------


def test_public_home_switches_language_on_the_same_page(page):
    visit(page, "/")  # docs/img/site-home.png comes from test_site.py, with the demo's pages listed
    page.get_by_role("link", name="Deutsch").click()
    page.wait_for_url(re.compile(r"/de/$"))
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_role("link", name="Deutsch")).to_have_attribute("aria-current", "true")
    axe_check(page)
    page.get_by_role("link", name="English").click()
    page.wait_for_url(re.compile(r"/$"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
