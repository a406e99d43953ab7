"""The Services section in a real browser: a service's title changed in two languages and seen on
the site, the services reordered by keyboard (the order kept after a reload), and screenshots of
the list and the editor at 360 and 1280 pixels, light and dark."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from frontdesk.services.models import Service
from tests.browser.conftest import NARROW, WIDE, axe_check, screenshot, visit
from tests.services.conftest import make_service


@pytest.fixture
def services(db) -> list[Service]:
    return [
        make_service({"en": "Garden design", "de": "Gartenplanung"}, {"en": "garden", "de": "garten"},
                     lead={"en": "Plans for every season."}),
        make_service({"en": "Tree care", "de": "Baumpflege"}, {"en": "trees", "de": "baeume"}),
        make_service({"en": "Lawn care", "de": "Rasenpflege"}, {"en": "lawn", "de": "rasen"}, is_visible=False),
    ]  # fmt: skip


def titles_in_order() -> list[str]:
    return [service.title["en"] for service in Service.objects.order_by("position", "id")]


def test_a_service_is_renamed_in_two_languages_and_the_site_shows_it(logged_in_page, make_user, services):
    editor = make_user("services.view", "services.manage", display_name="Edna Editor")
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse("panel:panel-services:list"))
    page.get_by_role("link", name="Garden design").click()
    page.wait_for_load_state("load")
    axe_check(page)
    page.get_by_label("Title, English").fill("Garden planning")
    page.get_by_label("Title, Deutsch").fill("Gartengestaltung")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.", exact=True)).to_be_visible()
    garden = Service.objects.get(pk=services[0].pk)
    assert garden.title == {"en": "Garden planning", "de": "Gartengestaltung"}

    visit(page, "/services/garden")
    expect(page.get_by_role("heading", level=1)).to_have_text("Garden planning")
    expect(page).to_have_title("Garden planning")
    visit(page, "/de/services/garten")
    expect(page.get_by_role("heading", level=1)).to_have_text("Gartengestaltung")


def test_a_refused_title_is_shown_beside_its_box(logged_in_page, admin_user, services):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, reverse("panel:panel-services:edit", args=[services[1].pk]))
    page.get_by_label("Title, English").fill("")
    page.get_by_label("Title, Deutsch").fill("")
    page.get_by_label("Title, Русский").fill("")
    page.keyboard.press("Control+s")
    expect(page.locator(".fd-error-summary")).to_be_visible()
    axe_check(page)
    assert Service.objects.get(pk=services[1].pk).title["en"] == "Tree care"


def test_the_services_are_reordered_by_keyboard_and_keep_the_order(logged_in_page, admin_user, services):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, reverse("panel:panel-services:list"))
    live = page.locator("#services-list + [aria-live]")
    page.get_by_role("button", name="Move Lawn care up").focus()
    with page.expect_response(sorting):
        page.keyboard.press("Enter")
    expect(live).to_have_text("Lawn care moved to position 2 of 3.")
    with page.expect_response(sorting):
        page.keyboard.press("Alt+ArrowUp")
    expect(live).to_have_text("Lawn care moved to position 1 of 3.")
    # At the top "move up" is disabled, so the focus went to its twin.
    expect(page.get_by_role("button", name="Move Lawn care down")).to_be_focused()
    assert titles_in_order() == ["Lawn care", "Garden design", "Tree care"]
    visit(page, reverse("panel:panel-services:list"))
    expect(page.locator(".services-item-title")).to_have_text(["Lawn care", "Garden design", "Tree care"])


def sorting(response) -> bool:
    return response.url.endswith("/api/cms/services/sorting") and response.status == 204


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_services_section(logged_in_page, admin_user, services, site_sections, scheme):
    for size, name in ((WIDE, "wide"), (NARROW, "narrow")):
        page = logged_in_page(admin_user, color_scheme=scheme, **size)
        visit(page, reverse("panel:panel-services:list"))
        expect(page.get_by_text("Hidden", exact=True)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"services-list-{name}-{scheme}")
        visit(page, reverse("panel:panel-services:edit", args=[services[0].pk]))
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"services-editor-{name}-{scheme}")
