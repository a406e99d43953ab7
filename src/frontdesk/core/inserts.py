"""INSERTs whose SQL is written once per process, for the rows every public post writes.

The ORM compiles each INSERT anew, and for a one-row INSERT that is several times what SQLite
or a local PostgreSQL takes to run it. On SQLite it also runs while the post holds the
database's one writer's turn, which every other post waits for (docs/performance.md, "The
public door"). `RowInsert(model)` writes a model's INSERT from its concrete fields once per
database and number of rows, and binds each row's values as the ORM's compiler does: each
field's `pre_save(row, add=True)` then `get_db_prep_save`. So a row is stored exactly as
`save()` stores it, and the binding can happen before the transaction begins.

What it leaves out is what `save()` adds around the INSERT: the model's signals and any
`save()` override. tests/inbox/test_intake_guard.py fails when a model the public door writes
this way gains either, or a value the database fills in (`db_default`, `GeneratedField`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connections
from django.db.models import Model


@dataclass
class Bound:
    """A row and its values as the database takes them, in its RowInsert's column order."""

    row: Model
    values: list[Any]


class RowInsert:
    """INSERTs into one model's table: `bind` rows before the transaction, `run` them inside it
    (their new ids are set on the rows)."""

    def __init__(self, model: type[Model]) -> None:
        self.model = model
        pk = model._meta.pk
        assert pk is not None
        self.pk = pk
        self.pk_column = pk.column or pk.name
        # Every column but a primary key the database numbers itself.
        self.fields = [
            field for field in model._meta.concrete_fields if not (field.primary_key and field.db_returning)
        ]
        self._position = {field.attname: position for position, field in enumerate(self.fields)}
        self._sql: dict[tuple[str, int, bool], str] = {}

    def bind(self, row: Model, using: str = "default") -> Bound:
        """`row` with its values prepared as the ORM prepares them for `save()`."""
        connection = connections[using]
        return Bound(
            row, [field.get_db_prep_save(field.pre_save(row, True), connection) for field in self.fields]
        )

    def rebind(self, bound: Bound, attname: str, using: str = "default") -> None:
        """Prepare the row's `attname` again: for an id known only inside the transaction."""
        field = self.fields[self._position[attname]]
        bound.values[self._position[attname]] = field.get_db_prep_save(
            getattr(bound.row, attname), connections[using]
        )

    def run(self, rows: Sequence[Bound], using: str = "default") -> None:
        """Insert the bound rows and set each one's new id: as few statements as the database's
        limit on parameters allows (Django's `bulk_batch_size`) where it answers the new ids of
        several rows (RETURNING), else one statement per row."""
        connection = connections[using]
        returning = self._returning(connection)
        several = returning or not self.pk.db_returning  # else each row's id is read on its own
        size = max(connection.ops.bulk_batch_size(self.fields, rows), 1) if several else 1
        with connection.cursor() as cursor:
            for start in range(0, len(rows), size):
                batch = rows[start : start + size]
                cursor.execute(
                    self._statement(connection, len(batch)), [value for one in batch for value in one.values]
                )
                if self.pk.db_returning:
                    self._set_ids(connection, cursor, batch)
        for one in rows:
            one.row._state.adding, one.row._state.db = False, using

    def _returning(self, connection) -> bool:
        return self.pk.db_returning and connection.features.can_return_rows_from_bulk_insert

    def _set_ids(self, connection, cursor, batch: Sequence[Bound]) -> None:
        if self._returning(connection):
            new_ids = [returned[0] for returned in connection.ops.fetch_returned_rows(cursor, ())]
        else:
            new_ids = [connection.ops.last_insert_id(cursor, self.model._meta.db_table, self.pk_column)]
        for one, new_id in zip(batch, new_ids, strict=True):
            setattr(one.row, self.pk.attname, new_id)

    def _statement(self, connection, count: int) -> str:
        returning = self._returning(connection)
        key = (connection.alias, count, returning)
        if key not in self._sql:
            quote = connection.ops.quote_name
            columns = ", ".join(quote(field.column) for field in self.fields)
            placeholders = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
            table = quote(self.model._meta.db_table)
            sql = f"INSERT INTO {table} ({columns}) VALUES " + ", ".join([placeholders] * count)  # noqa: S608 - names from the model, values are parameters
            if returning:
                sql += " " + connection.ops.returning_columns([self.pk])[0]
            self._sql[key] = sql
        return self._sql[key]
