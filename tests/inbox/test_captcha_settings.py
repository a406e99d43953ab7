"""Captcha keys from the Integrations settings group (sitesettings) reach a form that asks
for a captcha, verified against the local fake provider; the group wins over the environment."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from frontdesk.inbox import captcha
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Submission
from frontdesk.inbox.operations import update_form
from frontdesk.sitesettings.groups import INTEGRATIONS
from frontdesk.sitesettings.operations import update_group
from tests.inbox.test_door import body, post

pytestmark = pytest.mark.django_db

SECRET = "0x4AAAAAAA-integrations-secret"


@pytest.fixture
def environment(settings, fake_provider):
    """No captcha keys in the environment; its verify address points at the fake provider."""
    inbox = inbox_settings()
    keys = {"provider": "", "site_key": "", "secret": "", "verify_url": fake_provider.url}
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "captcha": keys}}
    return keys


@pytest.fixture
def captcha_form(contact_form):
    return update_form(contact_form, actor=None, values={"options": {"captcha": True}})


def test_keys_entered_on_the_integrations_screen_reach_a_form_that_asks_for_a_captcha(
    environment, captcha_form, good_answers, minted, fake_provider, make_user
):
    visitor = Client()
    assert "cf-turnstile" not in visitor.get("/forms/contact/").content.decode()
    assert post(visitor, body(good_answers, minted)).status_code == 503  # asks, and the site has no keys

    manager = Client()
    manager.force_login(make_user("core.settings.manage"))
    saved = manager.put(
        f"/api/cms/settings/{INTEGRATIONS}",
        json.dumps({"values": {"captcha_provider": "turnstile", "turnstile_site_key": "site-key-9"},
                    "secrets": {"turnstile_secret": SECRET}}),
        content_type="application/json",
    )  # fmt: skip
    assert saved.status_code == 200, saved.content

    page = visitor.get("/forms/contact/")
    assert 'data-sitekey="site-key-9"' in page.content.decode()
    assert "https://challenges.cloudflare.com" in page.headers["Content-Security-Policy"]
    fake_provider.mode = "success"
    accepted = post(visitor, body(good_answers, minted, **{"cf-turnstile-response": "widget-answer"}))
    assert accepted.status_code == 200, accepted.content
    assert fake_provider.posts[-1]["secret"] == SECRET
    assert Submission.objects.count() == 1


def test_the_group_wins_over_the_environment_and_a_cleared_group_gives_way_to_it(environment):
    environment.update(provider="hcaptcha", site_key="env-key", secret="env-secret")
    assert (captcha.site_config().provider.name, captcha.site_config().site_key) == ("hcaptcha", "env-key")
    update_group(
        INTEGRATIONS,
        actor=None,
        values={"hcaptcha_site_key": "group-key"},
        secrets={"hcaptcha_secret": SECRET},
    )
    config = captcha.site_config()
    assert (config.provider.name, config.site_key, config.secret) == ("hcaptcha", "group-key", SECRET)
    assert config.verify_url == environment["verify_url"]
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"hcaptcha_secret": None})
    assert captcha.site_config().site_key == "env-key"


def test_the_groups_provider_needs_its_own_pair(environment):
    update_group(
        INTEGRATIONS, actor=None, values={"captcha_provider": "recaptcha", "recaptcha_site_key": "r-key"}
    )
    assert captcha.site_config() is None  # no secret for reCAPTCHA, none in the environment
    update_group(INTEGRATIONS, actor=None, values={}, secrets={"recaptcha_secret": SECRET})
    assert captcha.site_config().provider.name == "recaptcha"


def test_the_config_never_prints_its_secret(environment):
    update_group(INTEGRATIONS, actor=None, values={"captcha_provider": "turnstile", "turnstile_site_key": "k"}, secrets={"turnstile_secret": SECRET})  # fmt: skip
    assert SECRET not in repr(captcha.site_config())
