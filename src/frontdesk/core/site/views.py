"""The public site's own pages. Services print into the same layout (site/base.html)."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import defaults

from frontdesk.core.demo import demo_pages
from frontdesk.core.languages import translate
from frontdesk.core.navigation import home_response


def home(request: HttpRequest) -> HttpResponse:
    # A module's home page (the pages module's published home page) answers first.
    answered = home_response(request)
    if answered is not None:
        return answered
    pages = [{"title": translate(page.title), "url": page.url()} for page in demo_pages()]
    return render(request, "site/home.html", {"pages": pages})


def favicon(request: HttpRequest) -> HttpResponse:
    # Browsers ask for /favicon.ico on pages that link no icon (the panel, a file): answer with
    # the site's icon rather than a 404 in their console. Not permanent: the icon may move.
    return redirect(static("frontdesk/favicon.svg"))


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a malformed header, an unknown Host): the API's JSON error under /api/cms/,
    since its clients read JSON whatever went wrong, and the 400 page (400.html) elsewhere."""
    if request.path.startswith(reverse("cms-api:api-root")):
        message = _(
            "This request could not be read: something it carries, such as a header, is malformed or"
            " too long. Please go back and try again."
        )
        return JsonResponse({"message": message}, status=400)
    return defaults.bad_request(request, exception)
