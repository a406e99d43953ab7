"""Putting a task in the database queue inside the caller's transaction, in one prepared INSERT.

`Task.enqueue()` on django-tasks-db's backend costs about 2 ms of Python per task (it builds the
task's result twice and connects and disconnects signal receivers on every call), more than the
public door's whole intake. `enqueue_in_transaction` writes the same row with SQL written once
(core/prepared.py): the columns `DatabaseBackend.enqueue` fills, the defaults of the rest, and
`run_after` as its `pre_save` receiver sets it. Its `task_enqueued` signal, which only logs, is
not sent. tests/core/test_queue.py compares the row with one `enqueue()` writes, column by
column, so a release of django-tasks-db that writes its rows differently fails the tests.
"""

from __future__ import annotations

import functools

from django.tasks import Task
from django.utils.json import normalize_json
from django_tasks_db import DatabaseBackend

from frontdesk.core.prepared import Insert

_rows: Insert | None = None


def is_database_queue(task: Task) -> bool:
    return isinstance(task.get_backend(), DatabaseBackend)


@functools.lru_cache(maxsize=32)
def _validate(backend: DatabaseBackend, task: Task) -> None:
    # What enqueue() checks on every call (it inspects the function's signature): once per
    # backend and task is enough, since neither changes.
    backend.validate_task(task)


def enqueue_in_transaction(task: Task, **kwargs) -> None:
    """Enqueue `task` with `kwargs` as a row of the database queue, written now.

    Only for FRONTDESK_QUEUE=db (`is_database_queue`): the row commits or rolls back with the
    caller's transaction.
    """
    from django_tasks_db.models import DBTaskResult, get_date_max

    global _rows
    if _rows is None:
        _rows = Insert(DBTaskResult)
    backend = task.get_backend()
    _validate(backend, task)
    _rows.one(
        id=backend._get_id(),
        args_kwargs=normalize_json({"args": [], "kwargs": kwargs}),
        priority=task.priority,
        task_path=task.module_path,
        queue_name=task.queue_name,
        run_after=task.run_after or get_date_max(),
        backend_name=backend.alias,
    )
