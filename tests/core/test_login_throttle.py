"""Failed logins and password-reset mails are throttled per account (or address) and per client,
through the shared cache; unknown and existing accounts are answered alike. (The counters live
in the cache, which tests/conftest.py empties around every test.)"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.test import Client, RequestFactory, override_settings
from django.urls import resolve
from django.utils import timezone

from tests.conftest import PASSWORD
from tests.core.test_translations import compiled_catalogs  # noqa: F401  (the fixture)

pytestmark = pytest.mark.django_db

LOGIN = "/cms/login/"
RESET = "/cms/password/reset/"
THROTTLED = "Too many failed attempts. Try again in 15 minutes."
RESET_THROTTLED = "Too many requests for a new password. Try again in 60 minutes."


@pytest.fixture
def frozen():
    """A moment that does not move, so a window cannot end in the middle of a test."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


def page(response, typed: str) -> str:
    """The page without its CSRF tokens (new on every answer) and with the typed address blanked."""
    html = response.content.decode().replace(typed, "…")
    return re.sub(r'(name="csrf[-_a-z]*"|csrfmiddlewaretoken") (content|value)="[^"]*"', "", html)


def log_in(client: Client, email: str, password: str, **extra):
    return client.post(LOGIN, {"username": email, "password": password}, **extra)


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_the_sixth_wrong_password_is_refused_with_a_clear_message(make_user, frozen):
    make_user(email="ada@example.com")
    client = Client()
    for _attempt in range(5):
        response = log_in(client, "ada@example.com", "wrong")
        assert response.status_code == 200
        assert THROTTLED not in response.content.decode()
    response = log_in(client, "ada@example.com", "wrong")
    assert response.status_code == 200
    assert THROTTLED in response.content.decode()


def test_the_right_password_is_refused_while_throttled_and_works_after_the_window(make_user, frozen):
    make_user(email="ada@example.com")
    for _attempt in range(5):
        log_in(Client(), "ADA@example.com ", "wrong")  # the same account however it is typed
    client = Client()
    response = log_in(client, "ada@example.com", PASSWORD)
    assert THROTTLED in response.content.decode()
    assert not logged_in(client)
    frozen.shift(timedelta(minutes=10))
    assert "Try again in 5 minutes." in log_in(client, "ada@example.com", PASSWORD).content.decode()
    frozen.shift(timedelta(minutes=5, seconds=1))
    assert log_in(client, "ada@example.com", PASSWORD)["Location"] == "/cms/"
    assert logged_in(client)


def test_an_unknown_account_is_throttled_like_an_existing_one(make_user, frozen):
    make_user(email="ada@example.com")
    answers = {}
    for email in ("ada@example.com", "nobody@example.com"):
        for _attempt in range(5):
            log_in(Client(), email, "wrong")
        answers[email] = page(log_in(Client(), email, "wrong"), email)
    assert THROTTLED in answers["nobody@example.com"]
    assert answers["ada@example.com"] == answers["nobody@example.com"]


def test_a_successful_login_clears_the_accounts_failures(make_user, frozen):
    make_user(email="ada@example.com")
    for _attempt in range(4):
        log_in(Client(), "ada@example.com", "wrong")
    assert log_in(Client(), "ada@example.com", PASSWORD).status_code == 302
    for _attempt in range(4):
        log_in(Client(), "ada@example.com", "wrong")
    assert log_in(Client(), "ada@example.com", PASSWORD).status_code == 302


def test_a_post_without_a_password_does_not_clear_the_accounts_failures(make_user, frozen):
    make_user(email="ada@example.com")
    for _attempt in range(4):
        log_in(Client(), "ada@example.com", "wrong")
    assert log_in(Client(), "ada@example.com", "").status_code == 200  # nothing was checked
    log_in(Client(), "ada@example.com", "wrong")
    assert THROTTLED in log_in(Client(), "ada@example.com", PASSWORD).content.decode()


def test_failures_from_one_client_are_throttled_across_accounts(make_user, frozen):
    make_user(email="ada@example.com")
    for number in range(20):
        log_in(Client(), f"guess{number}@example.com", "wrong")
    response = log_in(Client(), "ada@example.com", PASSWORD)
    assert THROTTLED in response.content.decode()
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert log_in(other, "ada@example.com", PASSWORD).status_code == 302


def test_one_ipv6_network_counts_as_one_client(make_user, frozen):
    make_user(email="ada@example.com")
    for number in range(20):
        log_in(Client(REMOTE_ADDR=f"2001:db8:1:2::{number + 1:x}"), f"guess{number}@example.com", "wrong")
    response = log_in(Client(REMOTE_ADDR="2001:db8:1:2::ffff"), "ada@example.com", PASSWORD)
    assert THROTTLED in response.content.decode()
    assert log_in(Client(REMOTE_ADDR="2001:db8:1:3::1"), "ada@example.com", PASSWORD).status_code == 302


@override_settings(FRONTDESK={"accounts": {"login": {"failures": 2, "failures_per_client": 0, "minutes": 1}}})
def test_the_limits_come_from_the_settings(make_user, frozen):
    make_user(email="ada@example.com")
    for _attempt in range(2):
        log_in(Client(), "ada@example.com", "wrong")
    assert "Try again in 1 minute." in log_in(Client(), "ada@example.com", PASSWORD).content.decode()
    for number in range(30):  # no limit per client
        log_in(Client(), f"guess{number}@example.com", "wrong")
    frozen.shift(timedelta(minutes=1, seconds=1))
    assert log_in(Client(), "ada@example.com", PASSWORD).status_code == 302


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", "Zu viele fehlgeschlagene Versuche. Versuchen Sie es in 15 Minuten erneut."),
        ("ru", "Слишком много неудачных попыток. Попробуйте снова через 15 минут."),
    ],
)
@pytest.mark.usefixtures("compiled_catalogs")
def test_the_throttle_message_speaks_the_pages_language(make_user, frozen, language, words):
    for _attempt in range(6):
        response = log_in(Client(), "ada@example.com", "wrong", HTTP_ACCEPT_LANGUAGE=language)
    assert words in response.content.decode()


# --- Password reset ----------------------------------------------------------------------------


def ask_reset(client: Client, email: str):
    return client.post(RESET, {"email": email})


def test_the_fourth_reset_mail_of_a_minute_is_not_sent(make_user, mailoutbox, frozen):
    make_user(email="forgetful@example.com")
    for _attempt in range(3):
        assert ask_reset(Client(), "forgetful@example.com")["Location"] == "/cms/password/reset/sent/"
    assert len(mailoutbox) == 3
    frozen.shift(timedelta(seconds=59))
    response = ask_reset(Client(), "Forgetful@Example.com")
    assert response.status_code == 200
    assert RESET_THROTTLED in response.content.decode()
    assert len(mailoutbox) == 3


def test_reset_answers_the_same_for_an_unknown_account(make_user, mailoutbox, frozen):
    make_user(email="forgetful@example.com")
    known = ask_reset(Client(), "forgetful@example.com")
    unknown = ask_reset(Client(), "nobody@example.com")
    assert (known.status_code, known["Location"]) == (unknown.status_code, unknown["Location"])
    assert [message.to for message in mailoutbox] == [["forgetful@example.com"]]
    for _attempt in range(2):
        ask_reset(Client(), "forgetful@example.com")
        ask_reset(Client(), "nobody@example.com")
    throttled = {
        email: page(ask_reset(Client(), email), email)
        for email in ("forgetful@example.com", "nobody@example.com")
    }
    assert RESET_THROTTLED in throttled["nobody@example.com"]
    assert throttled["forgetful@example.com"] == throttled["nobody@example.com"]


def test_reset_requests_from_one_client_are_throttled_across_addresses(make_user, mailoutbox, frozen):
    make_user(email="forgetful@example.com")
    for number in range(10):
        ask_reset(Client(), f"someone{number}@example.com")
    assert RESET_THROTTLED in ask_reset(Client(), "forgetful@example.com").content.decode()
    assert mailoutbox == []
    assert ask_reset(Client(REMOTE_ADDR="192.0.2.7"), "forgetful@example.com").status_code == 302
    assert len(mailoutbox) == 1


def test_the_reset_mail_goes_out_after_the_response(make_user, mailoutbox):
    """The request itself does the same work for every address; the mail follows the answer."""
    make_user(email="forgetful@example.com")
    request = RequestFactory().post(RESET, {"email": "forgetful@example.com"})
    request._dont_enforce_csrf_checks = True
    response = resolve(RESET).func(request)
    assert response.status_code == 302
    assert mailoutbox == []
    response.close()  # what the server calls once the answer is sent
    assert [message.to for message in mailoutbox] == [["forgetful@example.com"]]
    assert "/cms/password/reset/" in mailoutbox[0].body
