"""What the public door reads from a post and how it answers (JSON, or a redirect with the session).

Kept apart from views.py so the view stays a few lines: parse, check, accept, answer.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.http.request import QueryDict
from django.utils.datastructures import MultiValueDict
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from frontdesk.core.languages import default_language, is_site_language

SESSION_KEY = "inbox_result"
FIELD_PREFIX, FIELD_SUFFIX = "fields[", "]"
MAX_META_LENGTH = 500


@dataclass
class Outcome:
    ok: bool
    heading: str
    message: str
    status: int = 200
    errors: dict[str, list[str]] = field(default_factory=dict)
    headers: dict[str, str] = field(default_factory=dict)


def machine_name(key: str) -> str | None:
    """ "x" for an input named fields[x] or fields[x][]; None for any other input."""
    if key.startswith(FIELD_PREFIX) and key.endswith(FIELD_SUFFIX):
        return key[len(FIELD_PREFIX) : -len(FIELD_SUFFIX)].removesuffix("][")
    return None


def posted_values(request: HttpRequest) -> dict[str, str | list[str]]:
    """{machine name: value} from inputs named fields[<machine name>]; several values stay a list."""
    values: dict[str, str | list[str]] = {}
    for key in request.POST:
        name = machine_name(key)
        if name is not None:
            items = request.POST.getlist(key)
            values[name] = items if len(items) > 1 or key.endswith("[]") else items[0]
    return values


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
    upload = settings.FRONTDESK["inbox"]["upload"]
    return upload["max_bytes"] * upload["max_files"] + settings.DATA_UPLOAD_MAX_MEMORY_SIZE


def read_body(request: HttpRequest) -> Outcome | None:
    """Parse the body once, up front; None when it could be read, else the refusal to answer.

    Over the limits (Content-Length above `body_limit()`, or Django's RequestDataTooBig,
    TooManyFilesSent, TooManyFieldsSent) answers 413; a malformed multipart body 400. Either way
    the request is left with empty POST and FILES so the answer can still be built.
    """
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
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
    request._post, request._files = QueryDict(), MultiValueDict()


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


def answer(request: HttpRequest, slug: str, outcome: Outcome) -> HttpResponse:
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
    else:
        # Read once by the embed tag of the form named in site_form (spec: several forms per page).
        request.session[SESSION_KEY] = {
            "form": request.POST.get("site_form", slug),
            "values": posted_values(request) if not outcome.ok else {},
            **asdict(outcome),
        }
        response = HttpResponseRedirect(redirect_to)
    for name, value in outcome.headers.items():
        response[name] = value
    return response


def thanks() -> Outcome:
    return Outcome(True, _("Thank you"), _("Thank you. Your message has been sent."))


def refusal(message: str, status: int, errors: dict | None = None, headers: dict | None = None) -> Outcome:
    return Outcome(False, _("Not sent"), str(message), status, errors or {}, headers or {})


def metadata(request: HttpRequest, address: str) -> dict:
    return {
        "ip": address,
        "user_agent": request.headers.get("User-Agent", "")[:MAX_META_LENGTH],
        "page": request.headers.get("Referer", "")[:MAX_META_LENGTH],
    }
