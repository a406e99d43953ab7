"""The project-fields card on the inbox's form editor, in a real browser: a site's number and
localized text field show in the card, a refused value is shown at its control with the
operation's words and nothing is saved, good values land in the form's `extra`."""

from __future__ import annotations

import pytest

from frontdesk.inbox.models import Form
from frontdesk.inbox.operations import create_form
from tests.browser.conftest import NARROW, SCREENSHOTS, axe_check, visit
from tests.inbox.conftest import CONTACT_FIELDS
from tests.project_fields import BUDGET, TAGLINE, project_fields

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")


@pytest.fixture
def patched():
    with project_fields(BUDGET, TAGLINE):
        yield


@pytest.fixture
def contact(site_url, patched):
    return create_form(
        actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS
    )


@pytest.fixture
def admin(make_user):
    return make_user(email="admin@example.com", is_superuser=True, is_staff=True, display_name="Ada Admin")


def save(page) -> int:
    with page.expect_response(lambda answer: answer.request.method == "PUT") as answer:
        page.get_by_role("button", name="Save", exact=True).click()
    return answer.value.status


def test_the_card_shows_the_sites_fields_refuses_a_bad_value_and_saves_good_ones(
    logged_in_page, admin, contact
):
    page = logged_in_page(admin)
    visit(page, f"/cms/inbox/forms/{contact.pk}/edit/")
    card = page.locator("#project-fields")
    assert card.is_visible()
    assert card.get_by_role("heading").inner_text() == "Project fields"
    assert card.locator("label[for=pf-budget]").inner_text() == "Budget budget"
    assert card.locator("legend").inner_text() == "Tagline tagline"
    assert card.locator("[lang=de]").get_attribute("name") == "tagline.de"

    card.locator("#pf-budget").fill("-5")
    card.locator("#pf-tagline-en").fill("Fast help")
    assert save(page) == 422
    error = card.locator(".fd-field-error")
    error.wait_for()
    assert error.inner_text() == "Give a number of at least 0."
    assert card.locator("#pf-budget").get_attribute("aria-invalid") == "true"
    contact.refresh_from_db()
    assert contact.extra == {}

    card.locator("#pf-budget").fill("1200.5")
    card.locator("#pf-tagline-de").fill("Schnelle Hilfe")
    assert save(page) == 200
    page.locator("#fd-toasts-status").get_by_text("Saved.").wait_for()
    contact.refresh_from_db()
    assert contact.extra == {"budget": 1200.5, "tagline": {"en": "Fast help", "de": "Schnelle Hilfe"}}

    # A fresh page: the stored values come back into the card.
    page = logged_in_page(admin)
    visit(page, f"/cms/inbox/forms/{contact.pk}/edit/")
    card = page.locator("#project-fields")
    assert page.locator("#pf-budget").input_value() == "1200.5"
    assert page.locator("#pf-tagline-de").input_value() == "Schnelle Hilfe"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    # The card alone, cut from the whole page (as conftest.screenshot takes pages), from the top.
    page.evaluate("() => window.scrollTo(0, 0)")
    box = card.bounding_box()
    page.screenshot(
        path=str(SCREENSHOTS / "project-fields-card.png"),
        full_page=True,
        clip=box,
        animations="disabled",
        caret="hide",
    )
    # A save that leaves the card alone sends none of its values (and reloads: the frame shows the state).
    page.get_by_label("Switched off").check()
    with page.expect_navigation(), page.expect_request(lambda request: request.method == "PUT") as sent:
        page.get_by_role("button", name="Save", exact=True).click()
    assert "extra" not in sent.value.post_data_json
    page.wait_for_load_state("load")
    page.locator("#fd-toasts-status").get_by_text("Saved.").wait_for()
    contact.refresh_from_db()
    assert contact.is_switched_off and contact.extra["budget"] == 1200.5


def test_the_card_fits_a_narrow_screen_and_passes_axe(logged_in_page, admin, contact):
    page = logged_in_page(admin, width=NARROW["width"])
    visit(page, f"/cms/inbox/forms/{contact.pk}/edit/")
    axe_check(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


def test_without_patches_the_card_is_kept_empty_and_hidden(logged_in_page, admin, site_url):
    form = create_form(actor=None, values={"slug": "plain", "title": {"en": "Plain"}})
    page = logged_in_page(admin)
    visit(page, f"/cms/inbox/forms/{form.pk}/edit/")
    card = page.locator("#project-fields")
    assert card.count() == 1 and card.is_hidden()
    assert Form.objects.get(pk=form.pk).extra == {}
