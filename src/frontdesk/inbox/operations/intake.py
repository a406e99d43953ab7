"""Accepting a submission: the one function behind the public door and "typed in by hand".

Identical answers to the same form within `duplicate_window` seconds update the earlier
submission instead of making a new one. Race safety: the form's row is locked for the length of
the transaction (SQLite's immediate transactions serialise writers anyway), so fifty identical
posts at once still find each other.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, ValidationError
from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core.languages import default_language, is_site_language
from frontdesk.inbox.answers import CleanAnswer, clean_answers
from frontdesk.inbox.models import Answer, Form, LogLine, Status, Submission
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.notify import notify_new_submission
from frontdesk.inbox.operations import tallies
from frontdesk.inbox.operations._access import require
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


def answers_hash(answers: list[CleanAnswer], files: list[CleanFile] = ()) -> str:
    """A stable digest of what was answered: same answers, same hash, whatever the order posted.

    Files count by field, original name, size and sha256 of their bytes.
    """
    canonical = sorted((answer.field.name, answer.payload or answer.value) for answer in answers)
    if files:
        canonical = [canonical, files_fingerprint(files)]
    return hashlib.sha256(json.dumps(canonical, ensure_ascii=False).encode()).hexdigest()


def _search_text(answers: list[CleanAnswer]) -> str:
    return "\n".join(answer.value for answer in answers).lower()


def _write_answers(submission: Submission, answers: list[CleanAnswer]) -> None:
    Answer.objects.bulk_create(
        Answer(
            submission=submission,
            field=answer.field,
            name=answer.field.name,
            label=dict(answer.field.label),
            type=answer.field.type,
            value=answer.value,
            payload=answer.payload,
            position=position,
        )
        for position, answer in enumerate(answers)
    )


def accept_submission(
    form: Form,
    values: dict,
    *,
    source: str = Source.PUBLIC,
    actor=None,
    meta: dict | None = None,
    language: str | None = None,
    files: dict | None = None,
) -> tuple[Submission, bool]:
    """Validate `values` ({machine name: value}) and `files` ({machine name: [UploadedFile]}) and
    store them; returns (submission, created).

    Raises one ValidationError keyed `fields.<machine name>` for answers and files together, or
    Http404 for a switched-off form. Files are written only for a new submission; when anything
    in the transaction fails, the files already written are deleted again.
    """
    if source == Source.PANEL:
        require(actor, "inbox.update")
    if form.is_switched_off:
        raise Http404(_("This form is switched off."))
    fields = list(form.live_fields())
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
    window = timedelta(seconds=settings.FRONTDESK["inbox"]["duplicate_window"])
    written: list[str] = []  # names on the inbox storage, deleted again if the block fails
    try:
        with transaction.atomic():
            return _store(form, answers, uploads, written, digest, now, window, source, actor, meta, language)
    except BaseException:
        # Rolled back: the rows are gone, so the files written for them go too.
        remove_files(written)
        raise


def _store(form, answers, uploads, written, digest, now, window, source, actor, meta, language):
    """The write half of accept_submission, run inside its transaction."""
    Form.objects.select_for_update().filter(pk=form.pk).first()
    earlier = (
        Submission.objects.filter(form=form, answers_hash=digest, created_at__gte=now - window)
        .order_by("-created_at")
        .first()
    )
    if earlier is not None:
        Submission.objects.filter(pk=earlier.pk).update(updated_at=now)
        LogLine.objects.create(
            submission=earlier, action="submission.repeated", actor=actor, data={"source": source}
        )
        earlier.updated_at = now
        return earlier, False
    submission = Submission.objects.create(
        form=form,
        status=arrival_status(),
        source=source,
        metadata=meta or {},
        language=language if is_site_language(language) else default_language(),
        answers_hash=digest,
        search_text=_search_text(answers),
        created_at=now,
        updated_at=now,
    )
    _write_answers(submission, answers)
    store_files(submission, uploads, written)
    LogLine.objects.create(
        submission=submission, action="submission.created", actor=actor, data={"source": source}
    )
    tallies.shift(form.pk, submission.status_id, total=1, unread=1)
    # Written first, mailed after the commit (send_per_recipient waits for it).
    notify_new_submission(submission)
    return submission, True
