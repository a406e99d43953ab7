"""INSERT statements written once per process, for the writes that run on every public post.

The ORM builds each statement anew: for a one-row INSERT it spends 0.3 to 0.5 ms in Python,
several times what SQLite or a local PostgreSQL takes to run it, and the public door writes four
rows per post (docs/architecture.md, "The public door"). `Insert` writes the SQL for a model once
per database and row count and reuses it. The values still go through each field's own
`get_db_prep_save`, so JSON, datetimes, booleans and custom fields are stored exactly as the ORM
stores them. What it leaves out: `pre_save` (pass every `auto_now` value yourself; defaults are
filled in from the fields) and the model signals, so use it only for models nothing listens to.
"""

from __future__ import annotations

from django.db import connections
from django.db.models import Model
from django.utils import timezone


class Insert:
    """INSERTs into one model's table: `one(**values)` answers the new row's id, `many(rows)`
    writes all rows in one statement."""

    def __init__(self, model: type[Model], using: str = "default") -> None:
        self.model, self.using = model, using
        # Every column but a primary key the database numbers itself (a UUID key is written).
        self.fields = [
            field for field in model._meta.concrete_fields if not (field.primary_key and field.db_returning)
        ]
        self._names = {field.attname for field in self.fields}
        self._sql: dict[tuple[str, int, bool], str] = {}

    def _statement(self, rows: int, returning: bool) -> str:
        connection = connections[self.using]
        key = (connection.vendor, rows, returning)
        if key not in self._sql:
            quote = connection.ops.quote_name
            columns = ", ".join(quote(field.column) for field in self.fields)
            row = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
            table = quote(self.model._meta.db_table)  # names from the model; values are parameters
            sql = f"INSERT INTO {table} ({columns}) VALUES {', '.join([row] * rows)}"  # noqa: S608
            if returning:
                sql += f" RETURNING {quote(self.model._meta.pk.column)}"
            self._sql[key] = sql
        return self._sql[key]

    def _params(self, values: dict) -> list:
        connection = connections[self.using]
        if not self._names.issuperset(values):
            raise TypeError(f"{self.model.__name__} has no column for {sorted(set(values) - self._names)}")
        params = []
        for field in self.fields:
            value = values[field.attname] if field.attname in values else self._default(field)
            params.append(field.get_db_prep_save(value, connection))
        return params

    @staticmethod
    def _default(field):
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            return timezone.now()
        return field.get_default()

    def one(self, **values) -> int:
        connection = connections[self.using]
        returning = connection.features.can_return_columns_from_insert
        with connection.cursor() as cursor:
            cursor.execute(self._statement(1, returning), self._params(values))
            if returning:
                return cursor.fetchone()[0]
            return connection.ops.last_insert_id(
                cursor, self.model._meta.db_table, self.model._meta.pk.column
            )

    def many(self, rows: list[dict]) -> None:
        if not rows:
            return
        params = [param for values in rows for param in self._params(values)]
        with connections[self.using].cursor() as cursor:
            cursor.execute(self._statement(len(rows), returning=False), params)
