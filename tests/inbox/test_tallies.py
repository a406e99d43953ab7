"""Kept counts as rows of changes: readers sum them, `fold` keeps the rows few (docs/architecture.md)."""

from __future__ import annotations

import pytest

from frontdesk.inbox.models import Status, Tally
from frontdesk.inbox.operations import accept_submission, tallies
from frontdesk.inbox.queries import form_counts, tabs

pytestmark = pytest.mark.django_db


def test_the_rows_of_a_form_and_status_are_folded_into_one_every_few_changes(
    contact_form, good_answers, monkeypatch
):
    monkeypatch.setattr(tallies, "FOLD_EVERY", 4)
    for number in range(30):
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
