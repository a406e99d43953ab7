"""A visitor whose browser runs no script: the form posts, and the answer is a page they can read.

axe needs script to run, so a no-script page is never handed to it (it would wait forever):
`axe_check_copy` serves the HTML the visitor sees to a page that runs script, at the same site
with the same styles, and checks that one.
"""

from __future__ import annotations

import pytest

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Submission
from frontdesk.inbox.operations import create_form, update_form
from tests.browser.conftest import visit
from tests.inbox.conftest import CONTACT_FIELDS


@pytest.fixture
def contact_form(site_url, settings):
    # The visitor in a test types faster than a person; the timestamp layer would refuse them.
    inbox = inbox_settings()
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {**inbox, "antispam": {**inbox["antispam"], "min_seconds": 0}},
    }
    return create_form(
        actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS
    )


@pytest.fixture
def no_script_page(new_page):
    page = new_page(java_script_enabled=False)
    yield page
    page.close()  # before new_page's own axe run over every open page, which needs script


def axe_check_copy(page, new_page) -> None:
    html = page.content()
    checked = new_page()
    checked.route("**/no-script-copy", lambda route: route.fulfill(content_type="text/html", body=html))
    visit(checked, "/no-script-copy")


def fill_in(page) -> None:
    page.get_by_label("Your name").fill("Ada Lovelace")
    page.get_by_label("E-mail").fill("ada@example.org")
    page.get_by_label("Message").fill("Please call me back.")
    page.get_by_label("I agree").check()


def test_a_post_to_a_form_switched_off_meanwhile_reads_the_refusal_and_leads_back(
    no_script_page, new_page, contact_form
):
    page = no_script_page
    page.goto("/forms/contact/")
    fill_in(page)
    update_form(contact_form, actor=None, values={"is_switched_off": True})  # while the visitor was typing
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state("load")
    main = page.get_by_role("main")
    assert "This form does not exist or is switched off" in main.inner_text()
    assert page.get_by_role("heading", level=1).inner_text() == "Not sent"
    back = page.get_by_role("link", name="Back to the page you came from")
    assert back.get_attribute("href").endswith("/forms/contact/")
    assert not Submission.objects.exists()
    axe_check_copy(page, new_page)


def test_a_refused_post_comes_back_with_the_errors_and_what_was_typed(no_script_page, new_page, contact_form):
    page = no_script_page
    page.goto("/forms/contact/")
    fill_in(page)
    page.get_by_label("E-mail").fill("not-an-address")
    page.get_by_role("button", name="Send").click()
    page.wait_for_load_state("load")
    assert page.url.endswith("/forms/contact/")
    assert "valid e-mail address" in page.locator('[data-site-error="email"]').inner_text()
    assert page.get_by_label("Your name").input_value() == "Ada Lovelace"
    assert page.get_by_label("Message").input_value() == "Please call me back."
    assert not Submission.objects.exists()
    axe_check_copy(page, new_page)
