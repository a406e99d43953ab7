"""The mail helper: one message per recipient in their language, sent after commit, failures reported."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import transaction
from django.test import override_settings

from frontdesk.core.mail import Recipient, render_mail, safe_reply_to, send_per_recipient
from tests.ports import free_port

pytestmark = pytest.mark.django_db

FAILURES: list[tuple] = []


def record_failure(key, address, reason) -> None:
    """The callback the tests hand to the helper by dotted path, as the inbox will."""
    FAILURES.append((key, address, reason))


@pytest.fixture(autouse=True)
def mail_templates(tmp_path, settings):
    (tmp_path / "greeting_subject.txt").write_text(
        "{% load i18n %}{% get_current_language as lang %}[{{ lang }}] {% translate 'Log in' %}\n"
    )
    (tmp_path / "greeting.txt").write_text("Hello {{ name }}\n")
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [tmp_path]}]
    FAILURES.clear()


def send(recipients, **options):
    send_per_recipient(recipients, template="greeting", context={"name": "Ada"}, **options)


def test_each_recipient_gets_a_separate_mail_in_their_language(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        send([Recipient("ann@example.com", "de"), Recipient("ivan@example.com", "ru")])

    assert [message.to for message in mail.outbox] == [["ann@example.com"], ["ivan@example.com"]]
    assert mail.outbox[0].subject.startswith("[de]")
    assert mail.outbox[1].subject.startswith("[ru]")
    assert mail.outbox[0].body == "Hello Ada\n"


def test_an_unknown_language_falls_back_to_the_site_default(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        send([Recipient("zoe@example.com", "fr")])
    assert mail.outbox[0].subject.startswith("[en]")


def test_nothing_is_sent_before_the_transaction_commits(transactional_db):
    with transaction.atomic():
        send([Recipient("ann@example.com", "en")])
        assert mail.outbox == []
    assert len(mail.outbox) == 1


def test_nothing_is_sent_when_the_transaction_rolls_back(transactional_db):
    with transaction.atomic():
        send([Recipient("ann@example.com", "en")])
        transaction.set_rollback(True)
    assert mail.outbox == []


def test_reply_to_is_the_given_address_and_never_the_sender(django_capture_on_commit_callbacks, settings):
    with django_capture_on_commit_callbacks(execute=True):
        send([Recipient("ann@example.com", "en")], reply_to="visitor@example.org")
    message = mail.outbox[0]
    assert message.reply_to == ["visitor@example.org"]
    assert message.from_email == settings.DEFAULT_FROM_EMAIL


@pytest.mark.parametrize(
    "value",
    ["visitor@example.org\r\nBcc: victim@example.com", "a@example.org, b@example.org", "not an address", ""],
)
def test_a_reply_to_that_could_inject_headers_is_dropped(value):
    assert safe_reply_to(value) is None


@pytest.mark.parametrize(
    "value",
    [
        "visitor@example.org\r\nBcc: victim@example.com",
        "visitor@example.org\nX-Spam: no",
        "a@example.org, b@example.org",
    ],
)
def test_send_per_recipient_sends_the_mail_without_an_unsafe_reply_to(
    value, django_capture_on_commit_callbacks
):
    # Through the helper that every caller uses, not only through safe_reply_to: a caller that
    # passes a visitor's answer as it came must still get a mail with no Reply-To at all.
    with django_capture_on_commit_callbacks(execute=True):
        send([Recipient("ann@example.com", "en")], reply_to=value)
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.reply_to == []
    assert "Reply-To" not in message.message()
    assert "victim@example.com" not in str(message.message())


def test_an_smtp_failure_is_reported_to_the_callback_and_not_raised(django_capture_on_commit_callbacks):
    smtp = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": free_port(), "timeout": 3},
        }
    }
    # The test runner swaps every mailer for locmem; this override comes after it.
    with override_settings(MAILERS=smtp), django_capture_on_commit_callbacks(execute=True):
        send(
            [Recipient("ann@example.com", "en")],
            on_failure="tests.core.test_mail.record_failure",
            failure_key=42,
        )
    assert len(FAILURES) == 1
    key, address, reason = FAILURES[0]
    assert (key, address) == (42, "ann@example.com")
    assert "refused" in reason.lower() or "connect" in reason.lower()


def test_render_mail_collapses_a_subject_onto_one_line():
    subject, body = render_mail("greeting", {"name": "Ada"}, "en")
    assert "\n" not in subject
    assert body == "Hello Ada\n"


@override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}})
def test_with_a_queue_the_mail_waits_for_the_worker(transactional_db):
    # transactional_db: the worker closes connections between tasks, as in production.
    from django.core.management import call_command
    from django_tasks_db.models import DBTaskResult

    with transaction.atomic():
        send([Recipient("ann@example.com", "en")])
    assert mail.outbox == []
    assert DBTaskResult.objects.count() == 1

    call_command("db_worker", batch=True, verbosity=0)
    assert [message.to for message in mail.outbox] == [["ann@example.com"]]


def test_one_task_mails_every_recipient_and_a_failure_for_one_does_not_stop_the_next(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        send(
            [Recipient("broken\nheader@example.com", "en"), Recipient("ivan@example.com", "ru")],
            on_failure="tests.core.test_mail.record_failure",
            failure_key=7,
        )
    assert [message.to for message in mail.outbox] == [["ivan@example.com"]]
    assert mail.outbox[0].subject.startswith("[ru]")
    assert [(key, address) for key, address, _ in FAILURES] == [(7, "broken\nheader@example.com")]
