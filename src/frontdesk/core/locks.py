"""A transaction that no other transaction with the same key runs beside: a lock on a name, not a row.

Used where a rule spans rows that do not exist yet (the inbox's "identical answers within the
window make one submission"): locking an existing row, such as the form's, would serialise every
writer of that form, not only those that could collide. Each database has its own lock on a name:

- PostgreSQL: `pg_advisory_xact_lock(key)` as the transaction's first statement, a 64-bit key
  drawn from the name; it is released by the commit or rollback itself. Two names that happen to
  share a key only wait for each other, which is harmless.
- MariaDB/MySQL: `GET_LOCK(name)` before the transaction and `RELEASE_LOCK(name)` after it, since
  its named locks belong to the connection, not to the transaction. Held across the commit, so
  the next holder sees what this one wrote (READ COMMITTED, Django's default there).
- SQLite: its write transactions begin IMMEDIATE (settings.SQLITE_OPTIONS), so writers already
  run one at a time. A writer that finds the database locked sleeps in SQLite's busy handler, in
  steps of up to 100 ms, whatever the name, and does not wake when the database is free. So the
  threads of one process queue on a lock of the process, and the processes on an exclusive
  `flock` of a file beside the database (`<name>-writers`), which the kernel hands to the next
  waiter the moment it is let go. Only writers outside these blocks still meet in the busy
  handler. (p99 of the public door under 16 clients: seconds without the process lock, and
  130 ms against 79 ms without the file lock, docs/performance.md.) `writers_turn` is that
  queue alone, for a single statement that commits by itself: SQLite's write lock, taken at the
  statement's first step, already keeps its search and its write together.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import threading
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DatabaseError, connections, transaction

WAIT_SECONDS = 30  # MariaDB's GET_LOCK timeout; PostgreSQL waits within its statement timeout
MYSQL_NAME_LENGTH = 64  # GET_LOCK refuses longer names


_sqlite_writers: defaultdict[str, threading.Lock] = defaultdict(threading.Lock)  # per database alias


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
    if connection.vendor == "sqlite":
        with writers_turn(using), transaction.atomic(using=using):
            yield
        return
    with transaction.atomic(using=using):
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [advisory_key(name)])
        yield


@contextmanager
def writers_turn(using: str = "default") -> Iterator[None]:
    """SQLite: wait until no other writer of this process or of another one that asks the same is
    in its block, without a transaction of its own (for a statement that commits by itself).
    Elsewhere, and inside a transaction, it does nothing: a transaction already open may hold
    SQLite's lock while a thread holding this one waits for it."""
    connection = connections[using]
    held: set[str] = _turns.__dict__.setdefault("held", set())
    # A thread that has the turn already (the callbacks of a transaction begun in it run after
    # its commit, inside the block) keeps it: asking again would wait for itself.
    if connection.vendor != "sqlite" or connection.in_atomic_block or using in held:
        yield
        return
    with _sqlite_writers[using], _sqlite_file_lock(connection):
        held.add(using)
        try:
            yield
        finally:
            held.discard(using)


_turns = threading.local()  # .held: the aliases whose writers' turn this thread has


_lock_files: dict[str, int] = {}  # path: a descriptor this process keeps open
# A forked child opens its own: one descriptor shared with the parent would share its `flock`.
os.register_at_fork(after_in_child=_lock_files.clear)


@contextmanager
def _sqlite_file_lock(connection) -> Iterator[None]:
    """The writers' lock of every process using this database file; the caller holds the
    process's own lock, since threads sharing one descriptor would share its `flock`."""
    if connection.is_in_memory_db():  # one process only
        yield
        return
    path = f"{connection.settings_dict['NAME']}-writers"
    if path not in _lock_files:
        _lock_files[path] = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    descriptor = _lock_files[path]
    fcntl.flock(descriptor, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(descriptor, fcntl.LOCK_UN)


def _release(connection, lock_name: str) -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT RELEASE_LOCK(%s)", [lock_name])
    except DatabaseError:
        # The connection broke: the server dropped the lock with it. Closing makes sure of it and
        # keeps this error from hiding the one that is already on its way up.
        connection.close()
