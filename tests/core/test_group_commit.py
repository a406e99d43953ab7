"""SQLite's writes of many threads committed together (core/group_commit.py)."""

from __future__ import annotations

import threading
import time

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, connection, connections

from frontdesk.core import group_commit
from frontdesk.core.group_commit import write_together
from frontdesk.core.models import LogEntry

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif("connection.vendor != 'sqlite'", reason="only SQLite's writers take turns"),
]


def log_line(content_type_id: int, number: int, ran_by: dict, *, changes: str = "{}", hold=None):
    """A write as callers hand it in: statements on the connection it is given, answering an id."""

    def run(on) -> int:
        ran_by[number] = threading.get_ident()
        if hold is not None:
            hold()
        with on.cursor() as cursor:
            cursor.execute(
                "INSERT INTO core_logentry (content_type_id, object_id, action, changes, detail, created_at)"
                " VALUES (%s, %s, 'test.grouped', %s, '{}', '2026-01-01 00:00:00') RETURNING id",
                [content_type_id, number, changes],
            )
            return cursor.fetchone()[0]

    return run


def test_writes_handed_in_while_another_is_written_are_committed_together_each_with_its_answer():
    content_type_id = ContentType.objects.get_for_model(LogEntry).pk
    writing, go_on = threading.Event(), threading.Event()
    ran_by: dict[int, int] = {}
    answered: dict[int, object] = {}

    def hold() -> None:
        writing.set()
        go_on.wait(timeout=30)

    def hand_in(number: int, **options) -> None:
        try:
            answered[number] = write_together(
                connections["default"], log_line(content_type_id, number, ran_by, **options)
            )
        except Exception as error:  # reported by the test
            answered[number] = error
        finally:
            connections["default"].close()

    first = threading.Thread(target=hand_in, args=(0,), kwargs={"hold": hold})
    first.start()
    assert writing.wait(timeout=30)
    # While the first is written, four more are handed in; the third breaks a CHECK constraint.
    others = [
        threading.Thread(target=hand_in, args=(n,), kwargs={"changes": "not json"} if n == 3 else {})
        for n in range(1, 5)
    ]
    for thread in others:
        thread.start()
    deadline = time.monotonic() + 30
    while len(group_commit._waiting["default"]) < 4 and time.monotonic() < deadline:
        time.sleep(0.01)
    go_on.set()
    for thread in [first, *others]:
        thread.join(timeout=30)

    assert isinstance(answered[3], IntegrityError)
    assert len({ran_by[n] for n in range(1, 5)}) == 1, "the four were written by one thread"
    stored = dict(LogEntry.objects.filter(action="test.grouped").values_list("object_id", "pk"))
    assert stored == {n: answered[n] for n in (0, 1, 2, 4)}  # each answered its own row's id


def test_a_write_alone_commits_by_itself_in_the_thread_that_hands_it_in(django_assert_num_queries):
    content_type_id = ContentType.objects.get_for_model(LogEntry).pk
    ran_by: dict[int, int] = {}
    with django_assert_num_queries(1):  # the INSERT: no BEGIN, no savepoint
        row_id = write_together(connection, log_line(content_type_id, 7, ran_by))
    assert ran_by[7] == threading.get_ident()
    assert LogEntry.objects.get(pk=row_id).object_id == 7
