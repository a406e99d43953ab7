"""core/prepared.insert_family on SQLite: a parent row, its children and rows beside, in one statement.

SQLite has no data-modifying WITH, so a family of rows was one statement per table, each a call
into SQLite that gives up and takes back Python's interpreter lock while the writer holds the
database's only write lock (docs/architecture.md, "The public door"). Here the family is one
INSERT into a view that holds nothing, whose INSTEAD OF trigger writes the rows:

- The view and its trigger are TEMP objects of the connection, written from the models, so they
  follow every change of the models with no migration. They are made when SQLite answers that
  the view is missing: the first family of a shape on a connection, and again after a
  transaction that made them was rolled back (a statement that names a missing table fails
  before it runs, so the transaction around it carries on).
- A table SQLite rebuilds (Django's way of altering one) must not be named by a trigger then,
  so the connection's families are dropped before migrations run (`forget`, on pre_migrate):
  only the connection that migrates has them in its way, and it makes them again when it next
  writes a family.
- The children's rows travel as one JSON array per child table (`json_each` in the trigger), so
  one view serves any number of them.
- The ids the caller is answered are worked out in the statement, before the trigger runs:
  `sqlite_sequence` holds the last id of each AUTOINCREMENT table (Django makes every automatic
  key so), and the statement holds the write lock from its first step, so the next id is its own.
  A keyed row's id is its bound value.
- `unless`, a query, is the statement's WHERE NOT EXISTS: judged under the same write lock, and
  when it finds a row the trigger never runs and RETURNING answers nothing.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.db import OperationalError, connections

from frontdesk.core.group_commit import write_together

if TYPE_CHECKING:
    from frontdesk.core.prepared import Insert

_shapes: dict[tuple, int] = {}  # a family's shape: its number in this process
_numbering = threading.Lock()
_statements: dict[tuple, tuple[list[str], str]] = {}  # (shape, condition): (DDL, INSERT)


def insert(
    connection,
    parent: Insert,
    row: list,
    children: list[tuple[Insert, str, list[list]]],
    beside: Sequence[tuple[Insert, list]],
    unless: tuple[str, list] | None,
) -> tuple[int, list[int]] | None:
    """Write the family; answers (parent id, ids of the rows beside), or None when `unless`
    found a row and nothing was written. Puts the parent's id into the children's rows."""
    # By what each Insert writes, not by which one: a caller's new Insert of the same rows reuses
    # the view (it is the same statement), so the views of a process stay few.
    shape = (
        _written_by(parent),
        *((_written_by(child), attname) for child, attname, _rows in children),
        *(_written_by(insert) for insert, _row in beside),
    )
    number = _number(shape)
    key = (shape, unless[0] if unless else None)
    if key not in _statements:
        _statements[key] = _write_statements(number, parent, children, [b for b, _row in beside], unless)
    ddl, statement = _statements[key]
    params = list(row)  # in the view's order: the parent, the rows beside, the children
    for _insert, beside_row in beside:
        params += beside_row
    for child, attname, rows in children:
        skipped = child._positions[attname]
        params.append(json.dumps([child_row[:skipped] + child_row[skipped + 1 :] for child_row in rows]))
    if unless is not None:
        params += unless[1]

    def write(on) -> tuple | None:
        # On the connection of whichever thread commits it (core/group_commit.py).
        with on.cursor() as cursor:
            try:
                cursor.execute(statement, params)
            except OperationalError as error:
                if f"no such table: frontdesk_family_{number}" not in str(error):
                    raise
                for sql in ddl:
                    cursor.execute(sql)
                cursor.execute(statement, params)
            return cursor.fetchone()

    answered = write_together(connection, write)
    if answered is None:
        return None
    parent_id, *beside_ids = answered
    for child, attname, rows in children:
        for child_row in rows:
            child.put(child_row, attname, parent_id)
    return parent_id, beside_ids


def _number(shape: tuple) -> int:
    """The shape's number in this process, the same in every thread: two threads meeting two new
    shapes at once must not both take the next number (one view name, two definitions)."""
    number = _shapes.get(shape)
    if number is None:
        with _numbering:
            number = _shapes.setdefault(shape, len(_shapes))
    return number


def forget(sender=None, *, using: str = "default", **kwargs) -> None:
    """Drop the connection's family views and, with them, their triggers (a pre_migrate receiver)."""
    connection = connections[using]
    if connection.vendor != "sqlite" or connection.connection is None:
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_temp_master WHERE type = 'view' AND name LIKE 'frontdesk_family_%'"
        )
        for (name,) in cursor.fetchall():
            cursor.execute(f"DROP VIEW {_quote(name)}")


def _written_by(insert: Insert) -> tuple:
    """What the view's trigger does with the Insert's rows: its columns, and which name the parent."""
    return (insert.model, insert.using, insert.naming_parent, *(field.attname for field in insert.fields))


def _numbered(insert: Insert) -> bool:
    """Whether the table numbers the row itself (its key is not among the bound columns)."""
    return insert.model._meta.pk not in insert.fields


def _write_statements(
    number: int,
    parent: Insert,
    children: list[tuple[Insert, str, list[list]]],
    beside: list[Insert],
    unless: tuple[str, list] | None,
) -> tuple[list[str], str]:
    """The view and its trigger, and the INSERT into the view.
    Every name comes from the models; every value is a parameter."""
    from frontdesk.core.prepared import PARENT_ID_STAND_IN, column_of

    quote = _quote
    view = f"frontdesk_family_{number}"
    columns: list[str] = []  # the view's
    values: list[str] = []  # the INSERT's, one per view column
    writes: list[str] = []  # the trigger's statements
    returned: list[str] = []

    def table_row(insert: Insert, parent_id: str | None = None) -> str:
        """Columns and placeholders of one bound row, and the trigger's INSERT of it, its
        `naming_parent` columns given the parent's id `parent_id`; its id column's name in the view."""
        table = insert.model._meta.db_table
        names = []
        for field in insert.fields:
            names.append(quote(f"{table}__{column_of(field)}"))
            values.append("%s")
        target = [quote(column_of(field)) for field in insert.fields]
        pk = insert.model._meta.pk
        assert pk is not None
        if _numbered(insert):
            id_name = quote(f"{table}__{column_of(pk)}")
            names.append(id_name)
            target.append(quote(column_of(pk)))
            literal = table.replace("'", "''")
            values.append(f"coalesce((SELECT seq FROM sqlite_sequence WHERE name = '{literal}'), 0) + 1")  # noqa: S608 - a model's table
        else:
            id_name = names[insert.fields.index(pk)]
        columns.extend(names)
        naming = {
            position for position, field in enumerate(insert.fields) if field.attname in insert.naming_parent
        }
        new_values = ", ".join(
            f"replace(NEW.{name}, '{PARENT_ID_STAND_IN}', NEW.{parent_id})"
            if parent_id and position in naming
            else f"NEW.{name}"
            for position, name in enumerate(names)
        )
        writes.append(
            f"INSERT INTO {quote(insert.model._meta.db_table)} ({', '.join(target)}) VALUES ({new_values})"  # noqa: S608 - names from the models
        )
        return id_name

    parent_id = table_row(parent)
    returned.append(parent_id)
    # The rows beside before the children: an id worked out before the trigger ran must still be
    # free when its row goes in.
    for insert in beside:
        returned.append(table_row(insert, parent_id))
    for child, attname, _rows in children:
        name = quote(f"{child.model._meta.db_table}__rows")
        columns.append(name)
        values.append("%s")
        target, picked, index = [], [], 0
        for field in child.fields:
            target.append(quote(column_of(field)))
            if field.attname == attname:
                picked.append(f"NEW.{parent_id}")
            else:
                picked.append(f"json_extract(value, '$[{index}]')")
                index += 1
        writes.append(
            f"INSERT INTO {quote(child.model._meta.db_table)} ({', '.join(target)})"  # noqa: S608 - names from the models
            f" SELECT {', '.join(picked)} FROM json_each(NEW.{name})"
        )
    if len(set(columns)) != len(columns):
        raise ValueError("A family writes one row, or one set of child rows, per table.")
    ddl = [
        f"CREATE TEMP VIEW {view} ({', '.join(columns)}) AS SELECT " + ", ".join(["NULL"] * len(columns)),
        f"CREATE TEMP TRIGGER {view}_write INSTEAD OF INSERT ON {view} BEGIN " + "; ".join(writes) + "; END",
    ]
    statement = f"INSERT INTO {view} ({', '.join(columns)}) SELECT {', '.join(values)}"
    if unless is not None:
        statement += f" WHERE NOT EXISTS ({unless[0]})"
    statement += f" RETURNING {', '.join(returned)}"
    return ddl, statement


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'
