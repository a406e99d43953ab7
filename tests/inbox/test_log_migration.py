"""Migration inbox.0011 moves the inbox's own log lines into the host's log: every line of a
database made before it is kept, in its order, with its account and what it recorded, and the
submission screen tells it in the same words; backwards, the lines go back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from frontdesk.core.log import log_of
from frontdesk.inbox import queries
from frontdesk.inbox.models import Submission

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("inbox", "0010_fewer_index_writes"), ("core", "0002_access_design_permission")]
MOMENT = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


@pytest.fixture
def old_apps():
    """The database as it was before the log moved; put back to the newest state afterwards."""
    try:
        yield migrate(BEFORE)
    finally:
        migrate(latest())


def write_old_log(apps) -> tuple[int, int, list[tuple]]:
    User = apps.get_model("core", "User")
    Status = apps.get_model("inbox", "Status")
    Form = apps.get_model("inbox", "Form")
    Submission = apps.get_model("inbox", "Submission")
    LogLine = apps.get_model("inbox", "LogLine")
    clerk = User.objects.create(email="clerk@example.org", display_name="Cleo Clerk")
    new = Status.objects.create(label={"en": "New"}, is_arrival=True, position=1)
    done = Status.objects.create(label={"en": "Done"}, position=2)
    form = Form.objects.create(slug="old", title={"en": "Old"})
    submission = Submission.objects.create(
        form=form, status=done, language="en", answers_hash="x", search_text="", created_at=MOMENT
    )
    old_lines = [
        ("submission.created", None, {"source": "public"}),
        ("submission.status_changed", clerk.pk, {"old": new.pk, "new": done.pk}),
        ("submission.assigned", clerk.pk, {"old": None, "new": clerk.pk}),
        ("submission.answer_corrected", clerk.pk, {"name": "city", "old": "Pariss", "new": "Paris"}),
        ("submission.marked_read", clerk.pk, {}),
    ]
    # Two lines share a moment: their order is their id's.
    moments = [MOMENT, MOMENT.replace(minute=5), MOMENT.replace(minute=5), MOMENT.replace(minute=7), MOMENT]
    made = [
        LogLine.objects.create(submission=submission, action=action, actor_id=actor, data=data, created_at=at)
        for (action, actor, data), at in zip(old_lines, moments, strict=True)
    ]
    expected = sorted(made, key=lambda line: (line.created_at, line.pk))
    return (
        submission.pk,
        clerk.pk,
        [(line.action, line.actor_id, line.data, line.created_at) for line in expected],
    )


def test_the_inbox_log_lines_move_into_the_host_log_in_order_and_come_back(old_apps):
    submission_id, clerk_id, before = write_old_log(old_apps)

    new_apps = migrate(latest())
    del new_apps
    moved = list(log_of(Submission(pk=submission_id)))
    assert [(line.action, line.actor_id, line.created_at) for line in moved] == [
        (action, actor, at) for action, actor, _data, at in before
    ]
    texts = [entry.text for entry in queries.log_entries(moved)]
    assert texts == [
        "Received from the website",
        "Marked read",
        "Status changed from New to Done",
        "Assigned to Cleo Clerk",
        "Answer city corrected from “Pariss” to “Paris”",
    ]
    assert moved[0].detail == {"source": "public"}
    assert moved[2].changes == {"status": [before[2][2]["old"], before[2][2]["new"]]}

    back = migrate(BEFORE)
    LogLine = back.get_model("inbox", "LogLine")
    restored = LogLine.objects.filter(submission_id=submission_id).order_by("created_at", "id")
    assert [(line.action, line.actor_id, line.data, line.created_at) for line in restored] == before
    assert clerk_id in {line.actor_id for line in restored}
