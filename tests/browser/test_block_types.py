"""The Block types screen in a real browser: the installed types with their code and how many pages
use each, a type whose code is missing marked, the modules' offers, a block added in the sandbox
by keyboard; screenshots at 360 and 1280 pixels, light and dark."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from frontdesk.blocks.holders import BLOCK_HOLDERS
from frontdesk.blocks.models import BlockType
from frontdesk.blocks.offers import install_offers, offer_states
from frontdesk.pages import operations as pages
from tests.browser.conftest import NARROW, WIDE, axe_check, screenshot, visit


@pytest.fixture
def installed(db) -> None:
    install_offers(offer_states(["heading", "text"]))
    BlockType.objects.create(slug="quote", code="quote", name={"en": "Quote"})  # no module has its code
    for slug, blocks in (("about", ["heading", "text"]), ("team", ["heading"])):
        content = {"en": [{"type": kind, "values": {"text": "Who we are"}} for kind in blocks]}
        pages.create_page(
            actor=None, values={"title": {"en": slug}, "slug": {"en": slug}, "content": content}
        )


def test_the_screen_lists_types_with_their_use_and_the_sandbox_adds_a_block(
    logged_in_page, admin_user, installed
):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, reverse("panel:panel-blocks:index"))
    headers = page.get_by_role("columnheader", name="Used by:")
    expect(headers).to_have_text(["Used by: Pages", "Used by: Test posts"])  # the test app holds blocks too
    expect(page.locator('[data-block-type="heading"] [data-holder-count]')).to_have_text(["2", "0"])
    expect(page.locator('[data-block-type="text"] [data-holder-count]')).to_have_text(["1", "0"])
    expect(page.locator('[data-block-type="quote"]')).to_contain_text("Missing")
    expect(page.locator('[data-offer="heading"]')).to_contain_text("Installed")

    page.get_by_role("button", name="Add a block").focus()
    page.keyboard.press("Enter")
    menu = page.get_by_role("menu", name="Add a block")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem", name="Quote")).to_have_count(0)  # no code: not offered to editors
    page.keyboard.press("Enter")  # the first type, Heading
    page.get_by_role("group", name="Heading").get_by_role("textbox", name="Text").fill("Opening hours")
    axe_check(page)
    page.get_by_text("The blocks as they would be saved").click()
    output = page.locator("#blocks-sandbox-output")
    expect(output).to_contain_text('"type": "heading"')
    expect(output).to_contain_text('"text": "Opening hours"')


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_block_types_screen(logged_in_page, admin_user, installed, site_sections, scheme):
    with BLOCK_HOLDERS.scratch() as holders:  # the pages' column alone, as on a site
        del holders["test-posts"]
        for size, name in ((WIDE, "wide"), (NARROW, "narrow")):
            shoot(
                logged_in_page(admin_user, color_scheme=scheme, **size), size, f"block-types-{name}-{scheme}"
            )


def shoot(page, size: dict, name: str) -> None:
    visit(page, reverse("panel:panel-blocks:index"))
    expect(page.locator('[data-block-type="heading"]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    screenshot(page, name)
