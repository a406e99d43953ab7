"""Rows as the doors answer them: plain dicts, shaped like the API's schemas (api/schemas.py)
and shared by the MCP tools, so a submission reads the same to a script and to an agent.

Translated values are answered whole (`title`, `label`) and as text in the caller's language
(`title_text`, `label_text`). Attachments are named by the API route that serves them, never
by a storage path; the agent tools leave even that out.
"""

from __future__ import annotations

from django.urls import reverse

from frontdesk.core.languages import translate
from frontdesk.core.outputs import log_line_out
from frontdesk.inbox import queries
from frontdesk.inbox.models import Field, Form, Status, Submission
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.panel.screens import FORM_EDITOR
from frontdesk.publishing.project_fields import listed_extra

DEFAULT_OPTIONS = {"recipients": {"accounts": [], "addresses": []}, "antispam": {}, "captcha": False}


def field_out(field: Field) -> dict:
    return {
        "id": field.pk,
        "name": field.name,
        "machine_name": field.machine_name,
        "label": field.label or {},
        "type": field.type,
        "type_label": str(field.kind.label),
        "hint": field.hint or {},
        "in_table": field.in_table,
        "full_width": field.full_width,
        "position": field.position,
        "required": field.required,
        "choices": field.choices or [],
        "min_length": field.min_length,
        "max_length": field.max_length,
        "min_value": field.min_value,
        "max_value": field.max_value,
        "extensions": field.extensions or [],
        "deleted_at": field.deleted_at,
    }


def form_basics(form: Form) -> dict:
    """What the forms column and the whole form both say of a form."""
    return {
        "id": form.pk,
        "slug": form.slug,
        "title": form.title,
        "title_text": translate(form.title),
        "is_switched_off": form.is_switched_off,
        "position": form.position,
        "extra": listed_extra(FORM_EDITOR.id, form.extra),
    }


def form_row(form: Form) -> dict:
    """A row of the forms column; `form` carries `.total` and `.unread` (queries.forms_column)."""
    return {**form_basics(form), "total": form.total, "unread": form.unread}


def form_out(form: Form) -> dict:
    return {
        **form_basics(form),
        "options": {**DEFAULT_OPTIONS, **(form.options or {})},
        "email_field_name": form.email_field_name,
        "fields": [field_out(field) for field in form.live_fields().order_by("position", "id")],
    }


def status_out(status: Status) -> dict:
    return {
        "id": status.pk,
        "label": status.label,
        "label_text": translate(status.label),
        "colour": status.colour,
        "is_arrival": status.is_arrival,
        "is_spam": status.is_spam,
        "is_closed": status.is_closed,
        "position": status.position,
    }


def status_ref(status: Status) -> dict:
    return {"id": status.pk, "label": translate(status.label), "colour": status.colour}


def account_ref(account) -> dict | None:
    return None if account is None else {"id": account.pk, "name": str(account), "email": account.email}


def submission_handled_out(submission: Submission) -> dict:
    """What a change answers to a caller who may change a submission but not read it."""
    return {
        "id": submission.pk,
        "status": status_ref(submission.status),
        "assignee": account_ref(submission.assignee),
    }


def submission_row(row: Submission) -> dict:
    """A row of the list; `row` comes from queries.with_cells (status, assignee, `.cells`)."""
    return {
        "id": row.pk,
        "created_at": row.created_at,
        "updated_at": row.updated_at,
        "status": status_ref(row.status),
        "assignee": account_ref(row.assignee),
        "is_unread": row.is_unread,
        "language": row.language,
        "source": row.source,
        "cells": row.cells,
    }


def file_url(submission_id: int, file_id: int) -> str:
    return reverse("cms-api:inbox_file", kwargs={"submission": submission_id, "file": file_id})


def submission_out(
    submission: Submission,
    neighbours: tuple[int | None, int | None] = (None, None),
    *,
    file_urls: bool = True,
) -> dict:
    """One submission; `submission` comes from queries.submission_detail. `file_urls=False`
    leaves out even the panel's download route (the agent tools name files by id only)."""
    lines = list(submission.log.all())
    return {
        "id": submission.pk,
        "form": {
            "id": submission.form_id,
            "slug": submission.form.slug,
            "title_text": translate(submission.form.title),
        },
        "status": status_ref(submission.status),
        "assignee": account_ref(submission.assignee),
        "is_unread": submission.is_unread,
        "language": submission.language,
        "source": submission.source,
        "source_label": str(Source(submission.source).label) if submission.source in Source.values else "",
        "metadata": submission.metadata or {},
        "notify_error": submission.notify_error,
        "created_at": submission.created_at,
        "updated_at": submission.updated_at,
        "answers": [
            {
                "name": answer.name,
                "label": translate(answer.label) or answer.name,
                "labels": answer.label or {},
                "type": answer.type,
                "value": answer.value,
                "values": answer.payload,
            }
            for answer in submission.answers.all()
        ],
        "files": [
            {
                "id": item.pk,
                "name": item.original_name,
                "size": item.size,
                "content_type": item.content_type,
                "answer": item.answer_name,
                **({"url": file_url(submission.pk, item.pk)} if file_urls else {}),
            }
            for item in submission.files.all()
        ],
        "log": [log_line_out(entry.line, entry.text) for entry in queries.log_entries(lines)],
        "previous": neighbours[0],
        "next": neighbours[1],
    }


def submission_page_out(found: queries.SubmissionPage) -> dict:
    """A page of the list in the paginator structure, with its columns and tabs."""
    return {
        "rows": [submission_row(row) for row in found.rows],
        "current_page": found.current_page,
        "per_page": found.per_page,
        "total": found.total,
        "last_page": found.last_page,
        "total_is_capped": found.total_is_capped,
        "columns": [
            {"name": field.name, "label": translate(field.label) or field.name} for field in found.columns
        ],
        "tabs": [
            {
                "key": tab.key,
                "label": tab.label,
                "count": tab.count,
                "unread": tab.unread,
                "colour": tab.colour,
            }
            for tab in found.tabs
        ],
    }
