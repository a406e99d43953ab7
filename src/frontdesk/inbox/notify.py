"""Mail to the people named on a form, one per recipient in their own language (spec: "Events").

Accounts read their panel language, typed addresses the language the submission arrived in.
The mail lists the answers with their labels, links to the submission in the panel and names
attachments without attaching them. Reply-To is the answer of the form's e-mail field; the
sender is always the site's own address. A failure is written to `notify_error`.
"""

from __future__ import annotations

from types import SimpleNamespace

from django.conf import settings
from django.db.models import Value
from django.db.models.functions import Concat

from frontdesk.core.mail import Recipient, send_per_recipient
from frontdesk.inbox.models import Submission
from frontdesk.inbox.queries import assignees

TEMPLATE = "inbox/mail/new_submission"


def recipients_of(submission: Submission) -> list[Recipient]:
    chosen = submission.form.options.get("recipients") or {}
    # Only accounts that may still open the inbox: the mail carries the answers (docs/inbox.md).
    chosen_accounts = chosen.get("accounts") or []
    accounts = assignees().filter(pk__in=chosen_accounts) if chosen_accounts else []
    people = [Recipient(account.email, account.panel_language) for account in accounts if account.email]
    known = {recipient.address.lower() for recipient in people}
    people += [
        Recipient(address, submission.language)
        for address in chosen.get("addresses") or []
        if address.lower() not in known
    ]
    return people


def mail_context(
    submission: Submission, answers: list | None = None, file_names: list[str] | None = None
) -> dict:
    """Everything the mail shows, as JSON (it may wait in a queue). `answers` (Answers, or rows
    with their label, value and type) and `file_names`, when the caller has them at hand, save
    reading them back."""
    answers = list(submission.answers.all()) if answers is None else answers
    if file_names is None:
        file_names = [attachment.original_name for attachment in submission.files.all()]
    return {
        "form_title": submission.form.title,
        "submission_id": submission.pk,
        "received": submission.created_at.isoformat(),
        "panel_url": f"{settings.BASE_URL}/cms/inbox/submissions/{submission.pk}/",
        "answers": [
            {"label": answer.label, "value": answer.value}
            for answer in answers
            if answer.type not in {"file", "hidden"} or answer.value
        ],
        "files": file_names,
    }


def notify_new_submission(
    submission: Submission, *, answer_rows: list[dict] | None = None, file_names: list[str] | None = None
) -> None:
    """Queue the mails with the submission (core/mail.py); nothing is sent on a rollback.

    `answer_rows` and `file_names`, the rows just written, save reading them back. Asks the
    database nothing when the form names nobody to mail.
    """
    people = recipients_of(submission)
    if not people:
        return
    if answer_rows is None:
        answers = list(submission.answers.all())
    else:
        answers = [SimpleNamespace(**row) for row in answer_rows]  # what the mail reads of an Answer
    email_name = submission.form.email_field_name
    reply_to = next((answer.value for answer in answers if email_name and answer.name == email_name), None)
    send_per_recipient(
        people,
        template=TEMPLATE,
        context=mail_context(submission, answers, file_names),
        reply_to=reply_to,
        on_failure="frontdesk.inbox.notify.record_failure",
        failure_key=submission.pk,
    )


def record_failure(submission_id: int, address: str, reason: str) -> None:
    """Called by the mail task when a recipient could not be written to; the submission stays."""
    line = f"{address}: {reason}"[:1000]
    Submission.objects.filter(pk=submission_id, notify_error="").update(notify_error=line)
    Submission.objects.filter(pk=submission_id).exclude(notify_error="").exclude(
        notify_error__contains=address
    ).update(notify_error=Concat("notify_error", Value("\n" + line)))
