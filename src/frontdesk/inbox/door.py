"""What the public door reads from a post and how it answers: JSON, a redirect with the outcome
in the session, or a page of its own.

Kept apart from views.py so the view stays a few lines: parse, check, accept, answer. The session
carries an outcome only for a post to a live form that the rate limit has counted, and only what
the form prints again (docs/inbox.md, "Without script"): a flood of posts cannot fill the disk.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.core.validators import slug_re
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.http.request import QueryDict
from django.utils.datastructures import MultiValueDict
from django.utils.functional import Promise
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from frontdesk.core.languages import default_language, is_site_language
from frontdesk.inbox.answers import machine_name, refill_values
from frontdesk.inbox.antispam import DROP, Verdict
from frontdesk.inbox.conf import inbox_settings
from frontdesk.publishing.head import render_page

SESSION_KEY = "inbox_result"
MAX_META_LENGTH = 500
FORM_BODIES = ("application/x-www-form-urlencoded", "multipart/form-data")  # what a browser's form posts
KEPT_BYTES = 4096  # the most a refused post's answers take in the session, as JSON


@dataclass
class Outcome:
    ok: bool
    heading: str
    message: str
    status: int = 200
    errors: dict[str, list[str]] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


def posted_values(request: HttpRequest) -> dict[str, str | list[str]]:
    """{machine name: value} from inputs named fields[<machine name>] or fields[<machine name>][].

    Several values stay a list, from both spellings together, so that the field rules can refuse
    several answers to a single-value field instead of one spelling hiding the other.
    """
    items: dict[str, list[str]] = {}
    listed: set[str] = set()
    for key in request.POST:
        name = machine_name(key)
        if name is not None:
            items.setdefault(name, []).extend(request.POST.getlist(key))
            if key.endswith("[]"):
                listed.add(name)
    return {
        name: values if len(values) > 1 or name in listed else values[0] for name, values in items.items()
    }


def posted_files(request: HttpRequest) -> dict[str, list]:
    """{machine name: [UploadedFile]} from file inputs named fields[<name>] or fields[<name>][]."""
    files: dict[str, list] = {}
    for key in request.FILES:
        name = machine_name(key)
        if name is not None:
            files.setdefault(name, []).extend(request.FILES.getlist(key))
    return files


def body_limit() -> int:
    """Largest request body the door reads: every file at its largest, plus the other fields."""
    upload = inbox_settings()["upload"]
    return upload["max_bytes"] * upload["max_files"] + settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def _content_length(request: HttpRequest) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def is_form_body(request: HttpRequest) -> bool:
    """Whether the body is one the door reads: form-encoded or multipart, or no body at all."""
    if request.content_type in FORM_BODIES:
        return True
    return not request.content_type and _content_length(request) == 0


def read_body(request: HttpRequest) -> Outcome | None:
    """Parse the body once, up front; None when it could be read, else the refusal to answer.

    A body that is not form-encoded or multipart (JSON, say) answers 415 and is not read: Django
    would see an empty form, and the antispam layers would refuse it with words that mislead an
    integrator. Over the limits (Content-Length above `body_limit()`, or Django's
    RequestDataTooBig, TooManyFilesSent, TooManyFieldsSent) answers 413; a malformed multipart
    body 400. Either way the request is left with empty POST and FILES so the answer can still
    be built.
    """
    if not is_form_body(request):
        _forget_body(request)
        return refusal(
            _(
                "Send the form as application/x-www-form-urlencoded or multipart/form-data; "
                "other bodies, such as JSON, are not read."
            ),
            415,
        )
    length = _content_length(request)
    try:
        if length > body_limit():
            raise RequestDataTooBig
        request.POST  # noqa: B018 - reading it parses the body and the files
        request.FILES  # noqa: B018
    except (RequestDataTooBig, TooManyFilesSent, TooManyFieldsSent):
        _forget_body(request)
        return refusal(_("The files or the message are too large. Send less at once."), 413)
    except MultiPartParserError:
        _forget_body(request)
        return refusal(_("The message could not be read. Please try again."), 400)
    return None


def _forget_body(request: HttpRequest) -> None:
    # What Django's own _mark_post_parse_error does: later reads see an empty post.
    request._post, request._files = QueryDict(), MultiValueDict()  # type: ignore[attr-defined]  # private, not in the stubs


def page_language(request: HttpRequest) -> str:
    """site_locale, only when the site has that language (spec: "The form on the website", 6)."""
    wanted = request.POST.get("site_locale", "")
    return wanted if is_site_language(wanted) else default_language()


def wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def back_address(request: HttpRequest) -> str:
    """The page the form was on, when it is one of the site's own; else the home page."""
    referer = request.headers.get("Referer", "")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return "/"


def shown_by(request: HttpRequest, form) -> str:
    """The form that shows the outcome: the one site_form names (several forms on a page) when it
    is a form's slug at all, else `form` itself."""
    named = request.POST.get("site_form", "")
    longest = form._meta.get_field("slug").max_length
    return named if len(named) <= longest and slug_re.fullmatch(named) else form.slug


def answer(request: HttpRequest, outcome: Outcome, form=None) -> HttpResponse:
    """JSON when the request asks for it. Without script: for a post to the live `form`, a
    redirect back with the outcome in the session, read once by the form's embed tag; with no
    form to show it in (`form` None: unknown or switched off, an unreadable body, any refusal of
    an address over its rate limit), a page of the site's layout with the message and a link back,
    and no session.
    """
    redirect_to = back_address(request)
    if wants_json(request):
        body = {
            "ok": outcome.ok,
            "heading": outcome.heading,
            "message": outcome.message,
            "redirect": redirect_to,
        }
        if outcome.errors:
            body["errors"] = outcome.errors
        response: HttpResponse = JsonResponse(body, status=outcome.status)
    elif form is None:
        context = {"outcome": outcome, "back": redirect_to}
        response = render_page(request, "inbox/site/refusal.html", context, status=outcome.status)
    else:
        values = {} if outcome.ok else posted_values(request)
        request.session[SESSION_KEY] = {
            "form": shown_by(request, form),
            "values": refill_values(form.intake_fields(), values, KEPT_BYTES) if values else {},
            **asdict(outcome),
        }
        response = HttpResponseRedirect(redirect_to)
    for name, value in outcome.headers.items():
        response[name] = value
    # The language the words above are in: the page's (or the site's default before it is read).
    response["Content-Language"] = get_language()
    return response


def answer_verdict(request: HttpRequest, form, verdict: Verdict) -> HttpResponse:
    """The answer to a post an antispam layer objected to."""
    if verdict.action == DROP:
        return answer(request, thanks(), form)  # exactly like a success (docs/inbox-antispam.md)
    outcome = refusal(verdict.message, verdict.status, headers=verdict.headers)
    # An address over its limit gets a page: a flood of posts leaves nothing in the session.
    return answer(request, outcome, None if verdict.over_limit else form)


def thanks() -> Outcome:
    return Outcome(True, _("Thank you"), _("Thank you. Your message has been sent."))


def refusal(
    message: str | Promise, status: int, errors: dict | None = None, headers: dict | None = None
) -> Outcome:
    return Outcome(False, _("Not sent"), str(message), status, errors or {}, headers or {})


def gone() -> Outcome:
    """An unknown or switched-off form: the same 404 for both (docs/inbox.md)."""
    return refusal(_("This form does not exist or is switched off."), 404)


def metadata(request: HttpRequest, address: str) -> dict:
    return {
        "ip": address,
        "user_agent": request.headers.get("User-Agent", "")[:MAX_META_LENGTH],
        "page": request.headers.get("Referer", "")[:MAX_META_LENGTH],
    }
