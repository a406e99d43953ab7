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

import functools
import secrets
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

from django.conf import settings
from django.db import connections, models
from django.db.models import Model
from django.utils import timezone

from frontdesk.core import sqlite_family

TEXT_FIELDS = (models.CharField, models.TextField)

# What a row written beside a parent (insert_family) holds, in a text or JSON column its Insert
# names as `naming_parent`, where the parent's id belongs before there is one: the statement
# puts the id in its place. Drawn per process, 18 digits, so that no visitor's text holds it by
# chance; a number, so that it passes wherever an id does (a URL's <int:pk>, a JSON number).
PARENT_ID_STAND_IN = 10**17 + secrets.randbelow(9 * 10**17)


@functools.cache
def _preparing_cursor_class() -> type:
    """A psycopg cursor that binds values on the server and prepares every statement it runs."""
    from django.db.backends.postgresql.base import ServerBindingCursor

    class PreparingCursor(ServerBindingCursor):
        def execute(self, query, params=None, *, prepare=None, binary=None):
            return super().execute(query, params, prepare=True, binary=binary)  # type: ignore[misc]  # psycopg's, untyped through Django

    return PreparingCursor


@contextmanager
def statement_cursor(using: str = "default") -> Iterator:
    """A cursor for statements that run on every post, such as this module's INSERTs.

    On PostgreSQL the values are bound on the server, not quoted into the SQL by psycopg, and
    each statement is prepared once per connection and then run by name: PostgreSQL parses and
    plans it once instead of on every post (docs/performance.md, "The public door"). Django
    leaves psycopg's preparing off, for connection poolers that cannot keep prepared statements;
    the settings turn it on with the connection's `prepare_threshold` unless FRONTDESK_DB_PREPARED
    is 0, and without it the statements are only bound on the server. It is still Django's cursor
    wrapper: errors become Django's, and the queries are logged as usual.
    """
    connection = connections[using]
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield cursor
        return
    # What connection.cursor() does, with another cursor class.
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    connection.validate_thread_sharing()
    with connection.wrap_database_errors:
        raw = _preparing_cursor_class()(connection.connection)
    wrapped = connection.make_debug_cursor(raw) if connection.queries_logged else connection.make_cursor(raw)
    with wrapped as cursor:
        yield cursor


def column_of(field: models.Field) -> str:
    """A concrete field's column; only a field without one (a relation's other side) has None."""
    assert field.column is not None
    return field.column


class Insert:
    """INSERTs into one model's table: `one(**values)` answers the new row's id; `bind` prepares
    rows for `run_one` and `run_many` (all rows in one statement)."""

    def __init__(
        self, model: type[Model], using: str = "default", *, naming_parent: Sequence[str] = ()
    ) -> None:
        self.model, self.using = model, using
        # Every column but a primary key the database numbers itself (a UUID key is written).
        self.fields = [
            field for field in model._meta.concrete_fields if not (field.primary_key and field.db_returning)
        ]
        # Text or JSON columns whose value may hold PARENT_ID_STAND_IN, written as a row beside a
        # parent by insert_family: there the stand-in becomes the parent's new id.
        self.naming_parent = frozenset(naming_parent)
        self._names = {field.attname for field in self.fields}
        self._positions = {field.attname: position for position, field in enumerate(self.fields)}
        # For each column, the one type of value its field stores exactly as given on every
        # database, or None: binding passes such a value on without the field's preparation,
        # most of what binding a row costs. Only Django's own fields, not a subclass that may
        # change the value; a datetime still goes through the database's own adapter.
        self._as_given = [_stored_as_given(field) for field in self.fields]
        self._sql: dict[tuple[str, int, bool], str] = {}

    def _statement(self, rows: int, returning: bool) -> str:
        connection = connections[self.using]
        key = (connection.vendor, rows, returning)
        if key not in self._sql:
            quote = connection.ops.quote_name
            columns = ", ".join(quote(column_of(field)) for field in self.fields)
            row = "(" + ", ".join(["%s"] * len(self.fields)) + ")"
            table = quote(self.model._meta.db_table)  # names from the model; values are parameters
            sql = f"INSERT INTO {table} ({columns}) VALUES {', '.join([row] * rows)}"  # noqa: S608
            if returning:
                sql += f" RETURNING {quote(column_of(self.model._meta.pk))}"
            self._sql[key] = sql
        return self._sql[key]

    def bind(self, **values) -> list:
        """The row's values prepared for the database, in column order: what `run_one` and
        `run_many` take. Binding before a transaction begins keeps that work out of it; an id the
        transaction makes is put in afterwards with `put`."""
        connection = connections[self.using]
        if not self._names.issuperset(values):
            raise TypeError(f"{self.model.__name__} has no column for {sorted(set(values) - self._names)}")
        adapt_datetime = connection.ops.adapt_datetimefield_value
        params = []
        for field, as_given in zip(self.fields, self._as_given, strict=True):
            value = values[field.attname] if field.attname in values else self._default(field)
            kind = type(value)
            if kind is as_given or (value is None and as_given is not None):
                params.append(value)
            elif kind is datetime and as_given is DATETIME and value.tzinfo is not None:
                params.append(adapt_datetime(value))
            else:
                params.append(field.get_db_prep_save(value, connection))
        return params

    def put(self, params: list, attname: str, value: int) -> None:
        """Set one column of bound `params` to `value`, an id as the database answered it (an
        integer id is stored as it is on every database)."""
        params[self._positions[attname]] = value

    def set(self, params: list, attname: str, value) -> None:
        """Set one column of bound `params` to `value`, prepared by its field as `bind` does."""
        field = self.fields[self._positions[attname]]
        params[self._positions[attname]] = field.get_db_prep_save(value, connections[self.using])

    @staticmethod
    def _default(field):
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            return timezone.now()
        return field.get_default()

    def run_one(self, params: list) -> int:
        """Insert one bound row; answers its id."""
        connection = connections[self.using]
        returning = connection.features.can_return_columns_from_insert
        with statement_cursor(self.using) as cursor:
            cursor.execute(self._statement(1, returning), params)
            if returning:
                return cursor.fetchone()[0]
            return connection.ops.last_insert_id(
                cursor, self.model._meta.db_table, column_of(self.model._meta.pk)
            )

    def run_many(self, rows: list[list]) -> None:
        """Insert bound rows in one statement."""
        if not rows:
            return
        with statement_cursor(self.using) as cursor:
            cursor.execute(
                self._statement(len(rows), returning=False), [param for row in rows for param in row]
            )

    def one(self, **values) -> int:
        return self.run_one(self.bind(**values))


DATETIME = object()  # a marker: an aware datetime goes to the database's adapter only
INTEGER_FIELDS = (
    models.IntegerField,
    models.BigIntegerField,
    models.SmallIntegerField,
    models.PositiveIntegerField,
    models.PositiveBigIntegerField,
    models.PositiveSmallIntegerField,
    models.AutoField,
    models.BigAutoField,
    models.SmallAutoField,
)


def _stored_as_given(field) -> object:
    """The type (or DATETIME) `Insert.bind` may pass on unprepared for `field`; None for none.
    None itself is passed on for every field but a JSONField, where it may mean JSON null."""
    if isinstance(field, models.ForeignKey):
        field = field.target_field
    kind = type(field)
    if kind in TEXT_FIELDS:
        return str
    if kind in INTEGER_FIELDS:
        return int
    if kind is models.BooleanField:
        return bool
    if kind is models.DateTimeField and settings.USE_TZ:
        return DATETIME
    return None


_family_sql: dict[tuple, str] = {}

Children = list[tuple[Insert, str, list[list]]]
Computed = tuple[str, str, list]  # (attname, SQL expression with %s placeholders, its parameters)
Condition = tuple[str, list]  # (an SQL query with %s placeholders, its parameters)


class NotWritten(Exception):
    """insert_family's `unless` query found a row, so nothing was written."""


def insert_family(
    parent: Insert,
    row: list,
    children: Children,
    beside: Sequence[tuple[Insert, list]] = (),
    *,
    computed: Computed | None = None,
    unless: Condition | None = None,
) -> tuple[int, list[int]]:
    """Insert one bound `row` of `parent`; for each child `(insert, attname, rows)`, bound rows
    whose column `attname` refers to it; and each `(insert, row)` of `beside`, a row of its own.
    Answers the parent's new id (also put into every child row) and the ids of the rows beside.

    On PostgreSQL this is one statement (a data-modifying WITH, each child's VALUES taking the id
    from the parent's RETURNING): a round trip to the server, and a parse and plan there, saved
    per table on every accepted post. On SQLite it is one statement too, an INSERT into a view of
    this process's own whose trigger writes the rows (core/sqlite_family.py). MariaDB has neither
    and runs one statement per table.

    A row beside whose Insert has `naming_parent` columns has PARENT_ID_STAND_IN in them replaced
    by the parent's new id, so a row that names the parent (a queued mail's arguments) is bound
    before the id exists and still written by the same statement.

    `computed` (PostgreSQL only) is `(attname, expression, params)`: the parent's column takes the
    value of an SQL expression with its own parameters instead of the bound one, such as a
    function that may stop the statement before it writes (inbox migration 0016). `unless`
    (SQLite only) is `(query, params)`: nothing is written when the query finds a row, judged in
    the statement that writes, so no other writer comes between; then NotWritten is raised.
    """
    children = [child for child in children if child[2]]
    connection = connections[parent.using]
    if computed is not None and connection.vendor != "postgresql":
        raise NotImplementedError("A computed column is written on PostgreSQL only.")
    if unless is not None and connection.vendor != "sqlite":
        raise NotImplementedError("A condition in the same statement is SQLite's only.")
    if connection.vendor == "sqlite":
        answered = sqlite_family.insert(connection, parent, row, children, beside, unless)
        if answered is None:
            raise NotWritten
        return answered
    if connection.vendor != "postgresql":
        parent_id = parent.run_one(row)
        for insert, attname, rows in children:
            for child_row in rows:
                insert.put(child_row, attname, parent_id)
            insert.run_many(rows)
        return parent_id, [
            insert.run_one(_naming(insert, beside_row, parent_id)) for insert, beside_row in beside
        ]
    shape = (
        parent,
        computed[:2] if computed else None,
        *((insert, attname, len(rows)) for insert, attname, rows in children),
        *(insert for insert, _row in beside),
    )
    if shape not in _family_sql:
        _family_sql[shape] = _family_statement(
            parent, children, [insert for insert, _row in beside], computed[:2] if computed else None
        )
    params = list(row)
    if computed is not None:
        position = parent._positions[computed[0]]
        params[position : position + 1] = computed[2]
    for insert, attname, rows in children:
        skipped = insert._positions[attname]
        for child_row in rows:
            params += child_row[:skipped] + child_row[skipped + 1 :]
    for _insert, beside_row in beside:
        params += beside_row
    with statement_cursor(parent.using) as cursor:
        cursor.execute(_family_sql[shape], params)
        parent_id, *beside_ids = cursor.fetchone()
    for insert, attname, rows in children:
        for child_row in rows:
            insert.put(child_row, attname, parent_id)
    return parent_id, beside_ids


def _naming(insert: Insert, row: list, parent_id: int) -> list:
    """`row` with PARENT_ID_STAND_IN replaced by `parent_id` in its `naming_parent` columns, bound
    as text (where the statement cannot do it: one INSERT per table)."""
    if not insert.naming_parent:
        return row
    row = list(row)
    for attname in insert.naming_parent:
        position = insert._positions[attname]
        if isinstance(row[position], str):
            row[position] = row[position].replace(str(PARENT_ID_STAND_IN), str(parent_id))
    return row


def _family_statement(
    parent: Insert, children: Children, beside: list[Insert], computed: tuple[str, str] | None
) -> str:
    """The WITH statement of insert_family; every name comes from the models, every value is a
    parameter (a computed column's expression is the caller's SQL, never a value)."""
    quote = connections[parent.using].ops.quote_name

    def new_id(table: str, insert: Insert) -> str:
        return f"(SELECT {quote(column_of(insert.model._meta.pk))} FROM {table})"  # noqa: S608

    parent_sql = parent._statement(1, returning=True)
    if computed is not None:
        attname, expression = computed
        placeholders = ["%s"] * len(parent.fields)
        placeholders[parent._positions[attname]] = expression
        values = "VALUES (" + ", ".join(["%s"] * len(parent.fields)) + ")"
        parent_sql = parent_sql.replace(values, "VALUES (" + ", ".join(placeholders) + ")")
    parts = [f"new_row AS ({parent_sql})"]
    for number, (insert, attname, rows) in enumerate(children):
        # In an INSERT's VALUES every value is coerced to its column's type, so the parameters
        # need no casts; the reference is a subquery on the parent's RETURNING.
        reference = new_id("new_row", parent)
        row = (
            "(" + ", ".join(reference if field.attname == attname else "%s" for field in insert.fields) + ")"
        )
        columns = ", ".join(quote(column_of(field)) for field in insert.fields)
        table = quote(insert.model._meta.db_table)
        values = ", ".join([row] * len(rows))
        parts.append(f"child_{number} AS (INSERT INTO {table} ({columns}) VALUES {values})")  # noqa: S608
    answered = [new_id("new_row", parent)]
    connection = connections[parent.using]
    for number, insert in enumerate(beside):
        statement = insert._statement(1, returning=True)
        if insert.naming_parent:
            placeholders = [
                f"replace(%s::text, '{PARENT_ID_STAND_IN}', {new_id('new_row', parent)}::text)"
                f"::{field.db_type(connection)}"
                if field.attname in insert.naming_parent
                else "%s"
                for field in insert.fields
            ]
            values = "VALUES (" + ", ".join(["%s"] * len(insert.fields)) + ")"
            statement = statement.replace(values, "VALUES (" + ", ".join(placeholders) + ")")
        parts.append(f"beside_{number} AS ({statement})")
        answered.append(new_id(f"beside_{number}", insert))
    return "WITH " + ", ".join(parts) + " SELECT " + ", ".join(answered)
