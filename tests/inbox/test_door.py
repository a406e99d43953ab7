"""The public door over HTTP: the spec's transitions and errors, in the antispam order."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Status, Submission
from frontdesk.inbox.operations import update_form

pytestmark = pytest.mark.django_db

URL = "/site/forms/contact"
ORIGIN = "http://testserver"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def body(answers: dict, timestamp: str, **extra) -> dict:
    posted = {"site_form": "contact", "site_ts": timestamp, "homepage": ""}
    for name, value in answers.items():
        posted[f"fields[{name}][]" if isinstance(value, list) else f"fields[{name}]"] = value
    return {**posted, **extra}


def post(client, data, *, json=True, **headers):
    headers.setdefault("HTTP_ORIGIN", ORIGIN)
    if json:
        headers["HTTP_ACCEPT"] = "application/json"
    return client.post(URL, data, **headers)


def test_a_valid_post_is_stored_in_the_arrival_status_and_answered_in_json(
    client, contact_form, good_answers, minted
):
    response = post(client, body(good_answers, minted, site_locale="de"))
    assert response.status_code == 200
    reply = response.json()
    assert reply["ok"] is True and set(reply) >= {"ok", "heading", "message", "redirect"}
    assert reply["message"] == "Vielen Dank. Ihre Nachricht wurde gesendet."
    submission = Submission.objects.get()
    assert submission.status == Status.objects.get(is_arrival=True)
    assert (submission.source, submission.language) == ("public", "de")
    assert submission.log.get().action == "submission.created"


def test_invalid_fields_answer_422_keyed_by_machine_name(client, contact_form, good_answers, minted):
    response = post(client, body({**good_answers, "email": "nope", "name": ""}, minted))
    assert response.status_code == 422
    reply = response.json()
    assert set(reply["errors"]) == {"fields.email", "fields.name"}
    assert isinstance(reply["message"], str)
    assert not Submission.objects.exists()


def test_a_filled_honeypot_is_answered_as_success_and_nothing_is_stored(
    client, contact_form, good_answers, minted
):
    response = post(client, body(good_answers, minted, homepage="http://spam.example"))
    assert response.status_code == 200 and response.json()["ok"] is True
    assert not Submission.objects.exists()


def test_a_post_sent_too_fast_is_422(client, contact_form, good_answers):
    response = post(client, body(good_answers, issue_timestamp("contact")))
    assert response.status_code == 422
    assert not Submission.objects.exists()


def test_a_tampered_timestamp_is_422(client, contact_form, good_answers, minted):
    response = post(client, body(good_answers, minted[:-4] + "AAAA"))
    assert response.status_code == 422


def test_a_post_from_a_foreign_page_is_422(client, contact_form, good_answers, minted):
    response = post(client, body(good_answers, minted), HTTP_ORIGIN="https://elsewhere.example")
    assert response.status_code == 422
    assert not Submission.objects.exists()


def test_the_earlier_layer_refuses_a_post_that_fails_two(client, contact_form, good_answers):
    # Too fast AND from a foreign page: the timestamp layer (earlier) answers.
    response = post(
        client, body(good_answers, issue_timestamp("contact")), HTTP_ORIGIN="https://elsewhere.example"
    )
    assert response.status_code == 422
    assert "too quickly" in response.json()["message"]


def test_the_rate_limit_answers_429_with_retry_after(client, contact_form, good_answers, minted):
    update_form(contact_form, actor=None, values={"options": {"antispam": {"throttle": 2}}})
    statuses = [
        post(client, body({**good_answers, "message": f"Question number {n}"}, minted)).status_code
        for n in range(3)
    ]
    assert statuses == [200, 200, 429]
    response = post(client, body(good_answers, minted))
    assert 1 <= int(response["Retry-After"]) <= 60


def test_a_captcha_form_without_site_keys_refuses_with_a_reason(client, contact_form, good_answers, minted):
    update_form(contact_form, actor=None, values={"options": {"captcha": True}})
    response = post(client, body(good_answers, minted))
    assert response.status_code == 503
    assert "captcha" in response.json()["message"]
    assert not Submission.objects.exists()


def test_identical_posts_within_the_window_make_one_submission(client, contact_form, good_answers, minted):
    post(client, body(good_answers, minted))
    post(client, body(good_answers, minted))
    assert Submission.objects.count() == 1


@pytest.mark.parametrize("slug", ["nosuch", "contact"])
def test_an_unknown_or_switched_off_form_is_404(client, contact_form, good_answers, minted, slug):
    update_form(contact_form, actor=None, values={"is_switched_off": True})
    response = client.post(
        f"/site/forms/{slug}", body(good_answers, minted), HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 404
    assert response.json()["ok"] is False


def test_no_csrf_token_is_asked_for(contact_form, good_answers, minted):
    response = post(Client(enforce_csrf_checks=True), body(good_answers, minted))
    assert response.status_code == 200


def test_without_json_the_answer_is_a_redirect_back_with_the_outcome_in_the_session(
    client, contact_form, good_answers, minted
):
    response = post(
        client,
        body({**good_answers, "email": "nope"}, minted),
        json=False,
        HTTP_REFERER="http://testserver/kontakt/",
    )
    assert response.status_code == 302
    assert response["Location"] == "http://testserver/kontakt/"
    result = client.session["inbox_result"]
    assert (result["form"], result["ok"], list(result["errors"])) == ("contact", False, ["fields.email"])
    assert result["values"]["name"] == "Ada Lovelace"


def test_the_redirect_never_leaves_the_site(client, contact_form, good_answers, minted):
    response = post(client, body(good_answers, minted), json=False, HTTP_REFERER="https://evil.example/phish")
    assert response["Location"] == "/"


def test_a_get_is_not_allowed(client, contact_form):
    assert client.get(URL).status_code == 405


def test_the_visitors_address_is_anonymised_when_asked(client, contact_form, good_answers, minted, settings):
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {**inbox_settings(), "anonymise_ip": True},
    }
    post(client, body(good_answers, minted), REMOTE_ADDR="203.0.113.77", HTTP_USER_AGENT="Tester/1.0")
    meta = Submission.objects.get().metadata
    assert (meta["ip"], meta["user_agent"]) == ("203.0.113.0", "Tester/1.0")


def test_a_captcha_the_provider_refuses_is_422_and_stores_nothing(
    client, contact_form, good_answers, minted, fake_provider, settings
):
    inbox = inbox_settings()
    captcha = {"provider": "turnstile", "site_key": "k", "secret": "s", "verify_url": fake_provider.url}
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "captcha": captcha}}
    update_form(contact_form, actor=None, values={"options": {"captcha": True}})
    fake_provider.mode = "failure"
    refused = post(client, body(good_answers, minted, **{"cf-turnstile-response": "token"}))
    assert refused.status_code == 422
    assert not Submission.objects.exists()
    fake_provider.mode = "success"
    accepted = post(client, body(good_answers, minted, **{"cf-turnstile-response": "token"}))
    assert accepted.status_code == 200
    assert Submission.objects.count() == 1


def test_an_accepted_post_mails_the_recipients_after_it_is_stored(
    client, contact_form, good_answers, minted, django_capture_on_commit_callbacks
):
    from django.core import mail

    update_form(
        contact_form, actor=None, values={"options": {"recipients": {"addresses": ["desk@example.com"]}}}
    )
    with django_capture_on_commit_callbacks(execute=True):
        post(client, body(good_answers, minted))
    assert [message.to for message in mail.outbox] == [["desk@example.com"]]
    assert Submission.objects.count() == 1


def test_identical_posts_outside_the_window_make_a_second_submission(
    client, contact_form, good_answers, minted
):
    post(client, body(good_answers, minted))
    with time_machine.travel(timezone.now() + timedelta(seconds=901)):
        cache.clear()
        post(client, body(good_answers, minted))
    assert Submission.objects.count() == 2


# --- A form that is not there (issue 10, items 15 and 19) ------------------------------------------


@pytest.mark.parametrize("slug", ["nosuch", "contact"])
def test_without_script_a_form_that_is_not_there_answers_a_page_with_the_refusal_and_a_link_back(
    client, contact_form, good_answers, minted, slug
):
    update_form(contact_form, actor=None, values={"is_switched_off": True})
    response = client.post(
        f"/site/forms/{slug}",
        body(good_answers, minted),
        HTTP_ORIGIN=ORIGIN,
        HTTP_REFERER="http://testserver/contact-page/",
    )
    assert response.status_code == 404
    page = response.content.decode()
    assert "This form does not exist or is switched off." in page
    assert 'href="http://testserver/contact-page/"' in page
    assert 'class="site-page"' in page  # the site's own layout
    assert "inbox_result" not in client.session


def test_the_refusal_page_speaks_the_language_of_the_page_the_form_was_on(client, contact_form, minted):
    response = client.post("/site/forms/nosuch", {"site_ts": minted, "site_locale": "de"}, HTTP_ORIGIN=ORIGIN)
    page = response.content.decode()
    assert 'lang="de"' in page
    assert "Dieses Formular gibt es nicht, oder es ist ausgeschaltet." in page
    assert "Zur Startseite" in page  # no Referer from the site: the link leads home


def test_the_refusal_page_offers_no_language_links_to_the_post_only_door(client, contact_form, minted):
    response = client.post("/site/forms/nosuch", {"site_ts": minted}, HTTP_ORIGIN=ORIGIN)
    page = response.content.decode()
    assert "site-languages" not in page and "hreflang" not in page
    assert client.get("/site/forms/nosuch").status_code == 405  # what such a link would have met


@pytest.mark.parametrize(
    "spam",
    [{"site_ts": "not a token"}, {"homepage": "http://spam.example"}],
    ids=["bad-timestamp", "filled-honeypot"],
)
def test_a_switched_off_form_answers_404_before_antispam_judges_the_post(
    client, contact_form, good_answers, minted, spam
):
    update_form(contact_form, actor=None, values={"is_switched_off": True})
    response = post(client, {**body(good_answers, minted), **spam})
    assert response.status_code == 404
    assert response.json()["message"] == "This form does not exist or is switched off."


def test_a_site_locale_the_site_lacks_does_not_choose_the_language_of_the_answer(
    client, contact_form, good_answers, minted, settings
):
    settings.LANGUAGES = [("en", "English"), ("de", "Deutsch")]  # the site has no Russian
    response = post(client, body(good_answers, minted, site_locale="ru"))
    assert response.json()["message"] == "Thank you. Your message has been sent."
    assert Submission.objects.get().language == "en"


# --- Odd inputs (issue 10, item 16) ------------------------------------------------------------------


def test_a_consent_box_sent_anything_but_ticked_is_refused_under_its_field(
    client, contact_form, good_answers, minted
):
    response = post(client, body({**good_answers, "consent": "maybe"}, minted))
    assert response.status_code == 422
    assert response.json()["errors"] == {"fields.consent": ["This box can only be ticked or left empty."]}
    assert not Submission.objects.exists()


@pytest.mark.parametrize(
    "extra",
    [
        {"fields[name]": ["Ada", "Eve"]},
        {"fields[name]": "Ada", "fields[name][]": "Eve"},
    ],
    ids=["same-input-twice", "plain-and-list-input"],
)
def test_two_values_for_a_single_value_field_are_refused_under_the_field(
    client, contact_form, good_answers, minted, extra
):
    posted = body({key: value for key, value in good_answers.items() if key != "name"}, minted)
    response = post(client, {**posted, **extra})
    assert response.status_code == 422
    assert response.json()["errors"] == {"fields.name": ["This field takes one answer only."]}
    assert not Submission.objects.exists()


@pytest.mark.parametrize("content_type", ["application/json", "text/plain", "application/xml"])
def test_a_body_that_is_not_form_encoded_is_refused_with_415_before_antispam(
    client, contact_form, content_type
):
    response = client.post(
        URL, '{"fields": {"name": "Ada"}}', content_type=content_type, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 415
    assert "application/x-www-form-urlencoded or multipart/form-data" in response.json()["message"]
    assert not Submission.objects.exists()
