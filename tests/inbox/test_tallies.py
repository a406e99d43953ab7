"""Kept counts as rows of changes: readers sum them, `fold` keeps the rows few (docs/architecture.md)."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from frontdesk.inbox.models import Status, Submission, Tally
from frontdesk.inbox.operations import accept_submission, tallies
from frontdesk.inbox.queries import form_counts, tabs

pytestmark = pytest.mark.django_db


def test_the_rows_of_a_form_and_status_are_folded_into_one_every_few_changes(
    contact_form, good_answers, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(tallies, "FOLD_EVERY", 4)
    for number in range(30):
        with django_capture_on_commit_callbacks(execute=True):  # a fold runs once a post is stored
            accept_submission(contact_form, {**good_answers, "message": f"Question number {number}"})
    arrival = Status.objects.get(is_arrival=True)
    assert Tally.objects.filter(form=contact_form, status=arrival).count() <= 4
    assert form_counts(contact_form) == {"total": 30, "unread": 30}


def test_a_fold_keeps_the_sums_of_changes_that_go_both_ways(contact_form):
    arrival, other = Status.objects.filter(is_spam=False).order_by("position")[:2]
    for total, unread in [(1, 1), (1, 1), (1, 0), (-1, -1), (1, 1)]:
        tallies.shift(contact_form.pk, arrival.pk, total=total, unread=unread)
    tallies.fold(contact_form.pk, arrival.pk)
    assert list(Tally.objects.filter(status=arrival).values_list("total", "unread")) == [(3, 2)]
    counts = {tab.key: (tab.count, tab.unread) for tab in tabs(contact_form)}
    assert counts[str(arrival.pk)] == (3, 2) and counts[str(other.pk)] == (0, 0)


@pytest.mark.django_db(transaction=True)
def test_a_fold_that_fails_leaves_the_post_stored_and_the_counts_right(
    contact_form, good_answers, monkeypatch, caplog
):
    """MariaDB could pick a fold's locked read as a deadlock's victim: the post must not go with it."""

    def deadlocked(form_id, status_id):
        raise OperationalError(1213, "Deadlock found when trying to get lock; try restarting transaction")

    monkeypatch.setattr(tallies, "FOLD_EVERY", 1)
    monkeypatch.setattr(tallies, "fold", deadlocked)
    submission, created = accept_submission(contact_form, good_answers)
    assert created and Submission.objects.filter(pk=submission.pk).exists()
    assert form_counts(contact_form) == {"total": 1, "unread": 1}
    assert "were not folded" in caplog.text
