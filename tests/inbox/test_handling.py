"""Handling a submission: status, assignee, corrected answers, read state and mass changes, logged."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.operations import accept_submission, mark_read, update_submission, update_submissions
from frontdesk.inbox.queries import form_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk(make_user):
    return make_user("inbox.view", "inbox.update", display_name="Clara Clerk")


@pytest.fixture
def submission(contact_form, good_answers):
    return accept_submission(contact_form, good_answers)[0]


def actions(submission) -> list[str]:
    return list(submission.log.values_list("action", flat=True))


def test_status_assignee_and_a_corrected_answer_change_in_one_call(submission, clerk):
    done = Status.objects.get(label__en="Done")
    update_submission(
        submission,
        actor=clerk,
        values={"status": done.pk, "assignee": clerk.pk, "answers": {"email": "ada@example.com"}},
    )
    submission.refresh_from_db()
    assert (submission.status, submission.assignee) == (done, clerk)
    assert submission.answer("email").value == "ada@example.com"
    assert " ada example com" in submission.search_text  # the corrected answer's words
    assert actions(submission) == [
        "submission.created",
        "submission.status_changed",
        "submission.assigned",
        "submission.answer_corrected",
    ]


def test_a_corrected_answer_follows_the_fields_rules(submission, clerk):
    with pytest.raises(ValidationError) as caught:
        update_submission(submission, actor=clerk, values={"answers": {"email": "not an address"}})
    assert list(caught.value.message_dict) == ["fields.email"]
    with pytest.raises(ValidationError):
        update_submission(submission, actor=clerk, values={"answers": {"nope": "x"}})


def test_an_unknown_status_or_an_account_without_the_inbox_is_refused(submission, clerk, make_user):
    with pytest.raises(ValidationError) as caught:
        update_submission(submission, actor=clerk, values={"status": 999999})
    assert list(caught.value.message_dict) == ["status"]
    with pytest.raises(ValidationError) as caught:
        update_submission(submission, actor=clerk, values={"assignee": make_user().pk})
    assert list(caught.value.message_dict) == ["assignee"]


def test_nothing_changed_writes_no_log_line(submission, clerk):
    update_submission(submission, actor=clerk, values={"status": submission.status_id, "assignee": None})
    assert actions(submission) == ["submission.created"]


def test_an_empty_change_or_the_same_values_change_nothing(submission, clerk, good_answers):
    before = Submission.objects.get(pk=submission.pk).updated_at
    with time_machine.travel(timezone.now() + timedelta(hours=1)):
        update_submission(submission, actor=clerk, values={})
        update_submission(submission, actor=clerk, values={"answers": {}})
        update_submission(
            submission,
            actor=clerk,
            values={
                "status": submission.status_id,
                "assignee": None,
                "answers": {"email": good_answers["email"], "days": good_answers["days"]},
            },
        )
    submission.refresh_from_db()
    assert submission.updated_at == before
    assert actions(submission) == ["submission.created"]
    later = timezone.now() + timedelta(hours=2)
    with time_machine.travel(later, tick=False):
        update_submission(submission, actor=clerk, values={"assignee": clerk.pk})
    submission.refresh_from_db()
    assert submission.updated_at == later


def test_handling_needs_inbox_update(submission, make_user):
    with pytest.raises(PermissionDenied):
        update_submission(submission, actor=make_user("inbox.view"), values={"assignee": None})


def test_opening_marks_read_and_mark_unread_turns_it_back(submission, clerk, contact_form):
    mark_read(submission, actor=clerk)
    mark_read(submission, actor=clerk)  # twice: counted once
    assert (Submission.objects.get().is_unread, form_counts(contact_form)["unread"]) == (False, 0)
    mark_read(submission, actor=clerk, read=False)
    assert (Submission.objects.get().is_unread, form_counts(contact_form)["unread"]) == (True, 1)
    assert actions(submission)[-2:] == ["submission.marked_read", "submission.marked_unread"]


def test_mass_status_and_mass_delete(contact_form, good_answers, clerk):
    ids = [
        accept_submission(contact_form, {**good_answers, "message": f"Question {n}"})[0].pk for n in range(3)
    ]
    spam = Status.objects.get(is_spam=True)
    assert update_submissions(contact_form, actor=clerk, values={"ids": ids[:2], "status": spam.pk}) == 2
    assert Submission.objects.filter(status=spam).count() == 2
    assert update_submissions(contact_form, actor=clerk, values={"ids": ids[:2], "delete": True}) == 2
    assert list(Submission.objects.values_list("pk", flat=True)) == [ids[2]]
    assert form_counts(Form.objects.get())["total"] == 1


def test_a_mass_change_is_all_or_nothing_within_one_form(contact_form, good_answers, clerk):
    from frontdesk.inbox.operations import create_form

    first = accept_submission(contact_form, good_answers)[0]
    other_form = create_form(
        actor=None, values={"slug": "other", "title": {"en": "Other"}}, fields=[{"machine_name": "q"}]
    )
    foreign = accept_submission(other_form, {"q": "hello"})[0]
    spam = Status.objects.get(is_spam=True)
    with pytest.raises(ValidationError):
        update_submissions(
            contact_form, actor=clerk, values={"ids": [first.pk, foreign.pk], "status": spam.pk}
        )
    assert not Submission.objects.filter(status=spam).exists()
    with pytest.raises(ValidationError):
        update_submissions(contact_form, actor=clerk, values={"ids": [first.pk]})
