"""The embed tag {% inbox_form %} and its script, rendered without a browser."""

from __future__ import annotations

import gzip
import re
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore
from django.core.cache import cache
from django.template import engines
from django.test import Client, RequestFactory, override_settings
from django.utils import timezone, translation

import frontdesk.inbox
from frontdesk.inbox import antispam
from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.door import SESSION_KEY
from frontdesk.inbox.operations import create_form

pytestmark = pytest.mark.django_db

SCRIPT = Path(frontdesk.inbox.__file__).parent / "static" / "inbox" / "form.js"


class Tags(HTMLParser):
    """Every start tag as (tag, attributes); enough to check markup without a browser."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, {key: value or "" for key, value in attrs}))

    def find(self, tag: str | None = None, **attrs) -> list[dict]:
        wanted = {key.rstrip("_").replace("_", "-"): value for key, value in attrs.items()}
        return [
            found
            for name, found in self.tags
            if (tag is None or name == tag) and all(found.get(k) == v for k, v in wanted.items())
        ]

    def one(self, tag: str | None = None, **attrs) -> dict:
        matches = self.find(tag, **attrs)
        assert len(matches) == 1, (tag, attrs, matches)
        return matches[0]


def render(source: str, session=None, **context) -> str:
    request = RequestFactory().get("/page")
    request.session = session if session is not None else SessionStore()
    template = engines["django"].from_string("{% load inbox %}" + source)
    return template.render(context, request)


def frontdesk_with(**changes) -> dict:
    return {**settings.FRONTDESK, "inbox": {**inbox_settings(), **changes}}


def session_with(outcome: dict) -> SessionStore:
    session = SessionStore()
    session[SESSION_KEY] = outcome
    return session


def refused(form: str, errors: dict, values: dict | None = None) -> dict:
    return {
        "form": form,
        "ok": False,
        "heading": "Not sent",
        "message": "Please correct the marked fields.",
        "status": 422,
        "errors": errors,
        "values": values or {},
        "headers": {},
    }


@pytest.fixture
def event_form(db):
    return create_form(actor=None, values={"slug": "event", "title": {"en": "Event"}}, fields=[
            {"machine_name": "when", "type": "date", "label": {"en": "When"}, "full_width": False,
             "min_value": "2026-01-01", "max_value": "2026-12-31", "hint": {"en": "Any weekday"}},
            {"machine_name": "campaign", "type": "hidden", "label": {"en": "Campaign"}},
            {"machine_name": "size", "type": "radio", "label": {"en": "Size"}, "required": True,
             "choices": ["small", "large"]},
        ])  # fmt: skip


def test_renders_by_slug_and_by_object(contact_form):
    by_slug = render('{% inbox_form "contact" %}')
    by_object = render("{% inbox_form form %}", form=contact_form)
    for html in (by_slug, by_object):
        tags = Tags(html)
        form = tags.one("form")
        assert form["class"] == "site-form"
        assert form["method"] == "post"
        assert form["action"] == f"/{inbox_settings()['path']}/contact"
        assert form["data-site-form"] == "contact"
        assert form["enctype"] == "application/x-www-form-urlencoded"
        assert "novalidate" in form
        assert tags.one("input", name="site_form")["value"] == "contact"
        assert tags.find("button", type="submit")


def test_nothing_for_an_unknown_or_switched_off_form(contact_form):
    assert render('{% inbox_form "nope" %}').strip() == ""
    contact_form.is_switched_off = True
    contact_form.save()
    assert render('{% inbox_form "contact" %}').strip() == ""
    assert render("{% inbox_form form %}", form=contact_form).strip() == ""


def test_classes_controls_and_data_hooks(contact_form):
    tags = Tags(render('{% inbox_form "contact" class="my-form" %}'))
    assert tags.one("form")["class"] == "site-form my-form"
    name = tags.one("input", name="fields[name]")
    assert name["class"] == "site-form__control" and "required" in name and name["maxlength"] == "100"
    email = tags.one("input", name="fields[email]")
    assert email["type"] == "email" and email["autocomplete"] == "email"
    assert tags.one("textarea", name="fields[message]")["minlength"] == "5"
    assert len(tags.find("option")) == 3  # the empty choice and two topics
    assert [box["value"] for box in tags.find("input", name="fields[days][]")] == ["mon", "tue", "wed"]
    assert tags.one("input", name="fields[consent]")["type"] == "checkbox"
    assert len(tags.find("div", class_="site-form__field")) == 6
    assert tags.one(data_site_message="success")["role"] == "status"
    assert tags.one(data_site_message="error")["role"] == "alert"
    assert all("hidden" in box for box in tags.find() if "data-site-message" in box)
    assert {found["data-site-error"] for found in tags.find() if "data-site-error" in found} == {
        "name", "email", "topic", "days", "message", "consent"
    }  # fmt: skip
    assert not [found for found in tags.find() if "data-site-summary" in found]


def test_honeypot_timestamp_and_locale(contact_form):
    with translation.override("de"):
        tags = Tags(render('{% inbox_form "contact" %}'))
    honeypot = tags.one("input", name="homepage")
    assert honeypot["tabindex"] == "-1" and honeypot["autocomplete"] == "off"
    assert tags.one("div", class_="site-form__hp")["aria-hidden"] == "true"
    token = tags.one("input", name="site_ts")["value"]
    assert antispam.read_timestamp(token, "contact") is not None
    assert antispam.read_timestamp(token, "other") is None
    assert tags.one("input", name="site_locale")["value"] == "de"


def test_half_width_hidden_date_radio_and_file(event_form):
    tags = Tags(render('{% inbox_form "event" %}'))
    assert tags.one("div", data_site_field="when")["class"] == "site-form__field site-form__field--half"
    date = tags.one("input", name="fields[when]")
    assert (date["type"], date["min"], date["max"]) == ("date", "2026-01-01", "2026-12-31")
    assert tags.one("input", name="fields[campaign]")["type"] == "hidden"
    assert tags.one("fieldset", class_="site-form__group")
    assert all("required" in radio for radio in tags.find("input", name="fields[size]"))

    create_form(
        actor=None,
        values={"slug": "jobs", "title": {"en": "Jobs"}},
        fields=[{"machine_name": "cv", "type": "file", "label": {"en": "CV"}, "extensions": ["pdf"]}],
    )
    tags = Tags(render('{% inbox_form "jobs" %}'))
    assert tags.one("form")["enctype"] == "multipart/form-data"
    assert tags.one("input", type="file")["accept"] == ".pdf"


def test_labels_hints_and_errors_are_tied_to_their_controls(event_form, contact_form):
    html = render('{% inbox_form "event" %}{% inbox_form "contact" %}')
    tags = Tags(html)
    ids = {found["id"] for found in tags.find() if "id" in found}
    assert len(ids) == len([found for found in tags.find() if "id" in found]), "ids are unique"
    for label in tags.find("label"):
        assert label["for"] in ids
    described = [found for found in tags.find() if "aria-describedby" in found]
    assert len(described) >= 8
    for found in described:
        assert set(found["aria-describedby"].split()) <= ids
    when = tags.one("input", name="fields[when]")
    assert when["aria-describedby"] == "site-event-when-hint site-event-when-error"
    assert "legend" in html and tags.find("fieldset", aria_describedby="site-event-size-error")


def test_prefill_fills_hidden_fields_only(event_form):
    html = render(
        '{% inbox_form "event" prefill=prefill %}',
        prefill={"campaign": "spring", "when": "2026-05-01", "unknown": "x"},
    )
    tags = Tags(html)
    assert tags.one("input", name="fields[campaign]")["value"] == "spring"
    assert tags.one("input", name="fields[when]")["value"] == ""
    assert "unknown" not in html


def test_errors_show_under_the_control_with_the_summary(contact_form):
    session = session_with(
        refused(
            "contact", {"fields.email": ["Enter a valid e-mail address."]}, {"email": "nope", "days": ["tue"]}
        )
    )
    tags = Tags(render('{% inbox_form "contact" %}', session=session))
    assert tags.one("div", data_site_field="email")["class"] == "site-form__field is-invalid"
    email = tags.one("input", name="fields[email]")
    assert email["aria-invalid"] == "true" and email["value"] == "nope"
    error = tags.one(id="site-contact-email-error")
    assert "hidden" not in error and error["data-site-error"] == "email"
    assert [box["value"] for box in tags.find("input", name="fields[days][]") if "checked" in box] == ["tue"]
    assert "aria-invalid" not in tags.one("input", name="fields[name]")
    summary = tags.one(data_site_summary="")
    assert summary["role"] == "alert"
    assert tags.one("a", href="#site-contact-email")
    assert "hidden" not in tags.one(data_site_message="error")
    html = render(
        '{% inbox_form "contact" %}', session=session_with(refused("contact", {"fields.email": ["Bad."]}))
    )
    assert re.search(r'id="site-contact-email-error"[^>]*>Bad\.</p>', html)


def test_the_session_outcome_is_shown_by_the_named_form_only_and_once(contact_form, event_form):
    session = session_with({**refused("contact", {}), "ok": True, "heading": "Thanks", "message": "Got it."})
    first = render('{% inbox_form "event" %}', session=session)
    assert "Got it." not in first and SESSION_KEY in session
    shown = render('{% inbox_form "contact" %}', session=session)
    assert "Got it." in shown and "hidden" not in Tags(shown).one(data_site_message="success")
    assert SESSION_KEY not in session
    again = render('{% inbox_form "contact" %}', session=session)
    assert "Got it." not in again and "hidden" in Tags(again).one(data_site_message="success")


def test_the_script_follows_the_setting(contact_form):
    with override_settings(FRONTDESK=frontdesk_with(script=True)):
        assert '<script src="/static/inbox/form.js" defer></script>' in render('{% inbox_form "contact" %}')
    with override_settings(FRONTDESK=frontdesk_with(script=False)):
        assert "form.js" not in render('{% inbox_form "contact" %}')


def test_the_captcha_block_when_asked_and_configured(contact_form):
    keys = {"provider": "turnstile", "site_key": "site-key-1", "secret": "s", "verify_url": ""}
    with override_settings(FRONTDESK=frontdesk_with(captcha=keys)):
        assert "cf-turnstile" not in render('{% inbox_form "contact" %}')
        contact_form.options = {"captcha": True}
        contact_form.save()
        tags = Tags(render('{% inbox_form "contact" %}'))
        assert tags.one("div", class_="cf-turnstile")["data-sitekey"] == "site-key-1"
        assert tags.one("script", src="https://challenges.cloudflare.com/turnstile/v0/api.js")
    with override_settings(FRONTDESK=frontdesk_with(captcha={})):
        html = render('{% inbox_form "contact" %}')
        assert "cf-turnstile" not in html and 'data-site-form="contact"' in html


def test_the_script_is_small_and_uses_the_hooks_the_markup_prints():
    source = SCRIPT.read_bytes()
    assert len(gzip.compress(source, compresslevel=9)) <= 2048
    for hook in (
        b"form[data-site-form]",
        b"application/json",
        b"data-site-error",
        b"aria-invalid",
        b"fields[",
    ):
        assert hook in source
    assert b"import " not in source and b"require(" not in source


def test_a_refused_no_script_post_comes_back_under_the_email_control(contact_form, good_answers):
    cache.clear()
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):
        token = issue_timestamp("contact")
    client = Client()
    posted = {"site_form": "contact", "site_ts": token, "homepage": ""}
    for name, value in {**good_answers, "email": "not an address"}.items():
        posted[f"fields[{name}][]" if isinstance(value, list) else f"fields[{name}]"] = value
    response = client.post(
        f"/{inbox_settings()['path']}/contact",
        posted,
        HTTP_ORIGIN="http://testserver",
        HTTP_REFERER="http://testserver/contact-page",
    )
    assert response.status_code == 302
    session = SessionStore(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)
    tags = Tags(render('{% inbox_form "contact" %}', session=session))
    email = tags.one("input", name="fields[email]")
    assert email["aria-invalid"] == "true" and email["value"] == "not an address"
    assert tags.one("div", data_site_field="email")["class"] == "site-form__field is-invalid"
    assert "hidden" not in tags.one(id="site-contact-email-error")
    assert "aria-invalid" not in tags.one("input", name="fields[name]")
    assert tags.one("input", name="fields[name]")["value"] == "Ada Lovelace"
