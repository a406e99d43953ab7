"""The public site's own pages. Services print into the same layout (site/base.html)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static

from frontdesk.core.demo import demo_pages
from frontdesk.core.languages import translate


def home(request: HttpRequest) -> HttpResponse:
    pages = [{"title": translate(page.title), "url": page.url()} for page in demo_pages()]
    return render(request, "site/home.html", {"pages": pages})


def favicon(request: HttpRequest) -> HttpResponse:
    # Browsers ask for /favicon.ico on pages that link no icon (the panel, a file): answer with
    # the site's icon rather than a 404 in their console. Not permanent: the icon may move.
    return redirect(static("frontdesk/favicon.svg"))
