"""core/inserts.RowInsert: rows written with an INSERT written once per process read back exactly
as `save()` writes them, on every database, one row or many, with or without RETURNING."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from frontdesk.core.inserts import RowInsert
from frontdesk.core.models import LogEntry

pytestmark = pytest.mark.django_db

LINES = RowInsert(LogEntry)
MOMENT = timezone.now().replace(microsecond=123456) - timedelta(days=2)


def a_line(number: int, **values) -> LogEntry:
    return LogEntry(
        content_type=ContentType.objects.get_for_model(LogEntry),
        object_id=number,
        action=f"line.{number}",
        changes={"price": [Decimal("1.50"), Decimal("2.00")], "when": [None, MOMENT]},
        detail={"words": "Grüße, ünïcödé ✓", "list": [1, 2]},
        **values,
    )


def stored(line: LogEntry) -> dict:
    row = LogEntry.objects.get(pk=line.pk)
    return {field.attname: getattr(row, field.attname) for field in LogEntry._meta.concrete_fields}


def test_a_row_reads_back_as_save_writes_it():
    by_save, by_insert = a_line(1, created_at=MOMENT), a_line(1, created_at=MOMENT)
    by_save.save()
    LINES.run([LINES.bind(by_insert)])
    assert by_insert.pk is not None and by_insert.pk != by_save.pk
    saved, inserted = stored(by_save), stored(by_insert)
    assert inserted.pop("id") == by_insert.pk
    saved.pop("id")
    assert inserted == saved
    assert inserted["created_at"] == MOMENT  # the same moment, not one shifted by a zone
    assert inserted["changes"]["price"] == ["1.50", "2.00"]  # through the field's own encoder
    assert inserted["detail"] == {"words": "Grüße, ünïcödé ✓", "list": [1, 2]}


def test_several_rows_are_one_statement_and_each_gets_its_own_id():
    rows = [a_line(number) for number in range(5)]
    bound = [LINES.bind(row) for row in rows]
    with CaptureQueriesContext(connection) as captured:
        LINES.run(bound)
    inserts = [query for query in captured.captured_queries if query["sql"].startswith("INSERT")]
    assert len(inserts) == 1
    assert [LogEntry.objects.get(pk=row.pk).object_id for row in rows] == list(range(5))
    assert all(not row._state.adding for row in rows)


def test_a_value_known_only_later_is_bound_again():
    line = a_line(0)
    bound = LINES.bind(line)
    line.object_id = 4242
    LINES.rebind(bound, "object_id")
    LINES.run([bound])
    assert LogEntry.objects.get(pk=line.pk).object_id == 4242


def test_a_default_is_filled_in_as_save_fills_it():
    line = LogEntry(content_type=ContentType.objects.get_for_model(LogEntry), object_id=7, action="bare")
    LINES.run([LINES.bind(line)])
    row = LogEntry.objects.get(pk=line.pk)
    assert row.changes == {} and row.detail == {} and row.created_at is not None


def test_without_returning_each_row_is_its_own_statement_and_still_gets_its_id(monkeypatch):
    """MySQL and MariaDB before 10.5 answer no ids for an INSERT of several rows; PostgreSQL
    always does (and has no last-row id to fall back on)."""
    if connection.vendor == "postgresql":
        pytest.skip("PostgreSQL always answers the new ids")
    monkeypatch.setattr(type(connection.features), "can_return_rows_from_bulk_insert", False)
    rows = [a_line(number) for number in range(3)]
    with CaptureQueriesContext(connection) as captured:
        LINES.run([LINES.bind(row) for row in rows])
    inserts = [query["sql"] for query in captured.captured_queries if query["sql"].startswith("INSERT")]
    assert len(inserts) == 3 and not any("RETURNING" in sql for sql in inserts)
    assert [LogEntry.objects.get(pk=row.pk).object_id for row in rows] == [0, 1, 2]


def test_more_rows_than_one_statement_may_hold_are_split(monkeypatch):
    monkeypatch.setattr(type(connection.ops), "bulk_batch_size", lambda self, fields, objs: 2)
    rows = [a_line(number) for number in range(5)]
    with CaptureQueriesContext(connection) as captured:
        LINES.run([LINES.bind(row) for row in rows])
    assert len([q for q in captured.captured_queries if q["sql"].startswith("INSERT")]) == 3
    stored_ids = LogEntry.objects.filter(action__startswith="line.").values_list("object_id", flat=True)
    assert sorted(stored_ids) == list(range(5))
