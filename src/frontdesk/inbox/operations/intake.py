"""Accepting a submission: the one function behind the public door and "typed in by hand".

Identical answers to the same form within `duplicate_window` seconds update the earlier
submission instead of making a new one. Everything that can be judged without writing (the
answers, the files, the digest, the mail's recipients, and the rows' values bound for their
INSERTs: core/inserts.py) is done first; then one short transaction, the same on every database
(docs/architecture.md, "The public door"):

1. the lock on the name "form + digest of the answers" (core/locks.exclusive_transaction), so
   fifty identical posts at once find each other, while posts with other answers, to this form
   or any other, never wait for it;
2. the search for an identical submission in the window;
3. the submission, its answers (one INSERT), its files, its log line (core/log.entry), the form's
   count (a row of its own, operations/tallies.py) and its queued mail (core/mail.py).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import connections
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.errors import NotFound
from frontdesk.core.inserts import RowInsert
from frontdesk.core.languages import default_language, is_site_language
from frontdesk.core.locks import exclusive_transaction
from frontdesk.core.models import LogEntry
from frontdesk.inbox.answers import CleanAnswer, clean_answers
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.models import Answer, Form, Status, Submission, Tally
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
    """The status new submissions arrive in (Status.objects.arrival(), the one rule)."""
    status = Status.objects.arrival().first()
    if status is None:
        raise ImproperlyConfigured("No inbox status carries the arrival flag.")
    return status


def answers_hash(answers: list[CleanAnswer], files: Sequence[CleanFile] = ()) -> str:
    """A stable digest of what was answered: same answers, same hash, whatever the order posted.

    Files count by field, original name, size and sha256 of their bytes.
    """
    answered = sorted((answer.field.name, answer.payload or answer.value) for answer in answers)
    canonical = [answered, files_fingerprint(files)] if files else answered
    return hashlib.sha256(json.dumps(canonical, ensure_ascii=False).encode()).hexdigest()


def find_duplicate(form: Form, digest: str, since: datetime) -> Submission | None:
    """The newest submission of `form` with these answers since `since`, or None (served by the
    index inbox_sub_hash_idx). Asked inside the lock on "form + digest", so no identical post
    comes between the search and the write."""
    connection = connections[Submission.objects.db]
    created_at = Submission._meta.get_field("created_at")
    with connection.cursor() as cursor:
        cursor.execute(
            _duplicate_search(connection.alias),
            [form.pk, digest, created_at.get_db_prep_value(since, connection)],
        )
        found = cursor.fetchone()
    return None if found is None else Submission.objects.get(pk=found[0])


@functools.cache
def _duplicate_search(using: str) -> str:
    """find_duplicate's SELECT, written once per database from the model: it runs for every
    post, inside the lock, where compiling it through the ORM cost a fifth of a post."""
    quote = connections[using].ops.quote_name
    meta = Submission._meta
    columns = {field.name: quote(field.column) for field in meta.concrete_fields if field.column}
    pk, form, digest, created = (columns[name] for name in ("id", "form", "answers_hash", "created_at"))
    return (
        f"SELECT {pk} FROM {quote(meta.db_table)} WHERE {form} = %s AND {digest} = %s AND {created} >= %s "  # noqa: S608 - names from the model
        f"ORDER BY {created} DESC LIMIT 1"
    )


SUBMISSIONS, ANSWERS, LOG_LINES, TALLIES = (
    RowInsert(model) for model in (Submission, Answer, LogEntry, Tally)
)


def accept_submission(
    form: Form,
    values: dict,
    *,
    source: str = Source.PUBLIC,
    actor: Actor = None,
    meta: dict | None = None,
    language: str | None = None,
    files: dict | None = None,
) -> tuple[Submission, bool]:
    """Validate `values` ({machine name: value}) and `files` ({machine name: [UploadedFile]}) and
    store them; returns (submission, created).

    Raises one ValidationError keyed `fields.<machine name>` for answers and files together, or
    NotFound for a switched-off form. Files are written only for a new submission; when anything
    in the transaction fails, the files already written are deleted again.
    """
    if source == Source.PANEL:
        require_permission(actor, "inbox.update")
    if form.is_switched_off:
        raise NotFound(_("This form is switched off."))
    answers, uploads = _judged(form, values, files)
    digest = answers_hash(answers, uploads)
    now = timezone.now()
    since = now - timedelta(seconds=inbox_settings()["duplicate_window"])
    if not (language and is_site_language(language)):
        language = default_language()
    submission = Submission(
        form=form,
        status_id=getattr(form, "arrival_status_pk", None) or arrival_status().pk,
        source=source,
        metadata=meta or {},
        language=language,
        answers_hash=digest,
        search_text="\n".join(answer.value for answer in answers).lower(),
        created_at=now,
        updated_at=now,
    )
    rows = [
        Answer(
            field=answer.field,
            name=answer.field.name,
            label=dict(answer.field.label),
            type=answer.field.type,
            value=answer.value,
            payload=answer.payload,
            position=position,
        )
        for position, answer in enumerate(answers)
    ]
    file_names = [upload.original_name for upload in uploads]
    mail = NewSubmissionMail.prepare(form, submission.language, now, rows, file_names)
    # Every row bound before the lock, so the turn a post holds on SQLite is short; the
    # submission's id goes into the others once it is written.
    line = log.entry(submission, "submission.created", actor, detail={"source": source})
    change = Tally(form=form, status_id=submission.status_id, total=1, unread=1)
    bound_submission = SUBMISSIONS.bind(submission)
    bound_answers = [ANSWERS.bind(row) for row in rows]
    bound_line, bound_change = LOG_LINES.bind(line), TALLIES.bind(change)
    written: list[str] = []  # names on the inbox storage, deleted again if the transaction fails
    try:
        with exclusive_transaction(f"inbox.intake:{form.pk}:{digest}"):
            earlier = find_duplicate(form, digest, since)
            if earlier is not None:
                return _seen_again(earlier, now, source, actor), False
            SUBMISSIONS.run([bound_submission])
            for bound in bound_answers:
                bound.row.submission = submission  # type: ignore[attr-defined]  # an Answer
                ANSWERS.rebind(bound, "submission_id")
            store_files(submission, uploads, written)
            line.object_id = submission.pk
            LOG_LINES.rebind(bound_line, "object_id")
            ANSWERS.run(bound_answers)
            LOG_LINES.run([bound_line])
            TALLIES.run([bound_change])
            tallies.fold_in_turn(change)
            if mail is not None:
                mail.queue(submission)
            return submission, True
    except BaseException:
        remove_files(written)  # rolled back: the rows are gone, so the files written for them go too
        raise


def _judged(form: Form, values: dict, files: dict | None) -> tuple[list[CleanAnswer], list[CleanFile]]:
    """The clean answers, files' answers among them in the fields' order, and the clean files;
    or one ValidationError for every refused answer and file."""
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
    return answers, uploads


def _seen_again(earlier: Submission, now: datetime, source: str, actor: Actor) -> Submission:
    """The identical submission `earlier`, posted again: its time moves, a line says so."""
    Submission.objects.filter(pk=earlier.pk).update(updated_at=now)
    earlier.updated_at = now
    log.write(earlier, "submission.repeated", actor, detail={"source": source})
    return earlier
