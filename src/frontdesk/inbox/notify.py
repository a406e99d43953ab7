"""Mail to the people named on a form, one per recipient in their own language (spec: "Events").

Accounts read their panel language, typed addresses the language the submission arrived in.
The mail lists the answers with their labels, links to the submission in the panel and names
attachments without attaching them. Reply-To is the answer of the form's e-mail field; the
sender is always the site's own address. A failure is written to `notify_error`.
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Value
from django.db.models.functions import Concat
from django.urls import reverse

from frontdesk.core.mail import Mails, Recipient
from frontdesk.core.serving import absolute_url
from frontdesk.inbox.models import Answer, Form, Submission
from frontdesk.inbox.queries import assignees

TEMPLATE = "inbox/mail/new_submission"


def recipients_of(form: Form, language: str) -> list[Recipient]:
    """Who is mailed about a new submission to `form` that arrived in `language`."""
    chosen = form.options.get("recipients") or {}
    # Only accounts that may still open the inbox: the mail carries the answers (docs/inbox.md).
    chosen_accounts = chosen.get("accounts") or []
    accounts = assignees().filter(pk__in=chosen_accounts) if chosen_accounts else []
    people = [Recipient(account.email, account.panel_language) for account in accounts if account.email]
    known = {recipient.address.lower() for recipient in people}
    people += [
        Recipient(address, language)
        for address in chosen.get("addresses") or []
        if address.lower() not in known
    ]
    return people


class NewSubmissionMail:
    """The mails about a new submission, made before its transaction from the answers about to be
    written (`prepare`), queued in it once the submission has its id (`queue`). Asks the database
    nothing when the form names nobody to mail.
    """

    def __init__(self, mails: Mails, context: dict) -> None:
        self.mails, self.context = mails, context

    @classmethod
    def prepare(
        cls, form: Form, language: str, received: datetime, answers: list[Answer], file_names: list[str]
    ) -> NewSubmissionMail | None:
        """`answers`: the answers' rows as they are about to be written, in order."""
        people = recipients_of(form, language)
        if not people:
            return None
        email_name = form.email_field_name
        reply_to = next(
            (answer.value for answer in answers if email_name and answer.name == email_name), None
        )
        mails = Mails(
            people, template=TEMPLATE, reply_to=reply_to, on_failure="frontdesk.inbox.notify.record_failure"
        )
        return cls(mails, mail_context(form, received, answers, file_names))

    def queue(self, submission: Submission) -> None:
        self.mails.queue(self._context(submission.pk), failure_key=submission.pk)

    def _context(self, submission_id: int) -> dict:
        panel_url = absolute_url(reverse("panel:panel-inbox:submission", args=[submission_id]))
        return {**self.context, "submission_id": submission_id, "panel_url": panel_url}


def mail_context(form: Form, received: datetime, answers: list[Answer], file_names: list[str]) -> dict:
    """Everything the mail shows but the submission's id and link, as JSON (it may wait in a queue)."""
    return {
        "form_title": form.title,
        "received": received.isoformat(),
        "answers": [
            {"label": answer.label, "value": answer.value}
            for answer in answers
            if answer.type not in {"file", "hidden"} or answer.value
        ],
        "files": file_names,
    }


def record_failure(submission_id: int, address: str, reason: str) -> None:
    """Called by the mail task when a recipient could not be written to; the submission stays."""
    line = f"{address}: {reason}"[:1000]
    Submission.objects.filter(pk=submission_id, notify_error="").update(notify_error=line)
    Submission.objects.filter(pk=submission_id).exclude(notify_error="").exclude(
        notify_error__contains=address
    ).update(notify_error=Concat("notify_error", Value("\n" + line)))
