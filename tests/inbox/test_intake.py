"""accept_submission: validation from the fields, the answer snapshot, duplicates, counts and log."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import close_old_connections
from django.utils import timezone

from frontdesk.core.errors import NotFound
from frontdesk.core.models import LogEntry
from frontdesk.inbox.models import Status, Submission
from frontdesk.inbox.operations import accept_submission, create_form, update_form
from frontdesk.inbox.queries import form_counts

pytestmark = pytest.mark.django_db


def test_a_valid_submission_arrives_in_the_arrival_status(contact_form, good_answers):
    submission, created = accept_submission(
        contact_form, good_answers, language="de", meta={"page": "/kontakt"}
    )
    assert created
    assert submission.status == Status.objects.get(is_arrival=True)
    assert submission.is_unread and submission.source == "public"
    assert (submission.language, submission.metadata) == ("de", {"page": "/kontakt"})


def test_the_answers_keep_name_label_type_and_value(contact_form, good_answers):
    submission, _created = accept_submission(contact_form, good_answers)
    answers = {answer.name: answer for answer in submission.answers.all()}
    assert list(answers) == ["name", "email", "topic", "days", "message", "consent"]
    assert (answers["name"].label, answers["name"].type, answers["name"].value) == (
        {"en": "Your name", "de": "Ihr Name"},
        "text",
        "Ada Lovelace",
    )
    assert answers["days"].value == "mon, tue"  # in the order of the choices
    assert answers["days"].payload == ["mon", "tue"]
    assert answers["consent"].value == "yes"
    assert answers["topic"].payload is None


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"name": ""}, "fields.name"),
        ({"email": "not-an-address"}, "fields.email"),
        ({"topic": "bribe"}, "fields.topic"),
        ({"days": ["sun"]}, "fields.days"),
        ({"message": "hi"}, "fields.message"),
        ({"consent": ""}, "fields.consent"),
        ({"name": "x" * 101}, "fields.name"),
    ],
)
def test_invalid_answers_are_refused_keyed_by_machine_name(contact_form, good_answers, change, key):
    with pytest.raises(ValidationError) as caught:
        accept_submission(contact_form, {**good_answers, **change})
    assert list(caught.value.message_dict) == [key]
    assert not Submission.objects.exists()


def test_every_invalid_field_is_reported_at_once(contact_form):
    with pytest.raises(ValidationError) as caught:
        accept_submission(contact_form, {})
    assert set(caught.value.message_dict) == {"fields.name", "fields.email", "fields.consent"}


def test_answers_to_unknown_fields_are_ignored(contact_form, good_answers):
    submission, _created = accept_submission(contact_form, {**good_answers, "is_admin": "1"})
    assert submission.answer("is_admin") is None


def test_a_switched_off_form_takes_no_submission(contact_form, good_answers):
    update_form(contact_form, actor=None, values={"is_switched_off": True})
    with pytest.raises(NotFound):
        accept_submission(contact_form, good_answers)


def test_identical_answers_within_the_window_update_the_first_submission(contact_form, good_answers):
    first, _created = accept_submission(contact_form, good_answers)
    with time_machine.travel(timezone.now() + timedelta(seconds=899)):
        again, created = accept_submission(contact_form, {**good_answers, "days": ["mon", "tue"]})
    assert (again.pk, created) == (first.pk, False)
    assert Submission.objects.count() == 1
    assert list(first.log.values_list("action", flat=True)) == ["submission.created", "submission.repeated"]


def test_identical_answers_outside_the_window_make_a_new_submission(contact_form, good_answers):
    first, _created = accept_submission(contact_form, good_answers)
    with time_machine.travel(timezone.now() + timedelta(seconds=901)):
        again, created = accept_submission(contact_form, good_answers)
    assert created and again.pk != first.pk


def test_different_answers_make_a_new_submission(contact_form, good_answers):
    accept_submission(contact_form, good_answers)
    _second, created = accept_submission(contact_form, {**good_answers, "message": "Another question."})
    assert created


def test_counts_are_kept_on_the_form(contact_form, good_answers):
    accept_submission(contact_form, good_answers)
    accept_submission(contact_form, good_answers)  # a duplicate counts once
    accept_submission(contact_form, {**good_answers, "name": "Grace Hopper"})
    assert form_counts(contact_form) == {"total": 2, "unread": 2}


def test_a_language_the_site_lacks_falls_back_to_the_default(contact_form, good_answers):
    submission, _created = accept_submission(contact_form, good_answers, language="fr")
    assert submission.language == "en"


def test_typed_in_by_hand_uses_the_same_rules_and_marks_the_source(contact_form, good_answers, make_user):
    clerk = make_user("inbox.update")
    submission, _created = accept_submission(contact_form, good_answers, source="panel", actor=clerk)
    line = LogEntry.objects.get(submission=submission)
    assert (submission.source, line.action, line.actor, line.detail) == (
        "panel",
        "submission.created",
        clerk,
        {"source": "panel"},
    )
    with pytest.raises(ValidationError):
        accept_submission(contact_form, {}, source="panel", actor=clerk)


def test_typing_in_by_hand_needs_inbox_update(contact_form, good_answers, make_user):
    with pytest.raises(PermissionDenied):
        accept_submission(contact_form, good_answers, source="panel", actor=make_user("inbox.view"))


@pytest.mark.django_db(transaction=True)
def test_fifty_identical_posts_at_once_make_one_submission(good_answers):
    """The guard of accept_submission's lock on the name "form + digest" (core/locks.py). On
    SQLite it cannot fail (SQLite serialises writers by itself: without the lock this still
    passes); the runs that count are PostgreSQL and MariaDB, where scripts/test runs it too (not
    skipped; under CI=true a server that does not answer fails the run). Without a lock it fails
    there: 2 to 6 submissions on PostgreSQL, 44 to 49 on MariaDB when this was written."""
    from tests.inbox.conftest import CONTACT_FIELDS

    form = create_form(actor=None, values={"slug": "race", "title": {"en": "Race"}}, fields=CONTACT_FIELDS)
    barrier = threading.Barrier(50)
    failures: list[BaseException] = []

    def post() -> None:
        try:
            barrier.wait(timeout=30)
            accept_submission(form, good_answers)
        except BaseException as error:  # collected and asserted below
            failures.append(error)
        finally:
            close_old_connections()

    threads = [threading.Thread(target=post) for _ in range(50)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert failures == []
    assert Submission.objects.filter(form=form).count() == 1
    assert form_counts(form)["total"] == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"consent": "maybe"}, "This box can only be ticked or left empty."),
        ({"name": ["Ada", "Eve"]}, "This field takes one answer only."),
        ({"topic": ["quote", "other"]}, "This field takes one answer only."),
    ],
)
def test_odd_answers_are_refused_by_the_field_rules_for_every_door(
    contact_form, good_answers, change, message
):
    with pytest.raises(ValidationError) as caught:
        accept_submission(contact_form, {**good_answers, **change})
    (key,) = change
    assert caught.value.message_dict == {f"fields.{key}": [message]}


@pytest.mark.parametrize("ticked", ["on", "yes", "YES"])
def test_a_ticked_consent_box_is_stored_as_yes(contact_form, good_answers, ticked):
    submission, _created = accept_submission(contact_form, {**good_answers, "consent": ticked})
    assert submission.answer("consent").value == "yes"


def test_one_answer_sent_as_a_list_of_one_is_one_answer(contact_form, good_answers):
    submission, _created = accept_submission(contact_form, {**good_answers, "name": ["Ada"]})
    assert submission.answer("name").value == "Ada"
