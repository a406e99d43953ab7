"""The FAQ block's form in the block editor (the Block types screen's sandbox): the category picker
lists a hidden category marked and picks several, the three-state markup control shows the
effective value, follows the categories while null and goes back to null with Reset; with the
config key off the control is left out."""

from __future__ import annotations

import json

import pytest
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import expect

from frontdesk.blocks.offers import install_offers, offer_states
from tests.browser.conftest import WIDE, axe_check, visit
from tests.faq.conftest import make_category

pytestmark = pytest.mark.browser


@pytest.fixture
def faq_type(db) -> dict[str, int]:
    install_offers(offer_states(["faq"]))
    return {
        "shipping": make_category("Shipping").pk,
        "internal": make_category("Internal", is_shown=False).pk,
    }


def add_faq_block(page):
    visit(page, reverse("panel:panel-blocks:index"))
    page.get_by_role("button", name="Add a block").click()
    page.get_by_role("menuitem", name="Questions and answers").click()
    return page.get_by_role("group", name="Questions and answers")


def saved(page) -> dict:
    page.get_by_text("The blocks as they would be saved").click()
    return json.loads(page.locator("#blocks-sandbox-output").text_content())[0]["values"]


def test_the_picker_marks_hidden_categories_and_the_markup_flag_follows_them_until_set(
    logged_in_page, admin_user, faq_type
):
    page = logged_in_page(admin_user, **WIDE)
    form = add_faq_block(page)
    pick = form.get_by_role("group", name="Categories")
    expect(pick.get_by_role("checkbox")).to_have_count(2)
    expect(pick).to_contain_text("Internal (hidden)")
    markup = form.get_by_role("checkbox", name="FAQPage markup")
    expect(markup).to_be_checked()  # null, every category: on
    expect(form).to_contain_text("Automatic: on")
    expect(form.get_by_role("button", name="Reset")).to_be_hidden()

    pick.get_by_role("checkbox", name="Internal (hidden)").check()
    expect(markup).not_to_be_checked()  # null, chosen categories: off
    expect(form).to_contain_text("Automatic: off")
    markup.check()  # set by hand
    expect(form).to_contain_text("Set by hand: on")
    axe_check(page)
    values = saved(page)
    assert values["categories"] == [faq_type["internal"]] and values["markup"] is True

    page.get_by_text("The blocks as they would be saved").click()
    form.get_by_role("button", name="Reset").click()
    expect(markup).not_to_be_checked()
    expect(form).to_contain_text("Automatic: off")
    assert saved(page)["markup"] is None


def test_with_the_config_key_off_the_markup_control_is_left_out(
    logged_in_page, admin_user, faq_type, settings
):
    with override_settings(FRONTDESK={**settings.FRONTDESK, "faq": {"markup": False}}):
        page = logged_in_page(admin_user, **WIDE)
        form = add_faq_block(page)
        expect(form.get_by_role("group", name="Categories")).to_be_visible()
        expect(form.get_by_role("checkbox", name="FAQPage markup")).to_have_count(0)
        assert saved(page).get("markup") is None
