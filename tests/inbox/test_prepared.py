"""core/prepared.Insert: rows written from SQL made once read back as the ORM's own rows."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.core.models import LogEntry
from frontdesk.core.prepared import Insert, insert_family
from frontdesk.inbox.models import Answer, Status, Submission, Tally

pytestmark = pytest.mark.django_db

MOMENT = datetime(2026, 5, 4, 3, 2, 1, 123456, tzinfo=UTC)


def submission_values(form) -> dict:
    return {
        "form_id": form.pk,
        "status_id": Status.objects.filter(is_arrival=True).first().pk,
        "source": "public",
        "metadata": {"page": "/kontakt/", "nested": [1, "zwei", None, True]},
        "language": "de",
        "notify_error": "",
        "is_unread": True,
        "answers_hash": "f" * 64,
        "search_text": "Grüße aus KÖLN, Straße 7",  # a field of our own: folded when written
        "created_at": MOMENT,
        "updated_at": MOMENT,
    }


def stored(submission_id: int) -> dict:
    """Every column of the row but its id, as the ORM reads it back."""
    row = Submission.objects.filter(pk=submission_id).values().get()
    del row["id"]
    return row


def test_a_row_inserted_from_bound_values_reads_back_as_the_orm_writes_it(contact_form):
    by_orm = Submission.objects.create(**submission_values(contact_form))
    by_insert = Insert(Submission).one(**submission_values(contact_form))
    assert by_insert != by_orm.pk
    assert stored(by_insert) == stored(by_orm.pk)
    assert stored(by_insert)["search_text"] == " grüsse aus köln strasse 7"


def test_an_id_known_only_later_is_put_into_bound_rows_written_in_one_statement(contact_form):
    submission = Submission.objects.create(**submission_values(contact_form))
    answers = Insert(Answer)
    rows = [
        answers.bind(
            submission_id=None, name=name, label={"en": name}, type="text", value=value, position=position
        )
        for position, (name, value) in enumerate([("name", "Ada"), ("message", "Hello")])
    ]
    for row in rows:
        answers.put(row, "submission_id", submission.pk)
    with CaptureQueriesContext(connection) as queries:
        answers.run_many(rows)
    assert len(queries) == 1
    assert list(submission.answers.order_by("position").values_list("name", "label", "value", "payload")) == [
        ("name", {"en": "name"}, "Ada", None),
        ("message", {"en": "message"}, "Hello", None),
    ]


def test_a_value_for_no_column_is_refused_before_anything_is_written(contact_form):
    with pytest.raises(TypeError, match="no column for \\['colour'\\]"):
        Insert(Submission).bind(**submission_values(contact_form), colour="blue")
    assert not Submission.objects.exists()


def test_a_submission_its_answers_its_log_line_and_its_count_go_in_together(contact_form):
    answers, log_lines = Insert(Answer), Insert(LogEntry)
    answer_rows = [
        answers.bind(
            submission_id=None, name=f"q{n}", label={"en": "Q"}, type="text", value=f"v{n}", position=n
        )
        for n in range(3)
    ]
    submission_type = ContentType.objects.get_for_model(Submission).pk
    log_row = log_lines.bind(
        content_type_id=submission_type, object_id=None, action="submission.created", created_at=MOMENT
    )
    submissions = Insert(Submission)
    row = submissions.bind(**submission_values(contact_form))
    tallies = Insert(Tally)
    count_row = tallies.bind(
        form_id=contact_form.pk, status_id=submission_values(contact_form)["status_id"], total=1
    )
    with CaptureQueriesContext(connection) as queries:
        new_id, (count_id,) = insert_family(
            submissions,
            row,
            [(answers, "submission_id", answer_rows), (log_lines, "object_id", [log_row])],
            beside=[(tallies, count_row)],
        )
    # One round trip on PostgreSQL (a data-modifying WITH); one statement per table elsewhere.
    assert len(queries) == (1 if connection.vendor == "postgresql" else 4)
    assert Tally.objects.get(pk=count_id).total == 1
    submission = Submission.objects.get(pk=new_id)
    assert stored(new_id) == stored(Submission.objects.create(**submission_values(contact_form)).pk)
    assert list(submission.answers.order_by("position").values_list("value", flat=True)) == ["v0", "v1", "v2"]
    assert list(LogEntry.objects.filter(submission=submission).values_list("action", flat=True)) == [
        "submission.created"
    ]
    assert all(
        row[answers._positions["submission_id"]] == new_id for row in answer_rows
    )  # put in for the caller


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="a computed column is PostgreSQL's")
def test_a_computed_column_stores_its_expressions_value_in_the_one_statement(contact_form):
    submissions = Insert(Submission)
    values = submission_values(contact_form)
    row = submissions.bind(**{**values, "language": "xx"})
    with CaptureQueriesContext(connection) as queries:
        new_id, _ = insert_family(submissions, row, [], computed=("language", "lower(%s || %s)", ["E", "N"]))
    assert len(queries) == 1
    assert Submission.objects.get(pk=new_id).language == "en"
    assert stored(new_id) == {**stored(Submission.objects.create(**values).pk), "language": "en"}


@pytest.mark.skipif("connection.vendor == 'postgresql'", reason="PostgreSQL writes it")
def test_a_computed_column_is_refused_where_the_statements_are_run_one_by_one(contact_form):
    submissions = Insert(Submission)
    row = submissions.bind(**submission_values(contact_form))
    with pytest.raises(NotImplementedError):
        insert_family(submissions, row, [], computed=("language", "lower(%s)", ["EN"]))
    assert not Submission.objects.exists()


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="ids are taken before on PostgreSQL")
def test_an_id_taken_before_is_the_one_a_keyed_insert_writes(contact_form):
    keyed = Insert(Submission, keyed=True)
    first, second = keyed.reserve_id(), keyed.reserve_id()
    assert second > first
    new_id, _ = insert_family(keyed, keyed.bind(id=second, **submission_values(contact_form)), [])
    assert new_id == second and stored(second) == stored(
        Submission.objects.create(**submission_values(contact_form)).pk
    )


@pytest.mark.skipif("connection.vendor == 'postgresql'", reason="PostgreSQL takes it")
def test_an_id_is_not_taken_before_where_there_is_no_sequence(contact_form):
    with pytest.raises(NotImplementedError):
        Insert(Submission, keyed=True).reserve_id()
