"""SQLite: the writes of many threads of a process, committed together.

SQLite runs one writer at a time, so every write waits its turn (core/locks.writers_turn), and
under load the turn is the door's bottleneck: each post's statement held it about 1 ms (0.3 ms
in one process), two thirds of that its commit, which writes every page the post changed to the
write-ahead log. Consecutive posts change mostly the same pages (the newest leaf of each index).

So a thread whose write commits by itself (autocommit, no transaction of the caller's) hands
it in here. The first to arrive while no other thread of the process is writing leads: it takes
the writers' turn and runs every write handed in by then, its own included, each in a savepoint
of one transaction, on its own connection, and commits them at once; the others wait and take
their answers. Writes handed in meanwhile wait for the next leader, who is one of them. A write
alone runs alone, in autocommit, exactly as it would without this module. One write's error (a
constraint) is that write's only: its savepoint is rolled back and the error raised in its own
thread; an error of the commit is every write's.

Each thread still returns only once its write has committed. A write handed in is a function of
a connection that runs statements on it and answers what they returned: it runs on the leader's
connection, so it may use nothing of its own thread's connection.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from django.db import transaction

from frontdesk.core.locks import writers_turn

_handing_in = threading.Condition()
_waiting: defaultdict[str, list[_Write]] = defaultdict(list)  # per database alias
_leading: set[str] = set()  # aliases whose leader is writing


class _Write[Answer]:
    __slots__ = ("answer", "done", "error", "run")

    def __init__(self, run: Callable[[Any], Answer]) -> None:
        self.run = run
        self.done = False
        self.answer: Answer | None = None
        self.error: BaseException | None = None

    def result(self) -> Answer:
        if self.error is not None:
            raise self.error
        return self.answer  # type: ignore[return-value]  # set when done without an error


def write_together[Answer](connection, run: Callable[[Any], Answer]) -> Answer:
    """`run(connection)` committed: with the writes other threads of this process hand in
    meanwhile, in one transaction, by whichever thread leads. Outside SQLite, and inside a
    transaction (whose writers' turn and commit are the caller's), it simply runs."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        return run(connection)
    alias = connection.alias
    write: _Write[Answer] = _Write(run)
    with _handing_in:
        _waiting[alias].append(write)
        while not write.done and alias in _leading:
            _handing_in.wait()
        if write.done:
            return write.result()
        _leading.add(alias)
        batch = _waiting.pop(alias)
    try:
        _commit(connection, batch)
    except BaseException as error:
        for unfinished in batch:
            if unfinished.error is None:
                unfinished.error = error
    finally:
        with _handing_in:
            for finished in batch:
                finished.done = True
            _leading.discard(alias)
            _handing_in.notify_all()
    return write.result()


def _commit(connection, batch: list[_Write]) -> None:
    with writers_turn(connection.alias):
        if len(batch) == 1:  # alone: its own statement commits it, as without this module
            batch[0].answer = batch[0].run(connection)
            return
        with transaction.atomic(using=connection.alias):
            for write in batch:
                try:
                    with transaction.atomic(using=connection.alias):  # a savepoint: its error is its own
                        write.answer = write.run(connection)
                except Exception as error:  # raised again in the thread that handed it in
                    write.error = error
