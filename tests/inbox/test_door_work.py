"""How much work the public door does for one post, and who waits for whom (docs/architecture.md,
"The public door"): a fixed number of statements whatever the number of fields, no query about
recipients when nobody is mailed, and a guard that holds back only posts with the same answers."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
import time_machine
from django.core.cache import cache
from django.db import close_old_connections, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.models import Field, Form, Submission
from frontdesk.inbox.operations import (
    accept_submission,
    bin_field,
    create_form,
    reorder_fields,
    tallies,
    update_field,
    update_form,
)
from frontdesk.inbox.queries import form_counts

pytestmark = pytest.mark.django_db(transaction=True)

# Statements of one accepted post, by database, the same whatever the number of fields: the form's
# and its fields' rows (one read, compared with the worker's copy: inbox/queries/intake.py), then
# one transaction: BEGIN, the search for an identical submission, the submission, its answers in
# one INSERT, its log line, the count's row and COMMIT. The lock on "form + digest" is
# PostgreSQL's advisory lock inside the transaction and MariaDB's GET_LOCK and RELEASE_LOCK
# around it, while SQLite's BEGIN IMMEDIATE holds its one write lock from the start.
EXPECTED = {"sqlite": 8, "postgresql": 9, "mysql": 10}


def fields(count: int) -> list[dict]:
    return [
        {"machine_name": f"q{number}", "type": "text", "label": {"en": f"Field {number}"}, "required": True}
        for number in range(count)
    ]


def make_form(slug: str, field_count: int, **options):
    return create_form(
        actor=None, values={"slug": slug, "title": {"en": slug}, **options}, fields=fields(field_count)
    )


def door_post(client, slug: str, answers: dict):
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):
        minted = issue_timestamp(slug)
    data = {"site_form": slug, "site_ts": minted, **{f"fields[{k}]": v for k, v in answers.items()}}
    return client.post(
        f"/site/forms/{slug}", data, HTTP_ORIGIN="http://testserver", HTTP_ACCEPT="application/json"
    )


@pytest.fixture(autouse=True)
def no_fold(monkeypatch):
    """A fold (every FOLD_EVERY rows of counts) would add its statements to whichever post hit it."""
    monkeypatch.setattr(tallies, "FOLD_EVERY", 10**12)
    cache.clear()
    yield
    cache.clear()


def statements_of_an_accepted_post(client, slug: str, field_count: int) -> list[str]:
    door_post(client, slug, {f"q{n}": "warm-up" for n in range(field_count)})  # caches, sessions, ...
    with CaptureQueriesContext(connection) as captured:
        response = door_post(client, slug, {f"q{n}": f"answer {n}" for n in range(field_count)})
    assert response.status_code == 200, response.content
    return [query["sql"] for query in captured.captured_queries]


def test_an_accepted_post_takes_the_same_few_statements_with_3_or_30_fields(client):
    make_form("three", 3)
    make_form("thirty", 30)
    three = statements_of_an_accepted_post(client, "three", 3)
    thirty = statements_of_an_accepted_post(client, "thirty", 30)
    assert len(three) == len(thirty) == EXPECTED[connection.vendor], "\n".join(three)
    assert Submission.objects.count() == 4


def test_no_statement_asks_about_recipients_or_accounts_when_nobody_is_mailed(client):
    make_form("quiet", 3)
    statements = statements_of_an_accepted_post(client, "quiet", 3)
    assert not [sql for sql in statements if "auth_user" in sql or "core_account" in sql.lower()]


def test_a_form_with_recipients_queues_its_mail_in_the_same_transaction(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    from django_tasks_db.models import DBTaskResult

    make_form("mailed", 3, options={"recipients": {"addresses": ["a@example.org", "b@example.org"]}})
    door_post(client, "mailed", {"q0": "first", "q1": "y", "q2": "z"})  # caches, sessions, ...
    with CaptureQueriesContext(connection) as captured:
        response = door_post(client, "mailed", {"q0": "x", "q1": "y", "q2": "z"})
    assert response.status_code == 200
    statements = [query["sql"] for query in captured.captured_queries]
    task_inserts = [n for n, sql in enumerate(statements) if "INSERT" in sql and "django_tasks" in sql]
    log_insert = next(n for n, sql in enumerate(statements) if "INSERT" in sql and "core_logentry" in sql)
    commit = next(
        (n for n, sql in enumerate(statements) if sql.upper().startswith("COMMIT") or "RELEASE_LOCK" in sql),
        len(statements),
    )
    # Written beside the submission, before its commit: a crash cannot keep one without the other.
    assert len(task_inserts) == 1 and log_insert <= task_inserts[0] < commit
    # One task mails both, each in their own language, and names its submission everywhere.
    assert DBTaskResult.objects.count() == Submission.objects.filter(form__slug="mailed").count() == 2
    for submission in Submission.objects.filter(form__slug="mailed"):
        task = DBTaskResult.objects.get(args_kwargs__kwargs__failure_key=submission.pk)
        context = task.args_kwargs["kwargs"]["context"]
        assert context["submission_id"] == submission.pk
        assert context["panel_url"].endswith(f"/submissions/{submission.pk}/")


def test_a_repeated_post_to_a_form_with_recipients_queues_no_second_mail(client, settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
    from django_tasks_db.models import DBTaskResult

    make_form("mailed-twice", 2, options={"recipients": {"addresses": ["a@example.org"]}})
    for _ in range(2):
        assert door_post(client, "mailed-twice", {"q0": "same", "q1": "same"}).status_code == 200
    submission = Submission.objects.get(form__slug="mailed-twice")
    task = DBTaskResult.objects.get()
    assert task.args_kwargs["kwargs"]["failure_key"] == submission.pk
    assert submission.updated_at > submission.created_at  # seen again


def test_with_a_queue_outside_the_database_the_mail_goes_once_the_submission_is_stored(client, mailoutbox):
    # The default queue in tests runs a task at once: it may only do so after the commit.
    make_form("mailed-now", 2, options={"recipients": {"addresses": ["a@example.org", "b@example.org"]}})
    assert door_post(client, "mailed-now", {"q0": "x", "q1": "y"}).status_code == 200
    submission = Submission.objects.get(form__slug="mailed-now")
    assert sorted(message.to[0] for message in mailoutbox) == ["a@example.org", "b@example.org"]
    assert all(f"/submissions/{submission.pk}/" in message.body for message in mailoutbox)


def moved_by_another_worker(form, **changes) -> None:
    """What another process's save leaves here: the rows changed and the version moved, no signal."""
    Form.objects.filter(pk=form.pk).update(updated_at=timezone.now() + timedelta(seconds=1), **changes)


def test_an_edit_saved_by_another_worker_is_seen_by_the_next_post(client):
    form = make_form("outdated", 2)
    Field.objects.filter(form=form, machine_name="q1").update(required=False)
    moved_by_another_worker(form)
    assert door_post(client, "outdated", {"q0": "one"}).status_code == 200  # the copy is kept now
    Field.objects.filter(form=form, machine_name="q1").update(required=True)
    moved_by_another_worker(form)
    refused = door_post(client, "outdated", {"q0": "two"})  # the kept copy would take it
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["fields.q1"]
    assert Submission.objects.filter(form=form).count() == 1
    assert door_post(client, "outdated", {"q0": "three", "q1": "x"}).status_code == 200


def test_a_form_switched_off_by_another_worker_takes_no_post_from_a_kept_copy(client):
    form = make_form("switched", 1)
    assert door_post(client, "switched", {"q0": "one"}).status_code == 200
    moved_by_another_worker(form, is_switched_off=True)
    assert door_post(client, "switched", {"q0": "two"}).status_code == 404
    assert Submission.objects.filter(form=form).count() == 1


def test_a_bulk_update_of_a_fields_rules_is_seen_by_the_next_post(client):
    """An update that moves no `updated_at` and sends no signal (a data fix, a script)."""
    form = make_form("shared", 2)
    Field.objects.filter(form=form).update(required=False)
    assert door_post(client, "shared", {"q0": "only one"}).status_code == 200
    Field.objects.filter(form=form).update(required=True)
    refused = door_post(client, "shared", {"q0": "only one, again"})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["fields.q1"]
    assert Submission.objects.filter(form=form).count() == 1


def test_the_form_is_asked_for_afresh_by_every_post_in_one_query(client):
    form = make_form("fresh", 3)
    statements = statements_of_an_accepted_post(client, "fresh", 3)
    reads = [
        sql
        for sql in statements
        if sql.startswith("SELECT") and ("inbox_form" in sql or "inbox_field" in sql)
    ]
    assert len(reads) == 1, reads
    update_form(form, actor=None, values={"slug": "fresh", "title": {"en": "Edited"}}, fields=fields(4))
    refused = door_post(client, "fresh", {"q0": "a", "q1": "b", "q2": "c"})  # the new fourth is required
    assert refused.status_code == 422 and "fields.q3" in refused.json()["errors"]


def hold_open(answers: dict, form, opened: threading.Event, release: threading.Event, out: list) -> None:
    """accept_submission inside a transaction kept open until `release`: as a slow post would."""
    try:
        with transaction.atomic():
            out.append(accept_submission(form, answers))
            opened.set()
            release.wait(timeout=30)
    except BaseException as error:  # reported by the test
        out.append(error)
        opened.set()
    finally:
        close_old_connections()


def post_in_a_thread(answers: dict, form, out: list) -> threading.Thread:
    def run() -> None:
        try:
            out.append(accept_submission(form, answers))
        except BaseException as error:  # reported by the test
            out.append(error)
        finally:
            close_old_connections()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


@pytest.mark.skipif("connection.vendor == 'sqlite'", reason="SQLite runs one writer at a time by design")
def test_two_different_posts_to_one_form_do_not_wait_for_each_other():
    form = make_form("busy", 2)
    opened, release, first, second = threading.Event(), threading.Event(), [], []
    holder = threading.Thread(target=hold_open, args=({"q0": "one", "q1": "x"}, form, opened, release, first))
    holder.start()
    try:
        assert opened.wait(timeout=30) and not isinstance(first[0], BaseException)
        other = post_in_a_thread({"q0": "two", "q1": "x"}, form, second)
        other.join(timeout=10)
        finished_while_first_was_open = not other.is_alive()
    finally:
        release.set()
        holder.join(timeout=30)
    assert finished_while_first_was_open, "the second post waited for the first one's transaction"
    assert second[0][1] is True
    assert Submission.objects.filter(form=form).count() == 2
    assert form_counts(form)["total"] == 2


@pytest.mark.skipif("connection.vendor != 'postgresql'", reason="its lock lasts to the outermost commit")
def test_an_identical_post_waits_for_the_first_and_then_joins_it():
    form = make_form("twice", 2)
    answers = {"q0": "same", "q1": "same"}
    opened, release, first, second = threading.Event(), threading.Event(), [], []
    holder = threading.Thread(target=hold_open, args=(answers, form, opened, release, first))
    holder.start()
    try:
        assert opened.wait(timeout=30)
        other = post_in_a_thread(answers, form, second)
        other.join(timeout=2)
        waited = other.is_alive()
    finally:
        release.set()
        holder.join(timeout=30)
    other.join(timeout=30)
    assert waited, "an identical post went ahead while the first was still open"
    assert second[0][1] is False and second[0][0].pk == first[0][0].pk
    assert Submission.objects.filter(form=form).count() == 1


def test_every_change_of_a_form_or_its_fields_moves_its_updated_at():
    form = make_form("versioned", 3)

    def updated_at():
        return Form.objects.get(pk=form.pk).updated_at

    seen = [updated_at()]
    field = Field.objects.get(form=form, machine_name="q2")
    changes = [
        lambda: update_field(field, actor=None, values={"required": False}),
        lambda: reorder_fields(form, actor=None, ids=[f.pk for f in reversed(form.intake_fields())]),
        lambda: bin_field(field, actor=None),
        lambda: update_form(form, actor=None, values={"title": {"en": "Renamed"}}),
    ]
    for change in changes:
        with time_machine.travel(timezone.now() + timedelta(seconds=len(seen))):
            change()
        seen.append(updated_at())
    assert len(set(seen)) == len(seen)
