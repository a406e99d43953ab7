"""The Settings screen in a real browser: keys typed on the Integrations screen are saved through
the API, the secret comes back only as "Set", and a refusal shows under its field."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from frontdesk.sitesettings.groups import INTEGRATIONS
from frontdesk.sitesettings.reading import stored_values
from tests.browser.conftest import WIDE, screenshot, visit

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")

SECRET = "0x4AAAAAAA-browser-secret"


def test_keys_typed_on_the_integrations_screen_are_saved_and_the_secret_shows_only_as_set(
    logged_in_page, admin_user
):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, f"/cms/settings/{INTEGRATIONS}/")
    page.get_by_label("Captcha provider").select_option("turnstile")
    page.get_by_label("Cloudflare Turnstile site key").fill("0x4AAAAAAA-site")
    page.get_by_label("Cloudflare Turnstile secret").fill(SECRET)
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.", exact=True)).to_be_visible()
    badge = page.locator('[data-secret-state="turnstile_secret"]')
    expect(badge).to_have_text("Set")
    expect(page.get_by_label("Cloudflare Turnstile secret")).to_have_value("")
    stored = stored_values(INTEGRATIONS)
    assert stored.secret("turnstile_secret") == SECRET and stored.values["captcha_provider"] == "turnstile"

    page.get_by_label("Cloudflare Turnstile site key").fill("two words")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".fd-field-error")).to_have_text("Use printable characters without spaces.")

    visit(page, f"/cms/settings/{INTEGRATIONS}/")
    assert SECRET not in page.content()
    expect(page.locator('[data-secret-state="turnstile_secret"]')).to_have_text("Set")
    screenshot(page, "panel-settings-integrations")


def test_a_secret_is_cleared_only_by_its_box(logged_in_page, admin_user):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, f"/cms/settings/{INTEGRATIONS}/")
    page.get_by_label("hCaptcha secret").fill(SECRET)
    page.get_by_role("button", name="Save").click()
    expect(page.locator('[data-secret-state="hcaptcha_secret"]')).to_have_text("Set")
    page.get_by_role("button", name="Save").click()  # an empty box keeps it
    expect(page.locator('[data-secret-state="hcaptcha_secret"]')).to_have_text("Set")
    page.locator('[data-clear-secret="hcaptcha_secret"]').check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator('[data-secret-state="hcaptcha_secret"]')).to_have_text("Not set")
    assert stored_values(INTEGRATIONS).secret("hcaptcha_secret") == ""


def test_the_seo_screen_saves_texts_per_language_and_links(logged_in_page, admin_user):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, "/cms/settings/")
    page.locator('[name="values.site_name.en"]').fill("Harbour")
    page.locator('[name="values.site_name.de"]').fill("Hafen")
    page.get_by_label("Profiles elsewhere").fill(
        "https://en.wikipedia.org/wiki/Harbour\n\nhttps://example.org/harbour"
    )
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.", exact=True)).to_be_visible()
    values = stored_values("seo").values
    assert values["site_name"] == {"en": "Harbour", "de": "Hafen"}
    assert values["organization_same_as"] == [
        "https://en.wikipedia.org/wiki/Harbour",
        "https://example.org/harbour",
    ]
