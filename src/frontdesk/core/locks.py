"""A transaction that no other transaction with the same name runs beside: a lock on a name, not a row.

Used where a rule spans rows that do not exist yet (the inbox's "identical answers within the
window make one submission"): locking an existing row, such as the form's, would serialise every
writer of that form, not only those that could collide. As pretix's `lock_objects`, each
database's own lock on a name:

- PostgreSQL: `pg_advisory_xact_lock(key)` as the transaction's first statement, a 64-bit key
  drawn from the name; the commit or rollback releases it. Two names that happen to share a key
  only wait for each other, which is harmless.
- MariaDB/MySQL: `GET_LOCK(name)` before the transaction and `RELEASE_LOCK(name)` after it, since
  its named locks belong to the connection, not to the transaction. Held across the commit, so
  the next holder sees what this one wrote (READ COMMITTED, Django's default there).
- SQLite: its transactions begin IMMEDIATE (settings.SQLITE_OPTIONS), so writers already run
  one at a time. Those that find the database locked sleep in SQLite's busy handler, which wakes
  them after 1, 2, 5, ... up to 100 ms whether the writer before them is done or not: under load
  the waits, not the work, made the door's slowest posts (p99 0.9 s on two workers). So these
  blocks queue on an exclusive `flock` of a file beside the database instead, which the kernel
  hands to the next waiter the moment it is released (docs/performance.md measures it).
"""

from __future__ import annotations

import fcntl
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import IO

from django.db import DatabaseError, connections, transaction

WAIT_SECONDS = 30  # MariaDB's GET_LOCK timeout; PostgreSQL waits within its statement timeout
MYSQL_NAME_LENGTH = 64  # GET_LOCK refuses longer names


class LockTimeout(DatabaseError):
    """The named lock was not granted in time (MariaDB's GET_LOCK answered 0)."""


def advisory_key(name: str) -> int:
    """A signed 64-bit key for pg_advisory_xact_lock, stable across processes and releases."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big", signed=True)


def _mysql_name(name: str) -> str:
    if len(name) <= MYSQL_NAME_LENGTH:
        return name
    return hashlib.sha256(name.encode()).hexdigest()[:MYSQL_NAME_LENGTH]


@contextmanager
def exclusive_transaction(name: str, using: str = "default") -> Iterator[None]:
    """`transaction.atomic()`, entered only while no other block holding `name` runs."""
    connection = connections[using]
    if connection.vendor == "mysql":
        lock_name = _mysql_name(name)
        with connection.cursor() as cursor:
            cursor.execute("SELECT GET_LOCK(%s, %s)", [lock_name, WAIT_SECONDS])
            (granted,) = cursor.fetchone()
        if granted != 1:
            raise LockTimeout(f"The lock {name!r} was not granted within {WAIT_SECONDS} s.")
        try:
            with transaction.atomic(using=using):
                yield
        finally:
            _release(connection, lock_name)
        return
    queue = _sqlite_writers(connection) if connection.vendor == "sqlite" else nullcontext()
    with queue, transaction.atomic(using=using):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [advisory_key(name)])
        yield


@contextmanager
def _sqlite_writers(connection) -> Iterator[IO[bytes] | None]:
    """Held while a writer of this SQLite file runs: one at a time across threads and worker
    processes (each call opens the file, so threads of one process queue as processes do). An
    in-memory database has no file and no other process to queue with."""
    name = str(connection.settings_dict["NAME"])
    if name == ":memory:" or name.startswith("file:"):
        yield None
        return
    with Path(f"{name}.writers").open("ab") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)  # released when the file is closed
        yield lock_file


def _release(connection, lock_name: str) -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT RELEASE_LOCK(%s)", [lock_name])
    except DatabaseError:
        # The connection broke: the server dropped the lock with it. Closing makes sure of it and
        # keeps this error from hiding the one that is already on its way up.
        connection.close()
