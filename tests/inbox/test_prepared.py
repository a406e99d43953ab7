"""core/prepared.Insert: rows written from SQL made once read back as the ORM's own rows."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from frontdesk.core import sqlite_family
from frontdesk.core.models import LogEntry
from frontdesk.core.prepared import PARENT_ID_STAND_IN, Insert, NotWritten, insert_family
from frontdesk.core.sqlite_family import forget
from frontdesk.inbox.models import Answer, Form, Status, Submission, Tally

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
    return {column: value for column, value in row.items() if column != "id"}


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
    assert len(queries) == 1, [q["sql"][:80] for q in queries.captured_queries]
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
    family = (
        [(answers, "submission_id", answer_rows), (log_lines, "object_id", [log_row])],
        [(tallies, count_row)],
    )
    insert_family(submissions, submissions.bind(**submission_values(contact_form)), family[0], family[1])
    with CaptureQueriesContext(connection) as queries:  # the second family of this shape
        new_id, (count_id,) = insert_family(submissions, row, family[0], beside=family[1])
    # One statement on PostgreSQL (a data-modifying WITH) and SQLite (an INSERT into the view whose
    # trigger writes the rows, core/sqlite_family.py); one per table on MariaDB.
    assert len(queries) == (4 if connection.vendor == "mysql" else 1)
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
    assert len(queries) == 1, [q["sql"][:80] for q in queries.captured_queries]
    assert Submission.objects.get(pk=new_id).language == "en"
    assert stored(new_id) == {**stored(Submission.objects.create(**values).pk), "language": "en"}


@pytest.mark.skipif("connection.vendor == 'postgresql'", reason="PostgreSQL writes it")
def test_a_computed_column_is_refused_where_the_statements_are_run_one_by_one(contact_form):
    submissions = Insert(Submission)
    row = submissions.bind(**submission_values(contact_form))
    with pytest.raises(NotImplementedError):
        insert_family(submissions, row, [], computed=("language", "lower(%s)", ["EN"]))
    assert not Submission.objects.exists()


def test_a_row_beside_names_the_parent_by_the_id_it_is_given_in_the_same_statement(contact_form):
    """A queued mail's arguments name the submission it is written with (core/queue.py)."""
    submissions, log_lines = Insert(Submission), Insert(LogEntry, naming_parent=["detail"])
    detail = {"submission": PARENT_ID_STAND_IN, "link": f"/submissions/{PARENT_ID_STAND_IN}/", "n": 7}
    log_row = log_lines.bind(
        content_type_id=ContentType.objects.get_for_model(Submission).pk,
        object_id=PARENT_ID_STAND_IN,  # not a column that names it: kept as bound
        action="bench",
        detail=detail,
        created_at=MOMENT,
    )
    row = submissions.bind(**submission_values(contact_form))
    insert_family(
        submissions, submissions.bind(**submission_values(contact_form)), [], [(log_lines, list(log_row))]
    )
    with CaptureQueriesContext(connection) as queries:
        new_id, (line_id,) = insert_family(submissions, row, [], beside=[(log_lines, log_row)])
    assert len(queries) == (2 if connection.vendor == "mysql" else 1)
    line = LogEntry.objects.get(pk=line_id)
    assert line.detail == {"submission": new_id, "link": f"/submissions/{new_id}/", "n": 7}
    assert line.object_id == PARENT_ID_STAND_IN
    assert LogEntry.objects.filter(detail__submission=new_id).count() == 1


def test_a_row_beside_whose_insert_names_no_parent_column_is_written_as_bound(contact_form):
    """Only the columns an Insert names are touched, whichever Insert of the table wrote first."""
    submissions = Insert(Submission)
    detail = {"number": PARENT_ID_STAND_IN}
    written = {}
    for naming in (["detail"], []):
        log_lines = Insert(LogEntry, naming_parent=naming)
        log_row = log_lines.bind(
            content_type_id=ContentType.objects.get_for_model(Submission).pk,
            object_id=1,
            action="bench",
            detail=detail,
            created_at=MOMENT,
        )
        new_id, (line_id,) = insert_family(
            submissions, submissions.bind(**submission_values(contact_form)), [], [(log_lines, log_row)]
        )
        written[tuple(naming)] = (new_id, LogEntry.objects.get(pk=line_id).detail)
    assert written[("detail",)][1] == {"number": written[("detail",)][0]}
    assert written[()][1] == {"number": PARENT_ID_STAND_IN}


def a_family(form, **values) -> tuple:
    """A submission with two answers and its count row, bound: insert_family's arguments."""
    submissions, answers, tallies = Insert(Submission), Insert(Answer), Insert(Tally)
    row = submissions.bind(**{**submission_values(form), **values})
    answer_rows = [
        answers.bind(
            submission_id=None,
            name=name,
            label={"de": "Frage", "en": "Question"},
            type="checkbox",
            value=value,
            payload=payload,
            position=position,
        )
        for position, (name, value, payload) in enumerate(
            [("name", "Zoë „Ünïcode“ 🙂", None), ("topics", "a, b", ["a", "b"])]
        )
    ]
    count_row = tallies.bind(form_id=form.pk, status_id=submission_values(form)["status_id"], total=1)
    return submissions, row, [(answers, "submission_id", answer_rows)], [(tallies, count_row)]


def rows_in_tables() -> tuple[int, int, int]:
    return Submission.objects.count(), Answer.objects.count(), Tally.objects.count()


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the condition is SQLite's")
def test_a_family_is_not_written_when_its_condition_finds_a_row_in_the_same_statement(contact_form):
    parent, row, children, beside = a_family(contact_form, answers_hash="a" * 64)
    first_id, _ = insert_family(parent, row, children, beside)
    before = rows_in_tables()
    search = "SELECT id FROM inbox_submission WHERE answers_hash = %s"
    parent, row, children, beside = a_family(contact_form, answers_hash="a" * 64)
    with CaptureQueriesContext(connection) as queries, pytest.raises(NotWritten):
        insert_family(parent, row, children, beside, unless=(search, ["a" * 64]))
    assert len(queries) == 1 and rows_in_tables() == before
    parent, row, children, beside = a_family(contact_form, answers_hash="b" * 64)
    new_id, _ = insert_family(parent, row, children, beside, unless=(search, ["b" * 64]))
    assert new_id > first_id and rows_in_tables() == (before[0] + 1, before[1] + 2, before[2] + 1)
    assert list(
        Answer.objects.filter(submission_id=new_id)
        .order_by("position")
        .values_list("name", "label", "type", "value", "payload")
    ) == [
        ("name", {"de": "Frage", "en": "Question"}, "checkbox", "Zoë „Ünïcode“ 🙂", None),
        ("topics", {"de": "Frage", "en": "Question"}, "checkbox", "a, b", ["a", "b"]),
    ]


@pytest.mark.skipif("connection.vendor == 'sqlite'", reason="SQLite judges it in the statement")
def test_a_condition_is_refused_where_it_is_not_judged_in_the_writing_statement(contact_form):
    parent, row, children, beside = a_family(contact_form)
    with pytest.raises(NotImplementedError):
        insert_family(parent, row, children, beside, unless=("SELECT 1", []))
    assert rows_in_tables() == (0, 0, 0)


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="SQLite's view is the connection's")
@pytest.mark.django_db(transaction=True)
def test_a_family_written_in_a_transaction_that_was_rolled_back_is_written_again_after_it(contact_form):
    forget()  # as a connection that has not written one yet
    with pytest.raises(RuntimeError), transaction.atomic():
        insert_family(*a_family(contact_form))
        raise RuntimeError  # takes the view and its trigger with it
    assert rows_in_tables() == (0, 0, 0)
    new_id, (count_id,) = insert_family(*a_family(contact_form))
    assert Submission.objects.filter(pk=new_id).exists() and Tally.objects.filter(pk=count_id).exists()
    family = a_family(contact_form)
    with CaptureQueriesContext(connection) as queries:  # kept: no second making
        insert_family(*family)
    assert len(queries) == 1


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="the ids are worked out in SQLite's statement")
def test_the_id_of_a_deleted_newest_submission_is_never_given_again(contact_form):
    first_id, (first_count,) = insert_family(*a_family(contact_form))
    Submission.objects.filter(pk=first_id).delete()
    Tally.objects.filter(pk=first_count).delete()
    second_id, (second_count,) = insert_family(*a_family(contact_form))
    assert second_id > first_id and second_count > first_count
    assert Submission.objects.get().pk == second_id


@pytest.mark.skipif("connection.vendor != 'sqlite'", reason="only SQLite rebuilds a table to alter it")
@pytest.mark.django_db(transaction=True)
def test_migrations_run_on_a_connection_that_has_written_a_family(contact_form):
    insert_family(*a_family(contact_form))
    call_command("migrate", "inbox", "0004", verbosity=0)  # rebuilds tables the trigger names
    call_command("migrate", "inbox", verbosity=0)
    form = Form.objects.create(slug="after", title={"en": "After"})
    new_id, _ = insert_family(*a_family(form))
    assert Submission.objects.get(pk=new_id).form == form


def test_shapes_met_by_many_threads_at_once_get_a_number_each(monkeypatch):
    """Two threads meeting two new shapes at once would otherwise share one view's name."""
    monkeypatch.setattr(sqlite_family, "_shapes", {})  # this process's own are left as they are
    shapes = [("a shape of this test", number) for number in range(40)]
    start, numbers = threading.Barrier(len(shapes)), {}

    def number_of(shape) -> None:
        start.wait()
        numbers[shape] = sqlite_family._number(shape)

    threads = [threading.Thread(target=number_of, args=(shape,)) for shape in shapes]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(numbers.values())) == len(shapes)
    assert all(sqlite_family._number(shape) == numbers[shape] for shape in shapes)  # and keeps it
