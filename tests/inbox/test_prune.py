"""Retention: spam older than the spam age, everything older than the general age, files too."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.utils import timezone

from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.operations import accept_submission, purge_submission, update_submission
from frontdesk.inbox.queries import form_counts

pytestmark = pytest.mark.django_db


def submit_days_ago(form, answers, days: int, *, spam_by=None) -> Submission:
    with time_machine.travel(timezone.now() - timedelta(days=days)):
        submission, _created = accept_submission(form, answers)
    if spam_by:
        update_submission(submission, actor=spam_by, values={"status": Status.objects.get(is_spam=True)})
    return submission


@pytest.fixture
def history(contact_form, good_answers, make_user):
    clerk = make_user("inbox.update")

    def answers(text):
        return {**good_answers, "message": text}

    return {
        "old_spam": submit_days_ago(contact_form, answers("old spam"), 40, spam_by=clerk),
        "new_spam": submit_days_ago(contact_form, answers("new spam"), 10, spam_by=clerk),
        "old": submit_days_ago(contact_form, answers("an old question"), 400),
        "new": submit_days_ago(contact_form, answers("a new question"), 1),
    }


def prune(*args) -> str:
    out = StringIO()
    call_command("inbox_prune", *args, stdout=out)
    return out.getvalue()


def remaining(history) -> set[str]:
    kept = set(Submission.objects.values_list("pk", flat=True))
    return {name for name, submission in history.items() if submission.pk in kept}


def test_by_default_spam_older_than_thirty_days_goes_and_nothing_else(history):
    output = prune()
    assert remaining(history) == {"new_spam", "old", "new"}
    assert "Deleted 1 submissions (1 spam, 0 other)" in output


def test_a_general_age_deletes_everything_older(history, settings):
    inbox = inbox_settings()
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {**inbox, "prune": {"spam_days": 30, "all_days": 365}},
    }
    prune()
    assert remaining(history) == {"new_spam", "new"}


def test_days_overrides_both_ages(history):
    output = prune("--days", "5")
    assert remaining(history) == {"new"}
    assert "(2 spam, 1 other)" in output


def test_a_dry_run_counts_and_deletes_nothing(history):
    output = prune("--dry-run", "--days", "5")
    assert remaining(history) == set(history)
    assert "Would delete 3 submissions (2 spam, 1 other)" in output


def test_zero_days_means_never(history, settings):
    inbox = inbox_settings()
    settings.FRONTDESK = {**settings.FRONTDESK, "inbox": {**inbox, "prune": {"spam_days": 0, "all_days": 0}}}
    assert "Deleted 0 submissions" in prune()
    assert remaining(history) == set(history)


def test_negative_days_are_refused():
    with pytest.raises(CommandError):
        prune("--days", "-1")


def test_an_age_beyond_the_calendar_is_refused_with_the_limit(db):
    with pytest.raises(CommandError, match="36500"):
        prune("--days", "1000000")


def test_a_configured_age_beyond_the_calendar_is_refused_at_start_up(settings):
    from frontdesk.inbox.checks import check_prune_settings

    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {**inbox_settings(), "prune": {"spam_days": 30, "all_days": 10**9}},
    }
    assert [error.id for error in check_prune_settings()] == ["frontdesk.E102"]


def test_the_forms_kept_counts_follow_deletions(history, contact_form):
    prune("--days", "5")
    assert form_counts(contact_form) == {"total": 1, "unread": 1}


def test_deleting_a_submission_needs_inbox_update(history, make_user):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        purge_submission(history["new"], actor=make_user("inbox.view"))
    purge_submission(history["new"], actor=make_user("inbox.update"))
    assert not Submission.objects.filter(pk=history["new"].pk).exists()
    assert form_counts(Form.objects.get())["total"] == 1  # the old question; spam is not counted
