"""The inbox's public views. The door: POST {path}/{slug}, without a CSRF check (visitors post
from cached pages); the antispam layers guard it instead. The session is kept for the no-script
answer (door.answer). And a public page that prints one form with the embed tag: the demo's
contact and enquiry pages."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from frontdesk.core.errors import NotFound, field_errors
from frontdesk.core.languages import default_language
from frontdesk.inbox import antispam
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.door import (
    answer,
    answer_verdict,
    gone,
    metadata,
    page_language,
    posted_files,
    posted_values,
    read_body,
    refusal,
    thanks,
)
from frontdesk.inbox.models import Form
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.operations import accept_submission
from frontdesk.inbox.queries.intake import live_form
from frontdesk.publishing.head import render_page


@csrf_exempt
@require_POST
def submit(request: HttpRequest, slug: str) -> HttpResponse:
    # The first read of the body: not a form's body answers 415, too large 413, here, never
    # Django's 400 or a 500.
    with translation.override(default_language()):
        unreadable = read_body(request)
        if unreadable is not None:
            return answer(request, unreadable)
    language = page_language(request)
    with translation.override(language):
        return receive(request, slug, language)


def receive(request: HttpRequest, slug: str, language: str) -> HttpResponse:
    """Judge and store the post, and answer it."""
    form = live_form(slug)
    if form is None:
        # Before antispam: whatever the post holds, the form is not there (docs/inbox.md).
        return answer(request, gone())
    verdict = antispam.check(
        request,
        form_slug=form.slug,
        overrides=form.options.get("antispam"),
        captcha_requested=bool(form.options.get("captcha")),
    )
    if verdict is not None:
        return answer_verdict(request, form, verdict)
    anonymise = inbox_settings()["anonymise_ip"]
    try:
        accept_submission(
            form,
            posted_values(request),
            source=Source.PUBLIC,
            meta=metadata(request, antispam.visitor_address(request, anonymise)),
            language=language,
            files=posted_files(request),
        )
    except ValidationError as error:
        return answer(
            request, refusal(_("Please correct the marked fields."), 422, field_errors(error)), form
        )
    except NotFound:
        return answer(request, gone())  # switched off while the post was on its way
    return answer(request, thanks(), form)


def form_page(request: HttpRequest, slug: str) -> HttpResponse:
    form = Form.objects.live().filter(slug=slug).first()
    if form is None:
        raise Http404
    return render_page(request, "inbox/site/form_page.html", {"form": form})
