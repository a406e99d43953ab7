"""A visitor fills in the demo contact form on the site, with the inbox's script doing the posting."""

from __future__ import annotations

import pytest

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Submission
from frontdesk.inbox.operations import create_form
from tests.browser.conftest import screenshot, visit
from tests.inbox.conftest import CONTACT_FIELDS

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")


@pytest.fixture
def contact_page(site_url, settings):
    # The visitor in a test types faster than a person; the timestamp layer would refuse them.
    inbox = inbox_settings()
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {**inbox, "antispam": {**inbox["antispam"], "min_seconds": 0}},
    }
    create_form(actor=None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS)
    return "/forms/contact/"


def test_a_visitor_sends_the_form_without_leaving_the_page(page, contact_page):
    visit(page, contact_page)
    page.get_by_label("Your name").fill("Ada Lovelace")
    page.get_by_label("E-mail").fill("ada@example.org")
    page.get_by_label("Message").fill("Please call me back.")
    page.get_by_label("I agree").check()
    screenshot(page, "inbox-form-site")
    url_before = page.url
    page.get_by_role("button", name="Send").click()
    success = page.locator("[data-site-message=success]")
    success.wait_for(state="visible")
    assert "Your message has been sent" in success.inner_text()
    assert page.url == url_before
    assert Submission.objects.get().answer("name").value == "Ada Lovelace"


def test_refused_answers_are_marked_and_the_first_gets_the_focus(page, contact_page):
    visit(page, contact_page)
    page.get_by_label("Your name").fill("Ada Lovelace")
    page.get_by_label("E-mail").fill("not-an-address")
    page.get_by_label("I agree").check()
    page.get_by_role("button", name="Send").click()
    error = page.locator('[data-site-error="email"]')
    error.wait_for(state="visible")
    assert "valid e-mail address" in error.inner_text()
    email = page.locator('[name="fields[email]"]')
    assert email.get_attribute("aria-invalid") == "true"
    assert page.evaluate("document.activeElement.name") == "fields[email]"
    assert not Submission.objects.exists()
