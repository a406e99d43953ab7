"""The explorer's reads: filters from addresses, tabs and kept counts, pages, prev/next, search."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.test import override_settings
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontdesk.inbox import queries
from frontdesk.inbox.models import Status, Submission, Tally
from frontdesk.inbox.operations import (
    accept_submission,
    mark_read,
    purge_submission,
    update_submission,
    update_submissions,
)
from frontdesk.inbox.operations.tallies import recount
from frontdesk.inbox.queries import SubmissionFilter, parse_filter

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk(make_user):
    return make_user("inbox.view", "inbox.update")


@pytest.fixture
def spam():
    return Status.objects.get(is_spam=True)


def submit(form, answers, message: str, *, days_ago: int = 0) -> Submission:
    with time_machine.travel(timezone.now() - timedelta(days=days_ago)):
        return accept_submission(form, {**answers, "message": message})[0]


@pytest.fixture
def five(contact_form, good_answers, clerk, spam):
    """Five submissions, newest first: one spam, one read, one assigned to the clerk."""
    rows = [submit(contact_form, good_answers, f"Question number {n}", days_ago=n) for n in range(5)]
    update_submission(rows[4], actor=clerk, values={"status": spam})
    mark_read(rows[1], actor=clerk)
    update_submission(rows[2], actor=clerk, values={"assignee": clerk})
    return rows


def ids(page: queries.SubmissionPage) -> list[int]:
    return [row.pk for row in page.rows]


# --- filters from strings -----------------------------------------------------------------------


def test_an_empty_address_is_the_all_tab():
    assert parse_filter({}) == SubmissionFilter()
    assert parse_filter({"tab": "", "q": "  ", "page": "3"}) == SubmissionFilter()


def test_filters_round_trip_through_the_address():
    flt = parse_filter(
        {"tab": "7", "q": " call  me ", "assignee": "none", "since": "2026-01-01", "until": "2026-02-01"}
    )
    assert flt.q == "call me"
    assert parse_filter(flt.as_params()) == flt


@pytest.mark.parametrize(
    ("params", "key"),
    [
        ({"tab": "spam; drop table"}, "tab"),
        ({"tab": "-3"}, "tab"),
        ({"status": "x"}, "status"),
        ({"assignee": "0"}, "assignee"),
        ({"since": "yesterday"}, "since"),
        ({"until": "2026-13-40"}, "until"),
        ({"since": "2026-03-02", "until": "2026-03-01"}, "until"),
        ({"q": "x" * 201}, "q"),
    ],
)
def test_a_bad_filter_is_refused_under_its_own_key(params, key):
    with pytest.raises(ValidationError) as caught:
        parse_filter(params)
    assert list(caught.value.message_dict) == [key]


@pytest.mark.parametrize("key", ["since", "until"])
@pytest.mark.parametrize("day", ["9999-12-31", "0001-01-01", "1899-12-31", "3000-01-01", date.max, date.min])
def test_a_day_outside_the_years_a_list_can_span_is_refused_with_the_range(key, day):
    with pytest.raises(ValidationError) as caught:
        parse_filter({key: day})
    assert caught.value.message_dict == {key: ["Enter a date from 1900-01-01 to 2999-12-31."]}


@pytest.mark.parametrize("text", ["2026-W01-1", "20260101", "2026-01-01T00:00", "9999-12-31T23:59:59"])
def test_a_date_filter_takes_only_the_yyyy_mm_dd_it_asks_for(text):
    with pytest.raises(ValidationError) as caught:
        parse_filter({"since": text})
    assert caught.value.message_dict == {"since": ["Enter a date as YYYY-MM-DD."]}


def test_the_first_and_last_day_of_the_range_are_taken(contact_form, five):
    flt = parse_filter({"since": "1900-01-01", "until": "2999-12-31"})
    assert ids(queries.submission_page(contact_form, flt)) == [row.pk for row in five[:4]]


DAYS = st.one_of(
    st.dates(),
    st.sampled_from([date.min, date.max, date(1900, 1, 1), date(2999, 12, 31), date(9999, 12, 30)]),
)
# Zones whose offset reaches far from UTC, both ways, at the ends of the calendar too.
ZONES = st.sampled_from(["UTC", "Europe/Berlin", "Asia/Tokyo", "Pacific/Kiritimati", "Etc/GMT+12"])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(["since", "until"]), day=DAYS, zone=ZONES)
def test_any_day_in_a_date_filter_is_refused_under_its_key_or_lists(contact_form, five, key, day, zone):
    with override_settings(TIME_ZONE=zone):
        try:
            flt = parse_filter({key: day.isoformat()})
        except ValidationError as error:
            assert list(error.message_dict) == [key]
            return
        page = queries.submission_page(contact_form, flt)  # no overflow in this zone, on this database
        assert page.total <= 4
        assert queries.neighbours(five[0], flt) is not None


# --- tabs and counts ----------------------------------------------------------------------------


def test_all_leaves_out_spam_which_has_its_own_tab(contact_form, five, spam):
    tabs = {tab.key: tab for tab in queries.tabs(contact_form)}
    assert (tabs["all"].count, tabs["unread"].count, tabs[str(spam.pk)].count) == (4, 3, 1)
    assert ids(queries.submission_page(contact_form, SubmissionFilter())) == [row.pk for row in five[:4]]
    spam_tab = queries.submission_page(contact_form, SubmissionFilter(tab=str(spam.pk)))
    assert ids(spam_tab) == [five[4].pk]


def test_the_tabs_follow_status_order_after_all_and_unread(contact_form, five):
    keys = [tab.key for tab in queries.tabs(contact_form)]
    assert keys[:2] == ["all", "unread"]
    assert keys[2:] == [
        str(pk) for pk in Status.objects.order_by("position", "id").values_list("pk", flat=True)
    ]


def test_the_forms_column_counts_come_from_the_tallies(contact_form, five, django_assert_num_queries):
    with django_assert_num_queries(1):
        column = queries.forms_column()
    assert [(form.slug, form.total, form.unread) for form in column] == [("contact", 4, 3)]


def test_unread_tab_lists_unread_submissions_without_spam(contact_form, five):
    page = queries.submission_page(contact_form, SubmissionFilter(tab="unread"))
    assert ids(page) == [five[0].pk, five[2].pk, five[3].pk]
    assert (page.total, page.total_is_capped) == (3, False)


def test_search_needs_every_word_and_ignores_case(contact_form, five):
    page = queries.submission_page(contact_form, parse_filter({"q": "NUMBER 3"}))
    assert ids(page) == [five[3].pk]
    assert page.total == 1


def test_assignee_filter_finds_the_assigned_and_the_unassigned(contact_form, five, clerk):
    assert ids(queries.submission_page(contact_form, parse_filter({"assignee": str(clerk.pk)}))) == [
        five[2].pk
    ]
    unassigned = queries.submission_page(contact_form, parse_filter({"assignee": "none"}))
    assert five[2].pk not in ids(unassigned) and len(ids(unassigned)) == 3


def test_date_range_includes_both_days(contact_form, five):
    today = timezone.localdate()
    flt = parse_filter({"since": str(today - timedelta(days=3)), "until": str(today - timedelta(days=1))})
    assert ids(queries.submission_page(contact_form, flt)) == [five[1].pk, five[2].pk, five[3].pk]


def test_a_narrowed_count_stops_at_the_cap(contact_form, five, monkeypatch):
    monkeypatch.setattr(queries.lists, "COUNT_CAP", 2)
    page = queries.submission_page(contact_form, parse_filter({"q": "question"}), per_page=1)
    assert (page.total, page.total_is_capped, page.last_page) == (2, True, 2)


# --- pages, columns, neighbours -----------------------------------------------------------------


def test_pages_cut_the_newest_first_list_and_carry_the_in_table_cells(contact_form, five):
    second = queries.submission_page(contact_form, SubmissionFilter(), page=2, per_page=3)
    assert ids(second) == [five[3].pk]
    assert (second.current_page, second.last_page, second.total) == (2, 2, 4)
    assert [column.name for column in second.columns] == ["name"]
    assert second.rows[0].cells == {"name": "Ada Lovelace"}


def test_a_page_past_the_end_is_empty_not_an_error(contact_form, five):
    assert ids(queries.submission_page(contact_form, SubmissionFilter(), page=999)) == []


def test_previous_and_next_walk_the_same_filtered_list(contact_form, five):
    unread = SubmissionFilter(tab="unread")
    assert queries.neighbours(five[2], unread) == (five[0].pk, five[3].pk)
    assert queries.neighbours(five[0], unread) == (None, five[2].pk)
    assert queries.neighbours(five[3], unread) == (five[2].pk, None)


def test_neighbours_with_the_same_moment_are_ordered_by_id(contact_form, good_answers):
    with time_machine.travel(timezone.now(), tick=False):
        first, second, third = (
            accept_submission(contact_form, {**good_answers, "message": f"Same {n}"})[0] for n in range(3)
        )
    assert queries.neighbours(second, SubmissionFilter()) == (third.pk, first.pk)


def test_the_list_page_runs_the_same_queries_for_10_or_100_submissions(
    contact_form, good_answers, django_assert_num_queries
):
    def queries_for_page() -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as captured:
            queries.submission_page(contact_form, SubmissionFilter())
            queries.submission_page(contact_form, parse_filter({"q": "x", "tab": "unread"}))
        return len(captured)

    for n in range(10):
        submit(contact_form, good_answers, f"Question {n}")
    small = queries_for_page()
    for n in range(90):
        submit(contact_form, good_answers, f"More {n}")
    assert queries_for_page() == small


# --- tallies stay true ---------------------------------------------------------------------------


def tally_snapshot() -> set[tuple[int, int, int, int]]:
    """(form, status, total, unread) per pair: the sums of its rows of changes, as readers see them."""
    sums = (
        Tally.objects.values("form_id", "status_id")
        .annotate(kept_total=Sum("total"), kept_unread=Sum("unread"))
        .values_list("form_id", "status_id", "kept_total", "kept_unread")
    )
    return {row for row in sums if row[2] or row[3]}


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["submit", "status", "read", "unread", "delete", "mass"]), st.integers(0, 30)),
    max_size=12,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS)
def test_kept_counts_always_equal_a_fresh_count(contact_form, good_answers, clerk, actions):
    Submission.objects.all().delete()
    Tally.objects.all().delete()
    statuses = list(Status.objects.all())
    for action, number in actions:
        existing = list(Submission.objects.order_by("pk"))
        target = existing[number % len(existing)] if existing else None
        if action == "submit" or target is None:
            accept_submission(contact_form, {**good_answers, "message": f"Question {number} {len(existing)}"})
        elif action == "status":
            update_submission(target, actor=clerk, values={"status": statuses[number % len(statuses)]})
        elif action in ("read", "unread"):
            mark_read(target, actor=clerk, read=action == "read")
        elif action == "delete":
            purge_submission(target, actor=clerk)
        else:
            update_submissions(
                contact_form,
                actor=clerk,
                values={
                    "ids": [row.pk for row in existing[: number % 3 + 1]],
                    "status": statuses[number % len(statuses)],
                },
            )
    kept = tally_snapshot()
    recount()
    assert kept == tally_snapshot()


def test_recount_rebuilds_counts_written_around_the_operations(contact_form, five):
    Submission.objects.filter(pk=five[0].pk).update(is_unread=False)  # as a bulk load would
    recount(contact_form)
    assert queries.form_counts(contact_form) == {"total": 4, "unread": 2}


def test_filter_since_is_a_date_not_a_moment():
    assert parse_filter({"since": "2026-05-01"}).since == date(2026, 5, 1)
