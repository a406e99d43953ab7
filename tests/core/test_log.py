"""The host's log (core/log.py): a line per action with its account and token, read back in order
in one query, and kept when the account or the token goes."""

from __future__ import annotations

import pytest

from frontdesk.core import log
from frontdesk.core.acting import acting_with, current_token
from frontdesk.core.models import ApiToken, Note

pytestmark = pytest.mark.django_db


@pytest.fixture
def row(make_user):
    """Any saved row will do: a note is the host's own."""
    return Note.objects.create(entity="x", object_id="1", body="hello", author=make_user())


def test_changes_name_only_what_differs_and_a_missing_value_counts_as_none():
    before = {"title": "Old", "colour": "#000000", "tags": ["a"]}
    after = {"title": "New", "colour": "#000000", "tags": ["a"], "slug": "new"}
    assert log.changes_between(before, after) == {"title": ["Old", "New"], "slug": [None, "new"]}


def test_a_snapshot_is_a_copy_so_a_change_in_place_shows(row):
    row.tags = ["a"]
    before = log.values_of(row, ["tags"])
    row.tags.append("b")
    assert log.changes_between(before, log.values_of(row, ["tags"])) == {"tags": [["a"], ["a", "b"]]}


def test_a_save_that_changes_nothing_writes_no_line(row, make_user):
    before = log.values_of(row, ["body"])
    assert log.write_changes(row, "note.changed", make_user(), before) is None
    row.body = "changed"
    line = log.write_changes(row, "note.changed", None, before)
    assert line is not None and line.changes == {"body": ["hello", "changed"]}
    assert [entry.action for entry in log.log_of(row)] == ["note.changed"]


def test_lines_come_back_in_order_with_account_and_token_in_one_query(
    row, make_user, django_assert_num_queries
):
    clerk = make_user(display_name="Cleo")
    token = ApiToken.issue(clerk, "bot", ["inbox:read"])[0]
    log.write(row, "note.created", clerk)
    with acting_with(token):
        log.write(row, "note.changed", clerk, changes={"body": ["a", "b"]})
    assert current_token() is None  # the block left nothing behind
    log.write(row, "note.deleted", None, detail={"why": "test"})
    with django_assert_num_queries(1):
        lines = [
            (line.action, str(line.actor) if line.actor else None, line.token and line.token.name)
            for line in log.log_of(row)
        ]
    assert lines == [
        ("note.created", "Cleo", None),
        ("note.changed", "Cleo", "bot"),
        ("note.deleted", None, None),
    ]


def test_a_line_outlives_its_account_and_its_token(row, make_user):
    clerk = make_user()
    token = ApiToken.issue(clerk, "bot", ["inbox:read"])[0]
    with acting_with(token):
        log.write(row, "note.changed", clerk)
    clerk.delete()  # its tokens go with it
    (line,) = log.log_of(row)
    assert (line.action, line.actor, line.token) == ("note.changed", None, None)
