"""The public site's own pages, in the site's layout (publishing/head.render_page): the home page
(a module's, registered in publishing/navigation.py, else the host's), the favicon, 404 and 400."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import defaults

from frontdesk.core.demo import demo_pages
from frontdesk.core.languages import translate
from frontdesk.publishing.head import head_of, render_page
from frontdesk.publishing.navigation import home_response


def home(request: HttpRequest) -> HttpResponse:
    # A module's home page (the pages module's published home page) answers first.
    answered = home_response(request)
    if answered is not None:
        return answered
    pages = [{"title": translate(page.title), "url": page.url()} for page in demo_pages()]
    head_of(request).set_canonical(reverse("site:home"))
    return render_page(request, "site/home.html", {"pages": pages})


def favicon(request: HttpRequest) -> HttpResponse:
    # Browsers ask for /favicon.ico on pages that link no icon (the panel, a file): answer with
    # the site's icon rather than a 404 in their console. Not permanent: the icon may move.
    return redirect(static("frontdesk/favicon.svg"))


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 404 (handler404), in the site's layout; the words of the exception stay out of
    it, as in Django's own handler (they are for DEBUG's page)."""
    return render_page(request, "404.html", {"request_path": request.path}, status=404)


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
