"""One mail per recipient, in the recipient's language, sent as a task.

With the immediate task backend the mail goes out inline when the transaction commits; with
FRONTDESK_QUEUE=db it is a row written in the caller's transaction and waits for `frontdesk worker`. Rendering happens in the task, inside
`translation.override(recipient.language)`, so each recipient reads their own language.
A failure never propagates: the caller's `on_failure` callback (a dotted path, so it survives
the queue) is called with `(failure_key, address, reason)`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.tasks import task
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.module_loading import import_string
from django_tasks_db import DatabaseBackend

from frontdesk.core.languages import default_language, is_site_language

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Recipient:
    address: str
    language: str


def safe_reply_to(value: str | None) -> str | None:
    """A Reply-To value only when it is one plain, valid address (no header injection)."""
    if not value or any(char in value for char in '\r\n,;<>"'):
        return None
    try:
        validate_email(value)
    except ValidationError:
        return None
    return value


def send_per_recipient(
    recipients: list[Recipient],
    *,
    template: str,
    context: dict,
    reply_to: str | None = None,
    on_failure: str | None = None,
    failure_key: str | int | None = None,
) -> None:
    """Queue one mail per recipient with the current transaction.

    `template` names `<template>_subject.txt` and `<template>.txt`; `context` must be JSON. One
    task carries every recipient (one row in a database queue, however many are mailed); it
    sends each mail on its own, so a failure for one recipient never stops the next.
    """
    if recipients:
        Mails(recipients, template=template, reply_to=reply_to, on_failure=on_failure).queue(
            context, failure_key
        )


def is_database_queue(task) -> bool:
    """Whether `task` goes to the database queue (FRONTDESK_QUEUE=db), whose rows commit with the caller's."""
    return isinstance(task.get_backend(), DatabaseBackend)


class Mails:
    """`send_per_recipient` in two halves: made before the caller's transaction with what is
    known then, queued in it with the context and key, which may name rows it has just written."""

    def __init__(
        self,
        recipients: list[Recipient],
        *,
        template: str,
        reply_to: str | None = None,
        on_failure: str | None = None,
    ) -> None:
        # deliver_mails' keyword arguments, less the two queue() adds.
        self.kwargs: dict[str, Any] = {
            "recipients": [
                [person.address, person.language if is_site_language(person.language) else default_language()]
                for person in recipients
            ],
            "template": template,
            "reply_to": safe_reply_to(reply_to),
            "on_failure": on_failure,
        }

    def queue(self, context: dict, failure_key: str | int | None = None) -> None:
        kwargs = {**self.kwargs, "context": context, "failure_key": failure_key}
        if is_database_queue(deliver_mails):
            # A row beside the caller's, committed with them or not at all: a crash between a
            # commit and an enqueue cannot lose the mail.
            deliver_mails.enqueue(**kwargs)
        else:
            # Any other backend may run or publish the task at once, so it waits for the commit:
            # a mail must never announce a rolled-back row.
            transaction.on_commit(lambda: deliver_mails.enqueue(**kwargs))


def render_mail(template: str, context: dict, language: str) -> tuple[str, str]:
    with translation.override(language):
        subject = render_to_string(f"{template}_subject.txt", context).strip()
        body = render_to_string(f"{template}.txt", context)
    return " ".join(subject.split()), body


@task()
def deliver_mails(
    *,
    recipients: list[list[str]],
    template: str,
    context: dict,
    reply_to: str | None,
    on_failure: str | None,
    failure_key: str | int | None,
) -> int:
    """Send `template` to each [address, language] of `recipients`; answers how many went out."""
    return sum(
        deliver_mail.call(
            address=address,
            language=language,
            template=template,
            context=context,
            reply_to=reply_to,
            on_failure=on_failure,
            failure_key=failure_key,
        )
        for address, language in recipients
    )


@task()
def deliver_mail(
    *,
    address: str,
    language: str,
    template: str,
    context: dict,
    reply_to: str | None,
    on_failure: str | None,
    failure_key: str | int | None,
) -> bool:
    try:
        subject, body = render_mail(template, context, language)
        message = EmailMessage(
            subject=subject,
            body=body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[address],
            reply_to=[reply_to] if reply_to else None,
        )
        message.send()
    except Exception as error:  # any transport or template failure is reported, never raised
        logger.warning("Mail to %s failed: %s", address, error)
        if on_failure:
            import_string(on_failure)(failure_key, address, f"{type(error).__name__}: {error}")
        return False
    return True
