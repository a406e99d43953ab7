"""Attachments: the only way to their bytes. They have no public address; this route reads them
from the inbox storage behind inbox.view and hands them over as a download."""

from __future__ import annotations

from django.http import FileResponse, Http404, HttpRequest
from django.utils.translation import gettext as _

from frontdesk.core.api.schemas import ERRORS
from frontdesk.inbox.api import lookups, router
from frontdesk.inbox.models.submissions import inbox_storage
from frontdesk.inbox.permissions import VIEW

FILE_ANSWER = {
    200: {
        "description": "The bytes, as a download (Content-Disposition: attachment).",
        "content": {"*/*": {"schema": {"type": "string", "format": "binary"}}},
    }
}


@router.get(
    "/submissions/{submission}/files/{file}",
    response=ERRORS,
    permission=VIEW,
    url_name="inbox_file",
    summary="Download an attachment of a submission",
    openapi_extra={"responses": FILE_ANSWER},
)
def download(request: HttpRequest, submission: int, file: int):
    found = lookups.submission(submission)
    attachment = lookups.one(found.files.all(), file, _("This submission has no such file."))
    try:
        handle = inbox_storage().open(attachment.stored_name.name, "rb")
    except OSError:
        raise Http404(_("The file is missing from the storage.")) from None
    response = FileResponse(
        handle,
        as_attachment=True,
        filename=attachment.original_name or "attachment",
        content_type=attachment.content_type or "application/octet-stream",
    )
    # The browser must never render what a visitor sent, nor guess another type for it.
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    response["Cache-Control"] = "private, no-store"
    return response
