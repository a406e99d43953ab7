"""Submissions: the list with its filters, the CSV export, one submission, typing one in by hand,
changing, marking read, and mass changes."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import HttpRequest, StreamingHttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from ninja import Query, Schema
from ninja import Status as Reply

from frontdesk.core.api.auth import may_read
from frontdesk.core.api.schemas import ERRORS, answers
from frontdesk.core.inputs import NOT_GIVEN
from frontdesk.inbox import operations, queries
from frontdesk.inbox.api import lookups, router
from frontdesk.inbox.api.schemas import (
    AccountRef,
    ExportQuery,
    FilterQuery,
    ListQuery,
    MassOut,
    StatusRef,
    SubmissionList,
    SubmissionOut,
)
from frontdesk.inbox.export import csv_stream, filename
from frontdesk.inbox.inputs import MassIn, ReadIn, SubmissionChange, SubmissionIn
from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.outputs import submission_handled_out, submission_out, submission_page_out
from frontdesk.inbox.permissions import UPDATE, VIEW

CSV_ANSWER = {
    200: {
        "description": "The CSV file, streamed (docs/inbox.md, “CSV export”).",
        "content": {"text/csv": {"schema": {"type": "string"}}},
    }
}


def _filter(query: FilterQuery) -> queries.SubmissionFilter:
    return queries.parse_filter(query.model_dump(include=set(queries.FILTER_KEYS)))


class SubmissionRef(Schema):
    """What a change answers to a caller who may change submissions but not read them."""

    id: int
    status: StatusRef
    assignee: AccountRef | None


def _detail(pk: int, flt: queries.SubmissionFilter) -> dict:
    submission = queries.submission_detail(pk)
    return submission_out(submission, queries.neighbours(submission, flt))


def _changed(request: HttpRequest, pk: int) -> dict:
    """The answer of a change: the whole submission only for a caller who may read it (inbox.view,
    and a token's inbox:read); anyone else learns the id, status and assignee they just set."""
    if may_read(request.user, VIEW):
        return _detail(pk, queries.SubmissionFilter())
    return submission_handled_out(Submission.objects.select_related("status", "assignee").get(pk=pk))


@router.get(
    "/forms/{form}/submissions",
    response=answers(200, SubmissionList),
    permission=VIEW,
    summary="A page of a form's submissions with the columns, tabs and counts",
)
def list_submissions(request: HttpRequest, form: int, query: Query[ListQuery]):
    found = queries.submission_page(
        lookups.form(form), _filter(query), page=query.page, per_page=query.per_page
    )
    return submission_page_out(found)


@router.post(
    "/forms/{form}/submissions",
    response={**answers(201, SubmissionOut | SubmissionRef), 200: SubmissionOut | SubmissionRef},
    permission=UPDATE,
    summary="Type a submission in by hand",
    description="The intake's rules without the antispam layers; errors are keyed fields.<machine name>."
    " Identical answers within the duplicate window answer 200 with the earlier submission."
    " Without inbox.view (or a token's inbox:read) the answer is only {id, status, assignee}.",
)
def create_submission(request: HttpRequest, form: int, payload: SubmissionIn):
    submission, created = operations.accept_submission(
        lookups.form(form),
        payload.answers,
        source=Source.PANEL,
        actor=request.user,
        language=payload.language,
    )
    return Reply(201 if created else 200, _changed(request, submission.pk))


@router.get(
    "/forms/{form}/submissions/export",
    response=ERRORS,
    permission=VIEW,
    summary="The submissions the filters keep, as a CSV file",
    openapi_extra={"responses": CSV_ANSWER},
)
def export_submissions(request: HttpRequest, form: int, query: Query[ExportQuery]):
    chosen = lookups.form(form)
    rows = csv_stream(chosen, _filter(query), bom=query.bom, language=get_language())
    response = StreamingHttpResponse(rows, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename(chosen)}"'
    response["X-Content-Type-Options"] = "nosniff"
    return response


# Before /submissions/{submission}: the first path that matches takes the request.
@router.post(
    "/submissions/mass",
    response=answers(200, MassOut),
    permission=UPDATE,
    summary="Set a status on, or delete, a selection of one form's submissions",
    description="All or nothing: a selection that reaches into another form is refused whole.",
)
def mass_change(request: HttpRequest, payload: MassIn):
    form = Form.objects.filter(pk=payload.form).first()
    if form is None:
        raise ValidationError({"form": [_("There is no such form.")]})
    changed = operations.update_submissions(
        form,
        actor=request.user,
        values={"ids": payload.ids, "status": payload.status, "delete": payload.delete},
    )
    return {"changed": changed}


@router.get(
    "/submissions/{submission}",
    response=answers(200, SubmissionOut),
    permission=VIEW,
    summary="One submission; previous and next walk the list the filters give",
    description="Reading a submission here does not mark it read (POST .../read does).",
)
def get_submission(request: HttpRequest, submission: int, query: Query[FilterQuery]):
    return _detail(lookups.submission(submission).pk, _filter(query))


@router.put(
    "/submissions/{submission}",
    response=answers(200, SubmissionOut | SubmissionRef),
    permission=UPDATE,
    summary="Change the status, the assignee or answers (only the keys given)",
    description="A change that changes nothing writes nothing. Without inbox.view (or a token's"
    " inbox:read) the answer is only {id, status, assignee}: the rest of the submission stays unread.",
)
def update_submission(request: HttpRequest, submission: int, payload: SubmissionChange):
    given = payload.model_dump(exclude_unset=True)
    found = lookups.submission(submission)
    operations.update_submission(
        found,
        actor=request.user,
        values={
            "status": given.get("status", NOT_GIVEN),
            "assignee": given.get("assignee", NOT_GIVEN),
            "answers": given.get("answers"),
        },
    )
    return _changed(request, found.pk)


@router.post(
    "/submissions/{submission}/read",
    response=answers(204, None),
    permission=VIEW,
    summary="Mark a submission read or unread",
)
def mark_read(request: HttpRequest, submission: int, payload: ReadIn):
    operations.mark_read(lookups.submission(submission), actor=request.user, read=payload.read)
    return Reply(204, None)
