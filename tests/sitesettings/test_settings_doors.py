"""The settings groups through the panel API and the panel page (the doors over
sitesettings): what a GET shows, PUT and PATCH, refusals under the setting's name, and a
secret that no answer carries."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from frontdesk.core.models import ApiToken
from frontdesk.sitesettings.groups import INTEGRATIONS, SEO
from frontdesk.sitesettings.operations import update_group
from frontdesk.sitesettings.reading import stored_values

pytestmark = pytest.mark.django_db

SECRET = "0x4AAAAAAA-door-secret"
API = "/api/cms/settings"


@pytest.fixture
def manager(make_user):
    return make_user("core.settings.manage")


@pytest.fixture
def browser(manager) -> Client:
    client = Client()
    client.force_login(manager)
    return client


def send(client: Client, method: str, address: str, body: dict, **headers):
    return getattr(client, method)(address, json.dumps(body), content_type="application/json", **headers)


# --- GET ----------------------------------------------------------------------------------------


def test_the_list_shows_every_group_with_its_settings_described(browser):
    groups = browser.get(API).json()
    assert [group["name"] for group in groups][:2] == [SEO, INTEGRATIONS]
    integrations = groups[1]
    assert integrations["secrets"] == {
        "turnstile_secret": "not set",
        "hcaptcha_secret": "not set",
        "recaptcha_secret": "not set",
    }
    kinds = {setting["name"]: setting["kind"] for setting in integrations["settings"]}
    assert kinds["captcha_provider"] == "choice" and kinds["turnstile_secret"] == "secret"
    assert "turnstile_secret" not in integrations["values"]


def test_a_get_shows_a_secret_only_as_set(browser):
    update_group(
        INTEGRATIONS,
        actor=None,
        values={"turnstile_site_key": "site-1"},
        secrets={"turnstile_secret": SECRET},
    )
    response = browser.get(f"{API}/{INTEGRATIONS}")
    assert response.json()["secrets"]["turnstile_secret"] == "set"
    assert response.json()["values"]["turnstile_site_key"] == "site-1"
    assert SECRET not in response.content.decode()


def test_an_unknown_group_is_404(browser):
    response = browser.get(f"{API}/nosuch")
    assert response.status_code == 404 and response.json() == {
        "message": "There is no settings group nosuch."
    }


# --- PUT and PATCH -----------------------------------------------------------------------------


def test_put_saves_the_group_whole_and_keeps_a_secret_left_out(browser):
    update_group(
        INTEGRATIONS, actor=None, values={"hcaptcha_site_key": "h-1"}, secrets={"turnstile_secret": SECRET}
    )
    response = send(browser, "put", f"{API}/{INTEGRATIONS}", {"values": {"captcha_provider": "turnstile"}})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["values"]["captcha_provider"] == "turnstile" and body["values"]["hcaptcha_site_key"] == ""
    assert body["secrets"]["turnstile_secret"] == "set" and body["revision"] == 2
    assert stored_values(INTEGRATIONS).secret("turnstile_secret") == SECRET


def test_patch_changes_only_what_it_names_and_languages_by_language(browser):
    update_group(
        SEO,
        actor=None,
        values={"organization_name": "Harbour", "site_name": {"en": "Harbour", "de": "Hafen"}},
    )
    response = send(browser, "patch", f"{API}/{SEO}", {"values": {"site_name": {"de": "Der Hafen"}}})
    values = response.json()["values"]
    assert (
        values["site_name"] == {"en": "Harbour", "de": "Der Hafen"}
        and values["organization_name"] == "Harbour"
    )


def test_a_secret_is_replaced_by_a_text_and_cleared_by_null(browser):
    send(browser, "patch", f"{API}/{INTEGRATIONS}", {"secrets": {"recaptcha_secret": SECRET}})
    assert stored_values(INTEGRATIONS).secret("recaptcha_secret") == SECRET
    response = send(browser, "patch", f"{API}/{INTEGRATIONS}", {"secrets": {"recaptcha_secret": None}})
    assert response.json()["secrets"]["recaptcha_secret"] == "not set"
    assert stored_values(INTEGRATIONS).secret("recaptcha_secret") == ""


def test_refusals_are_422_under_the_settings_name(browser):
    response = send(
        browser,
        "patch",
        f"{API}/{SEO}",
        {"values": {"organization_country": "Germany", "organization_same_as": ["not a link"]}},
    )
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"organization_country", "organization_same_as"}
    empty = send(browser, "patch", f"{API}/{INTEGRATIONS}", {"secrets": {"turnstile_secret": ""}})
    assert empty.status_code == 422 and list(empty.json()["errors"]) == ["turnstile_secret"]


def test_a_key_the_body_does_not_know_is_422(browser):
    response = send(browser, "patch", f"{API}/{SEO}", {"value": {}})
    assert response.status_code == 422 and "value" in response.json()["errors"]


def test_a_stale_revision_is_409(browser):
    update_group(SEO, actor=None, values={"organization_name": "First"})
    response = send(
        browser, "patch", f"{API}/{SEO}", {"values": {"organization_name": "Second"}, "revision": 0}
    )
    assert response.status_code == 409
    assert stored_values(SEO).values["organization_name"] == "First"


def test_a_token_reads_with_settings_read_and_changes_with_settings_write(manager):
    reader = ApiToken.issue(manager, "reader", ["settings:read"])[1]
    writer = ApiToken.issue(manager, "writer", ["settings:read", "settings:write"])[1]
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {reader}"}
    assert Client().get(API, **bearer).status_code == 200
    assert send(Client(), "patch", f"{API}/{SEO}", {"values": {}}, **bearer).status_code == 403
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {writer}"}
    assert (
        send(Client(), "patch", f"{API}/{SEO}", {"values": {"organization_name": "T"}}, **bearer).status_code
        == 200
    )


def test_a_token_that_may_change_but_not_look_learns_only_which_group_it_saved(manager):
    """Issue 25 item 2: settings:write without settings:read saves, and the answer (API and tool)
    names the group, never its values."""
    from frontdesk.core.acting import acting_with
    from frontdesk.sitesettings.inputs import GroupIn
    from frontdesk.sitesettings.mcp_tools import settings_update

    update_group(SEO, actor=None, values={"organization_name": "Hidden Holdings"})
    token, secret = ApiToken.issue(manager, "writer", ["settings:write"])
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    response = send(Client(), "patch", f"{API}/{SEO}", {"values": {"organization_region": "North"}}, **bearer)
    assert (response.status_code, response.json()) == (200, {"name": SEO})
    assert stored_values(SEO).values["organization_region"] == "North"
    with acting_with(token):
        answer = settings_update(manager, SEO, GroupIn(values={"organization_region": "South"}))
    assert answer == {"group": {"name": SEO}}


# --- The panel page ------------------------------------------------------------------------------


def test_the_settings_screen_shows_the_first_group_and_links_the_others(browser):
    page = browser.get("/cms/settings/").content.decode()
    assert 'name="values.site_name.de"' in page and 'href="/cms/settings/integrations/"' in page


def test_the_integrations_screen_shows_a_secret_only_as_set(browser):
    update_group(
        INTEGRATIONS,
        actor=None,
        values={"turnstile_site_key": "site-1"},
        secrets={"turnstile_secret": SECRET},
    )
    response = browser.get("/cms/settings/integrations/")
    page = response.content.decode()
    assert response.status_code == 200 and SECRET not in page
    assert 'data-secret-state="turnstile_secret">Set<' in page
    assert 'data-secret-state="hcaptcha_secret">Not set<' in page
    assert 'value="site-1"' in page and 'name="secrets.turnstile_secret"' in page


def test_an_unknown_group_screen_is_404(browser):
    assert browser.get("/cms/settings/nosuch/").status_code == 404


def test_the_screen_saves_what_its_form_sends(browser):
    """The body settings.js builds from the form: values by name, a typed secret, the revision."""
    body = {
        "values": {
            "captcha_provider": "hcaptcha",
            "turnstile_site_key": "",
            "hcaptcha_site_key": "h-key",
            "recaptcha_site_key": "",
        },
        "secrets": {"hcaptcha_secret": SECRET},
        "revision": 0,
    }
    response = send(browser, "put", f"{API}/{INTEGRATIONS}", body)
    assert response.status_code == 200 and response.json()["secrets"]["hcaptcha_secret"] == "set"


def test_the_screen_speaks_the_accounts_panel_language(make_user):
    client = Client()
    client.force_login(make_user("core.settings.manage", language="de"))
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"turnstile_secret": SECRET})
    page = client.get("/cms/settings/integrations/").content.decode()
    assert "Integrationen" in page and ">Gesetzt<" in page and "Websiteschlüssel von hCaptcha" in page
