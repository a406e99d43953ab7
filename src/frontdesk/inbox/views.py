"""The public door: POST {path}/{slug}. No CSRF check (visitors post from cached pages); the
antispam layers guard it instead. The session is kept for the no-script answer."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from frontdesk.core.api.errors import error_map
from frontdesk.core.languages import default_language
from frontdesk.inbox import antispam
from frontdesk.inbox.door import (
    answer,
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


@csrf_exempt
@require_POST
def submit(request: HttpRequest, slug: str) -> HttpResponse:
    # The first read of the body: too large answers 413 here, never Django's 400 or a 500.
    with translation.override(default_language()):
        unreadable = read_body(request)
    if unreadable is not None:
        return answer(request, slug, unreadable)
    language = page_language(request)
    with translation.override(language):
        form = Form.objects.live().filter(slug=slug).first()
        if form is None:
            # An unknown or switched-off form: 404, the same for both (docs/inbox.md).
            return answer(request, slug, refusal(_("This form does not exist or is switched off."), 404))
        verdict = antispam.check(
            request,
            form_slug=form.slug,
            overrides=form.options.get("antispam"),
            captcha_requested=bool(form.options.get("captcha")),
        )
        if verdict is not None:
            if verdict.action == "drop":
                return answer(request, slug, thanks())
            return answer(request, slug, refusal(verdict.message, verdict.status, headers=verdict.headers))
        anonymise = settings.FRONTDESK["inbox"]["anonymise_ip"]
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
                request, slug, refusal(_("Please correct the marked fields."), 422, error_map(error))
            )
        except Http404:
            return answer(request, slug, refusal(_("This form does not exist or is switched off."), 404))
        return answer(request, slug, thanks())
