"""The public side of pages: a page at its address (only while published), the home page at `/`
and the menu, printed in the site's layout (core/navigation.py).

The page renders by extending site/base.html; rendering through the head collector (title,
description, canonical, alternates from the SEO card) is the seam docs/host.md names ("Pages").
"""

from __future__ import annotations

from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language

from frontdesk.blocks.rendering import render_content
from frontdesk.core.languages import translate
from frontdesk.core.navigation import MenuItem
from frontdesk.pages import queries
from frontdesk.pages.models import Page

TEMPLATE = "pages/site/page.html"


def render_page(request: HttpRequest, page: Page) -> HttpResponse:
    """A published page's own HTML in the request's language."""
    language = get_language()
    context = {
        "page": page,
        "title": translate(page.title, language),
        "content": render_content(page.blocks_in(language), request=request, language=language),
    }
    return render(request, TEMPLATE, context)


def page_view(request: HttpRequest, page: Model) -> HttpResponse:
    """The route type's view (core/routes): the page while published, else 404. The home page
    lives at `/`, so its own address sends the visitor there (302: the flag may move on)."""
    assert isinstance(page, Page)  # the route type's model
    if not page.is_on_site:
        raise Http404("This page is not published.")
    if page.is_home:
        return HttpResponseRedirect(reverse("site:home"))
    return render_page(request, page)


def home(request: HttpRequest) -> HttpResponse | None:
    """The host's home hook: the published home page, or None (the host's own home page)."""
    page = queries.home_page()
    if page is None:
        return None
    return render_page(request, page)


def menu(language: str) -> list[MenuItem]:
    """The host's menu hook: published pages marked for the menu, in order; two queries (the
    pages, their addresses), whatever their number."""
    pages = list(queries.menu_pages().only("id", "title", "is_home"))
    if not pages:
        return []
    found = queries.addresses(pages, language)
    home_url = reverse("site:home")
    items = []
    for page in pages:
        url = home_url if page.is_home else found.get(page.pk)
        if url:
            items.append(MenuItem(title=translate(page.title, language), url=url))
    return items
