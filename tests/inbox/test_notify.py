"""Mail on a new submission: per recipient, in their language, after the commit, failures kept."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import override_settings

from frontdesk.inbox.models import Submission
from frontdesk.inbox.operations import accept_submission, update_form
from tests.ports import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def form_with_recipients(contact_form, make_user):
    anna = make_user("inbox.view", email="anna@example.com", language="de")
    update_form(
        contact_form,
        actor=None,
        values={"options": {"recipients": {"accounts": [anna.pk], "addresses": ["desk@example.com"]}}},
    )
    return contact_form


def send(form, answers, capture, **options):
    with capture(execute=True):
        return accept_submission(form, answers, **options)[0]


def test_each_recipient_gets_one_mail_in_their_own_language(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks
):
    submission = send(form_with_recipients, good_answers, django_capture_on_commit_callbacks, language="ru")
    by_address = {message.to[0]: message for message in mail.outbox}
    assert set(by_address) == {"anna@example.com", "desk@example.com"}
    assert by_address["anna@example.com"].subject == f"Neue Einsendung #{submission.pk}: Kontakt"
    assert "Ihr Name:\nAda Lovelace" in by_address["anna@example.com"].body
    # The typed address reads the language the submission arrived in (ru; no Russian title: fallback).
    assert by_address["desk@example.com"].subject == f"Новая заявка №{submission.pk}: Contact"


def test_the_mail_lists_answers_and_links_to_the_panel(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks, settings
):
    submission = send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    body = next(message.body for message in mail.outbox if message.to == ["desk@example.com"])
    assert "Your name:\nAda Lovelace" in body
    assert "Days:\nmon, tue" in body
    assert f"{settings.BASE_URL}/cms/inbox/submissions/{submission.pk}/" in body


def test_the_link_makes_no_double_slash_of_a_base_url_that_ends_in_one(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks, settings
):
    settings.BASE_URL = "https://www.example.org/"
    submission = send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    body = next(message.body for message in mail.outbox if message.to == ["desk@example.com"])
    assert f"https://www.example.org/cms/inbox/submissions/{submission.pk}/\n" in body


def test_reply_to_is_the_visitors_address_and_never_the_sender(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks, settings
):
    send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    for message in mail.outbox:
        assert message.reply_to == ["ada@example.org"]
        assert message.from_email == settings.DEFAULT_FROM_EMAIL


def test_a_duplicate_sends_no_second_mail(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks
):
    send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 2


def test_nothing_is_sent_before_the_submission_is_written(form_with_recipients, good_answers):
    accept_submission(form_with_recipients, good_answers)  # the test's transaction never commits
    assert mail.outbox == []


def test_a_failed_mail_is_recorded_and_the_submission_kept(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks
):
    smtp = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": free_port(), "timeout": 3},
        }
    }
    with override_settings(MAILERS=smtp):
        submission = send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    stored = Submission.objects.get(pk=submission.pk)
    assert "anna@example.com" in stored.notify_error
    assert "desk@example.com" in stored.notify_error
    assert stored.answer("name").value == "Ada Lovelace"


def test_an_account_that_lost_the_inbox_is_no_longer_mailed(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks
):
    from django.contrib.auth.models import Permission

    from frontdesk.core.models import User

    anna = User.objects.get(email="anna@example.com")
    anna.user_permissions.remove(Permission.objects.get(codename="view", content_type__app_label="inbox"))
    send(form_with_recipients, good_answers, django_capture_on_commit_callbacks)
    assert [message.to for message in mail.outbox] == [["desk@example.com"]]


def test_a_title_and_answers_with_markup_characters_arrive_as_typed_in_the_plain_text_mail(
    form_with_recipients, good_answers, django_capture_on_commit_callbacks
):
    title = {"en": '<b>Offers</b> & "deals" for O\'Brien', "de": "<b>Angebote</b> & mehr"}
    update_form(form_with_recipients, actor=None, values={"title": title})
    answers = {**good_answers, "name": "Tom & <Jerry>", "message": '1 < 2 & "quoted"'}
    submission = send(form_with_recipients, answers, django_capture_on_commit_callbacks)
    by_address = {message.to[0]: message for message in mail.outbox}
    english, german = by_address["desk@example.com"], by_address["anna@example.com"]
    assert english.subject == f'New submission #{submission.pk}: <b>Offers</b> & "deals" for O\'Brien'
    assert german.subject == f"Neue Einsendung #{submission.pk}: <b>Angebote</b> & mehr"
    assert '“<b>Offers</b> & "deals" for O\'Brien”' in english.body
    assert "Your name:\nTom & <Jerry>" in english.body
    assert 'Message:\n1 < 2 & "quoted"' in english.body
    for message in (english, german):
        assert "&lt;" not in message.subject + message.body and "&amp;" not in message.subject + message.body
