"""What the intake's one write path (inbox/operations/intake.py) needs of the models it writes.

A public post writes a submission (`save`), its answers (`bulk_create`), a log line and a count
row (`create`). Each test names what would go wrong for a visitor if a model changed under it.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import models
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from frontdesk.core.models import LogEntry
from frontdesk.inbox.models import Answer, Field, Form, Submission, Tally
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.operations import accept_submission
from frontdesk.inbox.queries.intake import live_form

WRITTEN = [Submission, Answer, LogEntry, Tally]

# What the intake sets on each row it makes, beside the columns with a default or NULL.
SET_BY_THE_INTAKE = {
    Submission: {"form", "status", "source", "metadata", "language", "answers_hash", "search_text"},
    Answer: {"submission", "field", "name", "label", "type", "value", "payload", "position"},
    LogEntry: {"content_type", "object_id", "action", "actor", "token", "changes", "detail"},
    Tally: {"form", "status", "total", "unread"},
}


@pytest.mark.parametrize("model", WRITTEN, ids=lambda model: model.__name__)
def test_no_column_of_a_posts_rows_is_filled_in_by_the_database(model):
    """MySQL has no RETURNING (MariaDB before 10.5 neither): a value the database fills in (a
    `db_default`, a `GeneratedField`) is not read back there, and the submission the door and
    the API answer would hold an expression instead of it. Give the value in Python, or read the row back after the
    write in accept_submission and list the column here."""
    filled_in = [
        field.name
        for field in model._meta.concrete_fields
        if isinstance(field, models.GeneratedField) or field.db_default is not models.NOT_PROVIDED
    ]
    assert filled_in == [], f"{model.__name__}: {filled_in}"


@pytest.mark.parametrize("model", WRITTEN, ids=lambda model: model.__name__)
def test_every_column_of_a_posts_rows_is_written(model):
    """A new column that is neither set by the intake nor has a default nor may be NULL nor
    empty would refuse every post with a database error."""
    unwritten = [
        field.name
        for field in model._meta.concrete_fields
        if not (
            field.primary_key
            or field.has_default()
            or field.null
            or field.empty_strings_allowed  # Django writes "" for a text column given nothing
            or field.name in SET_BY_THE_INTAKE[model]
        )
    ]
    assert unwritten == [], f"{model.__name__}: {unwritten}"


@pytest.mark.parametrize("model", WRITTEN, ids=lambda model: model.__name__)
def test_no_signal_receiver_listens_to_a_posts_rows_for_the_door_sends_none(model):
    """The door writes a post's rows with INSERTs written once per process (core/inserts.py),
    which send no model signal and call no `save()` override: a receiver of one of these
    models would never run for a public post. Run it from the operation instead, or after the
    commit (transaction.on_commit in accept_submission)."""
    assert not pre_save.has_listeners(model)
    assert not post_save.has_listeners(model)
    assert "save" not in vars(model), f"{model.__name__} overrides save(), which the door never calls"


def test_a_public_post_writes_its_rows_as_save_would(contact_form, good_answers):
    """The rows core/inserts.py writes read back as the ORM would have written them: dates with
    their zone, JSON as JSON, the relations in place, and the ids set on the objects returned."""
    submission, created = accept_submission(contact_form, good_answers, source=Source.PUBLIC)
    assert created
    stored = Submission.objects.get(pk=submission.pk)
    assert stored.created_at == submission.created_at and stored.created_at.tzinfo is not None
    assert stored.metadata == submission.metadata and stored.form_id == contact_form.pk
    answers = list(stored.answers.order_by("position"))
    assert [answer.name for answer in answers] == list(good_answers)[: len(answers)]
    assert all(answer.pk is not None and isinstance(answer.label, dict) for answer in answers)
    line = LogEntry.objects.get(object_id=submission.pk, action="submission.created")
    assert line.content_type.model_class() is Submission and line.detail == {"source": "public"}
    assert Tally.objects.filter(form=contact_form, total=1, unread=1).exists()


# A value unlike any the form below holds, by the kind of column.
CHANGED = {
    "BooleanField": lambda value: not value,
    "CharField": lambda value: f"{value}x"[-8:],
    "PositiveIntegerField": lambda value: (value or 0) + 7,
    "DateTimeField": lambda value: timezone.now() - timedelta(days=3),
    "JSONField": lambda value: {"en": "changed"} if isinstance(value, dict) else ["changed"],
    "TranslatedField": lambda value: {"en": "changed"},
}


def _columns(model) -> list[str]:
    return [
        field.name for field in model._meta.concrete_fields if not field.primary_key and not field.is_relation
    ]


@pytest.mark.parametrize(
    ("model", "column"),
    [(Form, name) for name in _columns(Form) if name not in {"slug", "is_switched_off"}]
    + [(Field, name) for name in _columns(Field) if name != "deleted_at"],
    ids=lambda value: value if isinstance(value, str) else value.__name__,
)
def test_a_bulk_update_of_any_column_of_a_form_or_its_fields_is_seen_by_the_next_post(
    contact_form, model, column
):
    """Every worker keeps the forms it built (inbox/queries/intake.py) and asks the database
    for their rows with every post. An update that sends no signal and moves no `updated_at`
    (a data fix, a script, a migration) must reach the next post whatever column it changes,
    and a column added to either model must be in the check without anybody listing it: a
    column missing from the door's check would let a post be judged by rules no longer stored."""
    kept = live_form("contact")
    assert live_form("contact") is kept  # the rows did not change: the worker's copy
    rows = (
        Field.objects.filter(form=contact_form) if model is Field else Form.objects.filter(pk=contact_form.pk)
    )
    field = model._meta.get_field(column)
    before = getattr(rows.first(), field.attname)
    rows.update(
        **{
            field.attname: CHANGED[
                field.get_internal_type() if column not in {"label", "hint", "title"} else "TranslatedField"
            ](before)
        }
    )
    seen = live_form("contact")
    assert seen is not kept
    after = seen if model is Form else seen.intake_fields()[0]
    assert getattr(after, field.attname) != before


def test_a_form_no_longer_live_is_not_served_from_the_workers_copy(contact_form):
    assert live_form("contact") is not None
    Form.objects.filter(pk=contact_form.pk).update(is_switched_off=True)
    assert live_form("contact") is None
    Field.objects.filter(form=contact_form).update(deleted_at=timezone.now())
    Form.objects.filter(pk=contact_form.pk).update(is_switched_off=False)
    assert live_form("contact").intake_fields() == []
