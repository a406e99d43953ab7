"""One mail per recipient, in the recipient's language, sent as a task.

With the immediate task backend the mail goes out inline when the transaction commits; with
FRONTDESK_QUEUE=db it waits for `frontdesk worker`. Rendering happens in the task, inside
`translation.override(recipient.language)`, so each recipient reads their own language.
A failure never propagates: the caller's `on_failure` callback (a dotted path, so it survives
the queue) is called with `(failure_key, address, reason)`.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.tasks import task
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.module_loading import import_string

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
    """Queue one mail per recipient once the current transaction commits.

    `template` names `<template>_subject.txt` and `<template>.txt`; `context` must be JSON.
    """
    for recipient in recipients:
        language = recipient.language if is_site_language(recipient.language) else default_language()
        kwargs = {
            "address": recipient.address,
            "language": language,
            "template": template,
            "context": context,
            "reply_to": safe_reply_to(reply_to),
            "on_failure": on_failure,
            "failure_key": failure_key,
        }
        transaction.on_commit(lambda kwargs=kwargs: deliver_mail.enqueue(**kwargs))


def render_mail(template: str, context: dict, language: str) -> tuple[str, str]:
    with translation.override(language):
        subject = render_to_string(f"{template}_subject.txt", context).strip()
        body = render_to_string(f"{template}.txt", context)
    return " ".join(subject.split()), body


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
