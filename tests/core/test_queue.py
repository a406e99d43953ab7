"""core/queue.QueuedRow writes the row django-tasks-db's own enqueue() writes."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import override_settings

from frontdesk.core.mail import deliver_mails
from frontdesk.core.queue import QueuedRow, is_database_queue

DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
KWARGS = {
    "recipients": [["ann@example.com", "de"]],
    "template": "inbox/mail/new_submission",
    "context": {"form_title": {"en": "Contact"}, "answers": [{"label": {"en": "Name"}, "value": "Ann"}]},
    "reply_to": None,
    "on_failure": None,
    "failure_key": 3,
}


def row_without_identity(row) -> dict:
    """Every column as stored, but the row's own id and the moment it was enqueued."""
    values = {field.attname: getattr(row, field.attname) for field in row._meta.concrete_fields}
    del values["id"], values["enqueued_at"]
    return values


@pytest.mark.django_db
@override_settings(TASKS=DATABASE_QUEUE)
def test_the_row_is_the_one_the_librarys_enqueue_writes():
    from django_tasks_db.models import DBTaskResult

    assert is_database_queue(deliver_mails)
    theirs = DBTaskResult.objects.get(pk=deliver_mails.enqueue(**KWARGS).id)
    QueuedRow(deliver_mails).write(**KWARGS)
    ours = DBTaskResult.objects.exclude(pk=theirs.pk).get()
    assert row_without_identity(ours) == row_without_identity(theirs)
    assert ours.pk != theirs.pk and ours.enqueued_at >= theirs.enqueued_at


@pytest.mark.django_db(transaction=True)
@override_settings(TASKS=DATABASE_QUEUE)
def test_a_rolled_back_transaction_leaves_no_task():
    from django_tasks_db.models import DBTaskResult

    with pytest.raises(RuntimeError), transaction.atomic():
        QueuedRow(deliver_mails).write(**KWARGS)
        raise RuntimeError("the caller failed after queueing")
    assert not DBTaskResult.objects.exists()


def test_without_a_database_queue_the_row_is_not_written_here():
    assert not is_database_queue(deliver_mails)  # the immediate backend of the tests


def test_a_row_for_a_task_of_another_queue_is_refused():
    with pytest.raises(TypeError, match="database queue"):
        QueuedRow(deliver_mails)
