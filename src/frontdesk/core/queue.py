"""Putting a task in the database queue inside the caller's transaction, in one prepared INSERT.

`Task.enqueue()` on django-tasks-db's backend costs about 2 ms of Python per task (it builds the
task's result twice and connects and disconnects signal receivers on every call), more than the
public door's whole intake. `QueuedRow` writes the same row with SQL written once
(core/prepared.py): the columns `DatabaseBackend.enqueue` fills, the defaults of the rest, and
`run_after` as its `pre_save` receiver sets it. Its `task_enqueued` signal, which only logs, is
not sent, and the arguments are not copied through `normalize_json` first: plain JSON, as the
callers pass, is stored the same without it. tests/core/test_queue.py compares the row with one
`enqueue()` writes, column by column, so a release of django-tasks-db that writes its rows
differently fails the tests.
"""

from __future__ import annotations

import functools

from django.tasks import Task
from django_tasks_db import DatabaseBackend

from frontdesk.core.prepared import Insert

_rows: Insert | None = None


def is_database_queue(task: Task) -> bool:
    return isinstance(task.get_backend(), DatabaseBackend)


def _task_rows() -> Insert:
    from django_tasks_db.models import DBTaskResult

    global _rows
    if _rows is None:
        # The arguments may name the row the task is written beside (core/prepared.insert_family).
        _rows = Insert(DBTaskResult, naming_parent=["args_kwargs"])
    return _rows


@functools.lru_cache(maxsize=32)
def _bound_task(backend: DatabaseBackend, task: Task) -> tuple:
    """A row of `task` bound, without its id and arguments. Once per backend and task, as what
    enqueue() checks on every call (it inspects the function's signature): neither changes."""
    from django_tasks_db.models import get_date_max

    backend.validate_task(task)
    return tuple(
        _task_rows().bind(
            id=None,
            args_kwargs=None,
            priority=task.priority,
            task_path=task.module_path,
            queue_name=task.queue_name,
            run_after=task.run_after or get_date_max(),
            backend_name=backend.alias,
        )
    )


class QueuedRow:
    """A task's row in the database queue, bound when made (before the caller's transaction, so
    that the transaction only runs its INSERT); `write` adds the task's arguments and inserts it.

    Only for FRONTDESK_QUEUE=db (`is_database_queue`): the row commits or rolls back with the
    caller's transaction. The arguments must be plain JSON (dicts, lists, strings, numbers,
    booleans, None), as the queue stores them; anything else raises TypeError.
    """

    def __init__(self, task: Task) -> None:
        self.rows = _task_rows()
        backend = task.get_backend()
        if not isinstance(backend, DatabaseBackend):
            raise TypeError(f"QueuedRow writes to the database queue; {task.name} goes to another.")
        self.params = list(_bound_task(backend, task))
        self.rows.set(self.params, "id", backend._get_id())

    def write(self, **kwargs) -> None:
        self.rows.run_one(self.bound(**kwargs))

    def bound(self, **kwargs) -> list:
        """The row with the task's arguments, bound for `rows` (an Insert): for a caller that
        writes it in one statement with its own rows (core/prepared.insert_family)."""
        params = list(self.params)
        self.rows.set(params, "args_kwargs", {"args": [], "kwargs": kwargs})
        return params
