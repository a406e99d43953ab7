"""Mail to the people named on a form, one per recipient in their own language (spec: "Events").

Accounts read their panel language, typed addresses the language the submission arrived in.
The mail lists the answers with their labels, links to the submission in the panel and names
attachments without attaching them. Reply-To is the answer of the form's e-mail field; the
sender is always the site's own address. A failure is written to `notify_error`.
"""

from __future__ import annotations

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
    accounts = assignees().filter(pk__in=chosen.get("accounts") or [])
    people = [Recipient(account.email, account.panel_language) for account in accounts if account.email]
    known = {recipient.address.lower() for recipient in people}
    people += [
        Recipient(address, submission.language)
        for address in chosen.get("addresses") or []
        if address.lower() not in known
    ]
    return people


def mail_context(submission: Submission) -> dict:
    """Everything the mail shows, as JSON (it may wait in a queue)."""
    return {
        "form_title": submission.form.title,
        "submission_id": submission.pk,
        "received": submission.created_at.isoformat(),
        "panel_url": f"{settings.BASE_URL}/cms/inbox/submissions/{submission.pk}/",
        "answers": [
            {"label": answer.label, "value": answer.value}
            for answer in submission.answers.all()
            if answer.type not in {"file", "hidden"} or answer.value
        ],
        "files": [attachment.original_name for attachment in submission.files.all()],
    }


def notify_new_submission(submission: Submission) -> None:
    """Queue the mails once the submission is committed; nothing happens on a rollback."""
    people = recipients_of(submission)
    if not people:
        return
    email_answer = (
        submission.answer(submission.form.email_field_name) if submission.form.email_field_name else None
    )
    send_per_recipient(
        people,
        template=TEMPLATE,
        context=mail_context(submission),
        reply_to=email_answer.value if email_answer else None,
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
