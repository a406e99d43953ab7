"""Staff handling a submission: status, assignee, a corrected answer, read/unread, mass changes.

Each change writes a log line with a dotted action name: submission.status_changed,
submission.assigned, submission.answer_corrected, submission.marked_read/_unread.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.inputs import NOT_GIVEN, refuse_unknown_keys
from frontdesk.inbox.answers import clean_answers
from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.operations import tallies
from frontdesk.inbox.operations.retention import purge_submission
from frontdesk.inbox.permissions import UPDATE, VIEW

SUBMISSION_KEYS = ("status", "assignee", "answers")
MASS_KEYS = ("ids", "status", "delete")


def _status(value) -> Status:
    try:
        return value if isinstance(value, Status) else Status.objects.get(pk=int(value))
    except (Status.DoesNotExist, TypeError, ValueError):
        raise ValidationError({"status": [_("There is no such status.")]}) from None


def _assignee(value):
    if value in (None, ""):
        return None
    User = get_user_model()
    try:
        account = value if isinstance(value, User) else User.objects.get(pk=int(value), is_active=True)
    except (User.DoesNotExist, TypeError, ValueError):
        raise ValidationError({"assignee": [_("There is no such account.")]}) from None
    if not account.has_perm(VIEW):
        raise ValidationError({"assignee": [_("This account cannot open the inbox.")]})
    return account


def _correct_answers(actor: Actor, submission: Submission, corrections: dict) -> bool:
    """Write the answers that differ; True when one did."""
    by_name = {answer.name: answer for answer in submission.answers.select_related("field")}
    unknown = sorted(set(corrections) - set(by_name))
    if unknown:
        raise ValidationError(
            {f"answers.{name}": [_("This submission has no such answer.")] for name in unknown}
        )
    current = {name: field for name in corrections if (field := by_name[name].field) is not None}
    fields = list(current.values())
    # A field may have been renamed since: validate under its current name.
    raw = {current[name].name: value for name, value in corrections.items() if name in current}
    cleaned = {answer.field.name: answer for answer in clean_answers(fields, raw)}
    changed = False
    for name, new in corrections.items():
        answer = by_name[name]
        clean = cleaned.get(answer.field.name) if answer.field else None
        value = clean.value if clean else str(new or "").strip()
        if value == answer.value:
            continue
        changes = {f"answers.{name}": [answer.value, value]}
        log.write(submission, "submission.answer_corrected", actor, changes=changes)
        answer.value, answer.payload = value, (clean.payload if clean else None)
        answer.save(update_fields=["value", "payload"])
        changed = True
    if changed:
        submission.search_text = "\n".join(a.value for a in submission.answers.all()).lower()
    return changed


@transaction.atomic
def update_submission(submission: Submission, *, actor: Actor, values: dict) -> Submission:
    """Change status, assignee and corrected answers (`values`' keys status, assignee, answers) in
    one call (spec: "submission update"); a key left out keeps its value.

    Only what differs is written and logged; a call that changes nothing leaves the submission
    as it was, `updated_at` included, so "last changed" means a real change.
    """
    require_permission(actor, UPDATE)
    refuse_unknown_keys(values, SUBMISSION_KEYS, location="__all__")
    status = values.get("status", NOT_GIVEN)
    assignee = values.get("assignee", NOT_GIVEN)
    answers = values.get("answers")
    submission = Submission.objects.select_for_update().get(pk=submission.pk)
    changed = False
    if status is not NOT_GIVEN:
        new_status = _status(status)
        if new_status.pk != submission.status_id:
            changed = True
            changes: dict[str, list[int | None]] = {"status": [submission.status_id, new_status.pk]}
            log.write(submission, "submission.status_changed", actor, changes=changes)
            unread = int(submission.is_unread)
            tallies.shift(submission.form_id, submission.status_id, total=-1, unread=-unread)
            tallies.shift(submission.form_id, new_status.pk, total=1, unread=unread)
            submission.status = new_status
    if assignee is not NOT_GIVEN:
        account = _assignee(assignee)
        if getattr(account, "pk", None) != submission.assignee_id:
            changed = True
            changes = {"assignee": [submission.assignee_id, getattr(account, "pk", None)]}
            log.write(submission, "submission.assigned", actor, changes=changes)
            submission.assignee = account
    if answers and _correct_answers(actor, submission, answers):
        changed = True
    if changed:
        submission.updated_at = timezone.now()
        submission.save()
    return submission


@transaction.atomic
def mark_read(submission: Submission, *, actor: Actor, read: bool = True) -> None:
    """Opening a submission marks it read (docs/inbox.md); "mark unread" turns it back."""
    require_permission(actor, VIEW)
    changed = Submission.objects.filter(pk=submission.pk, is_unread=read).update(is_unread=not read)
    if changed:
        status_id = Submission.objects.values_list("status_id", flat=True).get(pk=submission.pk)
        tallies.shift(submission.form_id, status_id, unread=-1 if read else 1)
        action = "submission.marked_read" if read else "submission.marked_unread"
        log.write(submission, action, actor, changes={"is_unread": [read, not read]})
        submission.is_unread = not read


def update_submissions(form: Form, *, actor: Actor, values: dict) -> int:
    """Set a status on, or delete, the chosen submissions of one form (`values`: ids, and status
    or delete: true); returns how many changed."""
    require_permission(actor, UPDATE)
    refuse_unknown_keys(values, MASS_KEYS, location="__all__")
    ids, status, delete = values.get("ids"), values.get("status"), bool(values.get("delete"))
    if (status is None) == (not delete):
        raise ValidationError({"__all__": [_("Choose a status or deletion.")]})
    try:
        wanted = {int(pk) for pk in ids or ()}
    except (TypeError, ValueError):
        raise ValidationError({"ids": [_("Give the selection as a list of ids.")]}) from None
    chosen = list(Submission.objects.filter(form=form, pk__in=wanted))
    if len(chosen) != len(wanted):
        raise ValidationError({"ids": [_("Some of the chosen submissions are not in this form.")]})
    with transaction.atomic():
        for submission in chosen:
            if delete:
                purge_submission(submission, actor=actor)
            else:
                update_submission(submission, actor=actor, values={"status": status})
    return len(chosen)
