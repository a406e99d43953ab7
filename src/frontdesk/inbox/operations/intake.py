"""Accepting a submission: the one function behind the public door and "typed in by hand".

Identical answers to the same form within `duplicate_window` seconds update the earlier
submission instead of making a new one. Race safety: the search for an earlier one and the write
are made under a lock on the name "form + digest of the answers" (core/locks.py), so fifty
identical posts at once still find each other, while posts with other answers, to this form or
any other, never wait for it. Everything that can be judged without writing (the answers, the
files) is judged before anything is written, and the counts are kept by inserting a row
(operations/tallies.py), so nothing written is shared by two distinct posts (docs/architecture.md,
"The public door").

A post without files is one statement that writes every row: on PostgreSQL its first step takes
the lock and makes the search (inbox_intake_claim, migration 0016), the queued mail of a form
that mails included; on SQLite the search is its WHERE, under SQLite's one write lock, in the
writers' turn of core/locks.py. MariaDB runs the search and one INSERT per table in a
transaction between GET_LOCK and RELEASE_LOCK.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext
from datetime import timedelta

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import DatabaseError, connections, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, current_token, require_permission
from frontdesk.core.errors import NotFound
from frontdesk.core.languages import default_language, is_site_language
from frontdesk.core.locks import advisory_key, exclusive_transaction, writers_turn
from frontdesk.core.models import LogEntry
from frontdesk.core.prepared import PARENT_ID_STAND_IN, Computed, Condition, Insert, NotWritten, insert_family
from frontdesk.inbox.answers import CleanAnswer, clean_answers
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Answer, Form, Status, Submission
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.notify import NewSubmissionMail
from frontdesk.inbox.operations import tallies
from frontdesk.inbox.uploads import (
    CleanFile,
    clean_files,
    file_answers,
    files_fingerprint,
    remove_files,
    store_files,
)


def arrival_status() -> Status:
    status = Status.objects.filter(is_arrival=True).first()
    if status is None:
        raise ImproperlyConfigured("No inbox status carries the arrival flag.")
    return status


def _arrival_status_id(form: Form) -> int:
    """Read with the form by Form.objects.for_intake(); asked for here otherwise."""
    return getattr(form, "arrival_status_pk", None) or arrival_status().pk


def answers_hash(answers: list[CleanAnswer], files: Sequence[CleanFile] = ()) -> str:
    """A stable digest of what was answered: same answers, same hash, whatever the order posted.

    Files count by field, original name, size and sha256 of their bytes.
    """
    answered = sorted((answer.field.name, answer.payload or answer.value) for answer in answers)
    canonical = [answered, files_fingerprint(files)] if files else answered
    return hashlib.sha256(json.dumps(canonical, ensure_ascii=False).encode()).hexdigest()


def _search_text(answers: list[CleanAnswer]) -> str:
    return "\n".join(answer.value for answer in answers).lower()


# The intake's writes run on every accepted post: their SQL is written once (core/prepared.py).
SUBMISSIONS, ANSWERS, LOG_LINES = Insert(Submission), Insert(Answer), Insert(LogEntry)


def _duplicate_search(form_id: int, digest: str, since) -> Condition:
    """The query for the newest submission of the form with these answers since `since`: its id.

    Written as SQL for the reason of core/prepared.py; served by the index inbox_sub_hash_idx.
    The search is the same in inbox_intake_claim (PostgreSQL): a change to it changes both, that
    in a migration.
    """
    connection = connections["default"]
    table = connection.ops.quote_name(Submission._meta.db_table)
    return (
        f"SELECT id FROM {table} WHERE form_id = %s AND answers_hash = %s"  # noqa: S608 - a model's name
        " AND created_at >= %s ORDER BY created_at DESC LIMIT 1",
        [form_id, digest, connection.ops.adapt_datetimefield_value(since)],
    )


def _earlier_duplicate(form_id: int, digest: str, since) -> int | None:
    """The id `_duplicate_search` finds, or None (SQLite and MariaDB, inside the writers' lock)."""
    with connections["default"].cursor() as cursor:
        cursor.execute(*_duplicate_search(form_id, digest, since))
        row = cursor.fetchone()
    return row[0] if row else None


# The databases whose intake statement can check the form's version itself.
VERSION_CHECKED_BY_WRITE = ("sqlite", "postgresql")


class FormChanged(Exception):
    """The form changed after the copy a post was judged by was loaded: nothing was written."""


# What inbox_intake_claim (migrations 0016, 0017) raises when the window holds an identical
# submission (the error's detail is that submission's id), and when the form is no longer at the
# version the post was judged by.
DUPLICATE_STATE, CHANGED_STATE = "FDDUP", "FDCHG"


def _claimed_by(error: DatabaseError) -> int | None:
    """The earlier submission's id when `error` is inbox_intake_claim's refusal, else None."""
    cause = error.__cause__
    if getattr(cause, "sqlstate", None) != DUPLICATE_STATE:
        return None
    return int(cause.diag.message_detail)  # type: ignore[union-attr]  # psycopg's error


def accept_submission(
    form: Form,
    values: dict,
    *,
    source: str = Source.PUBLIC,
    actor: Actor = None,
    meta: dict | None = None,
    language: str | None = None,
    files: dict | None = None,
    unchanged_since: tuple | None = None,
) -> tuple[Submission, bool]:
    """Validate `values` ({machine name: value}) and `files` ({machine name: [UploadedFile]}) and
    store them; returns (submission, created).

    Raises one ValidationError keyed `fields.<machine name>` for answers and files together, or
    NotFound for a switched-off form. Files are written only for a new submission; when anything
    in the transaction fails, the files already written are deleted again.

    `unchanged_since` (SQLite and PostgreSQL), the `Form.objects.intake_version` that `form` was
    loaded at: the write itself checks that the form is still so, and raises FormChanged, having
    written nothing, when it is not (the public door's copy of a form kept by its worker,
    inbox/door.py).
    """
    if unchanged_since is not None and connections["default"].vendor not in VERSION_CHECKED_BY_WRITE:
        raise NotImplementedError("This database's write does not check the form's version.")
    if source == Source.PANEL:
        require_permission(actor, "inbox.update")
    if form.is_switched_off:
        raise NotFound(_("This form is switched off."))
    fields = form.intake_fields()
    errors: dict[str, list[str]] = {}
    answers: list[CleanAnswer] = []
    uploads: list[CleanFile] = []
    try:
        answers = clean_answers(fields, values)
    except ValidationError as error:
        errors.update(error.message_dict)
    try:
        uploads = clean_files(fields, files)
    except ValidationError as error:
        errors.update(error.message_dict)
    if errors:
        raise ValidationError(errors)
    if uploads:
        order = {field.pk: position for position, field in enumerate(fields)}
        answers = sorted([*answers, *file_answers(uploads)], key=lambda answer: order[answer.field.pk])
    digest = answers_hash(answers, uploads)
    now = timezone.now()
    window = timedelta(seconds=inbox_settings()["duplicate_window"])
    rows = _Rows(
        form,
        answers,
        digest,
        now,
        source,
        actor,
        meta,
        language,
        [upload.original_name for upload in uploads],
    )
    written: list[str] = []  # names on the inbox storage, deleted again if the block fails
    lock_name = f"inbox.intake:{form.pk}:{digest}"
    try:
        vendor = connections["default"].vendor
        if vendor == "postgresql":
            return _store_claimed(
                form, rows, uploads, written, now - window, source, actor, lock_name, unchanged_since
            )
        if vendor == "sqlite":
            return _store_unless_repeated(
                form, rows, uploads, written, now - window, source, actor, unchanged_since
            )
        with exclusive_transaction(lock_name):
            return _store(form, rows, uploads, written, now - window, source, actor)
    except BaseException:
        # Rolled back: the rows are gone, so the files written for them go too.
        remove_files(written)
        raise


class _Rows:
    """The rows a new submission writes, bound for the database before the transaction begins
    (core/prepared.py), so that the transaction, which on SQLite keeps every other writer
    waiting, runs only the statements; the new submission's id is put in when it is known."""

    def __init__(self, form, answers, digest, now, source, actor, meta, language, file_names) -> None:
        self.submission = Submission(
            form=form,
            status_id=_arrival_status_id(form),
            source=source,
            metadata=meta or {},
            language=language if is_site_language(language) else default_language(),
            answers_hash=digest,
            search_text=_search_text(answers),
            created_at=now,
            updated_at=now,
        )
        self.submission_row = SUBMISSIONS.bind(
            **{field.attname: getattr(self.submission, field.attname) for field in SUBMISSIONS.fields}
        )
        self.answers = [  # as written, for the mail
            {
                "field_id": answer.field.pk,
                "name": answer.field.name,
                "label": dict(answer.field.label),
                "type": answer.field.type,
                "value": answer.value,
                "payload": answer.payload,
                "position": position,
            }
            for position, answer in enumerate(answers)
        ]
        self.answer_rows = [ANSWERS.bind(submission_id=None, **answer) for answer in self.answers]
        # The log's line (core/log.py), written with the submission's rows.
        token = current_token()
        self.log_row = LOG_LINES.bind(
            content_type_id=ContentType.objects.get_for_model(Submission).pk,
            object_id=None,
            action="submission.created",
            actor_id=actor.pk if actor else None,
            token_id=token.pk if token else None,
            changes={},
            detail={"source": source},
            created_at=now,
        )
        self.count_row = tallies.change_row(form.pk, self.submission.status_id, total=1, unread=1)
        self.mail = NewSubmissionMail.prepare(form, self.submission.language, now, self.answers, file_names)
        # With the database queue, the mail's row is bound here too, the submission's id
        # standing in as PARENT_ID_STAND_IN, and written with the rest (insert_family: in the one
        # statement on PostgreSQL and SQLite); any other queue is given the mail after the rows.
        self.mail_row = self.mail.queued_row(PARENT_ID_STAND_IN) if self.mail is not None else None

    @property
    def mail_after(self) -> bool:
        """Whether the mail is queued once the rows are written (not written with them)."""
        return self.mail is not None and self.mail_row is None

    def write(self, claim: Computed | None = None, unless: Condition | None = None) -> Submission:
        """Insert the submission, its answers, its log line, the form's count row and the
        queue's row for the mail when there is one: one statement on PostgreSQL, its form column
        computed by `claim`, and on SQLite, not written (NotWritten) when `unless` finds a row;
        one per table on MariaDB (core/prepared.insert_family)."""
        submission = self.submission
        submission.pk, (change_id, *_mail_id) = insert_family(
            SUBMISSIONS,
            self.submission_row,
            [(ANSWERS, "submission_id", self.answer_rows), (LOG_LINES, "object_id", [self.log_row])],
            beside=[(tallies.CHANGES, self.count_row), *([self.mail_row] if self.mail_row else [])],
            computed=claim,
            unless=unless,
        )
        submission._state.adding, submission._state.db = False, "default"
        for answer in self.answers:
            answer["submission_id"] = submission.pk
        tallies.changed(change_id, submission.form_id, submission.status_id)
        return submission


def _store(form, rows: _Rows, uploads, written, since, source, actor):
    """The write half of accept_submission on MariaDB, run inside its transaction and the lock on
    "form + digest"."""
    earlier_id = _earlier_duplicate(form.pk, rows.submission.answers_hash, since)
    if earlier_id is not None:
        return _repeated(earlier_id, rows, source, actor)
    return _write(rows, uploads, written, None, queue_mail=rows.mail_after), True


def _store_claimed(form, rows: _Rows, uploads, written, since, source, actor, lock_name, unchanged_since):
    """The write half of accept_submission on PostgreSQL: the submission's rows in one statement
    whose first step is inbox_intake_claim (migrations 0016, 0017), the lock, the check of the
    form's version given `unchanged_since` and the search for an identical submission. Without
    files it is that statement alone, committed by itself, with the mail's row in it when the
    queue is the database's (any other queue is given the mail once it has committed); files
    share a transaction with it."""
    _form_id, seen_updated_at, seen_arrival = unchanged_since or (None, None, None)
    claim = (
        "form_id",
        "inbox_intake_claim(%s, %s, %s, %s, %s, %s)",
        [
            advisory_key(lock_name),
            form.pk,
            rows.submission.answers_hash,
            since,
            seen_updated_at,
            seen_arrival,
        ],
    )
    # Inside a caller's transaction it is a savepoint, so a refusal leaves that transaction usable.
    alone = not (uploads or connections["default"].in_atomic_block)
    try:
        with nullcontext() if alone else transaction.atomic():
            return _write(rows, uploads, written, claim, queue_mail=rows.mail_after), True
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) == CHANGED_STATE:
            raise FormChanged from error
        earlier_id = _claimed_by(error)
        if earlier_id is None:
            raise
    with transaction.atomic():
        return _repeated(earlier_id, rows, source, actor)


def _store_unless_repeated(form, rows: _Rows, uploads, written, since, source, actor, unchanged_since):
    """The write half of accept_submission on SQLite: the submission's rows in one statement
    whose WHERE is the search for an identical submission and, given `unchanged_since`, for a
    change of the form. As on PostgreSQL, without files it is that statement alone, the mail's
    row for the database queue in it, committed with the posts other threads of the worker
    write meanwhile (core/group_commit.py), in the writers' turn (core/locks.py). Files share a
    transaction with it, begun in the writers' turn."""
    search = _duplicate_search(form.pk, rows.submission.answers_hash, since)
    if unchanged_since is not None:
        search = _or_changed(search, unchanged_since)
    alone = not (uploads or connections["default"].in_atomic_block)
    for _attempt in range(2):  # a second only when the earlier one went between the two
        try:
            with nullcontext() if alone else _sqlite_transaction():
                return _write(rows, uploads, written, unless=search, queue_mail=rows.mail_after), True
        except NotWritten:
            earlier_id = _earlier_duplicate(form.pk, rows.submission.answers_hash, since)
        if earlier_id is not None:
            with _sqlite_transaction():
                return _repeated(earlier_id, rows, source, actor)
        if unchanged_since is not None and Form.objects.intake_version(form.slug) != unchanged_since:
            raise FormChanged
    raise RuntimeError("An identical submission was found and then gone twice.")


@contextmanager
def _sqlite_transaction() -> Iterator[None]:
    """A transaction on SQLite begun in the writers' turn (core/locks.py), as every writer's is."""
    with writers_turn(), transaction.atomic():
        yield


def _or_changed(search: Condition, version: tuple) -> Condition:
    """`search`, or, when it finds nothing, a row while the form is no longer at `version`."""
    unchanged_sql, unchanged_params = Form.objects.unchanged(version)
    sql = f"SELECT * FROM ({search[0]}) UNION ALL SELECT NULL WHERE NOT EXISTS ({unchanged_sql})"  # noqa: S608 - our own queries
    return sql, [*search[1], *unchanged_params]


def _write(rows: _Rows, uploads, written, claim=None, *, unless=None, queue_mail: bool) -> Submission:
    submission = rows.write(claim, unless)
    store_files(submission, uploads, written)
    if queue_mail:
        # Queued with the rows (core/mail.py): a queue in the database commits the mail with them;
        # any other queue is given it after the commit.
        rows.mail.queue(submission)  # type: ignore[union-attr]  # queue_mail: there is one
    return submission


def _repeated(earlier_id: int, rows: _Rows, source, actor):
    """The identical submission `earlier_id` seen again (rare: its whole row is read only now)."""
    Submission.objects.filter(pk=earlier_id).update(updated_at=rows.submission.updated_at)
    log.write(Submission(pk=earlier_id), "submission.repeated", actor, detail={"source": source})
    return Submission.objects.get(pk=earlier_id), False
