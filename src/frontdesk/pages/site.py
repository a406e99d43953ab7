"""The public side of pages: a page at its address (only while published), the home page at `/`
and the menu, printed in the site's layout through the head collector (publishing/head.render_page):
the page's SEO card gives the title and the description, its addresses the canonical address and
the language alternates, its blocks their own head contributions, and a page other than the home
page a breadcrumb (Home › page). A site may give a page its own template (`page_templates`). The
draft preview (publishing/preview.py) prints the same page from the draft."""

from __future__ import annotations

from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from frontdesk.blocks.rendering import render_content
from frontdesk.core.languages import default_language, translate
from frontdesk.pages import queries
from frontdesk.pages.models import Page
from frontdesk.publishing import head
from frontdesk.publishing.navigation import MenuItem
from frontdesk.publishing.seo_card import contribute_seo_card

TEMPLATE = "pages/site/page.html"


def page_templates(page: Page) -> list[str]:
    """The templates a page is printed with, the first that exists winning: its own,
    `pages/site/page-<slug>.html` (its slug in the site's default language, so one template
    serves every language; a `/` between segments written `--`: `about/team` is
    `page-about--team.html`), then `page.html`. A site's template prints what blocks cannot (a
    module's template tags) around or instead of the blocks."""
    slug = translate(page.slug, default_language())
    own = [f"pages/site/page-{slug.replace('/', '--')}.html"] if slug else []
    return [*own, TEMPLATE]


def show_page(request: HttpRequest, page: Page) -> HttpResponse:
    """`page` as the site prints it in the request's language, from the values it holds (the
    published ones; the draft's when the preview applied them)."""
    language = get_language()
    title = translate(page.title, language)
    contribute_seo_card(request, page.seo, title=page.title, language=language)
    home = reverse("site:home")
    if page.is_home:
        head.head_of(request).set_canonical(home)
    else:
        head.breadcrumb(request, [(_("Home"), home), (title, None)])
    # The blocks print before the layout, so their head contributions (JSON-LD) reach the head
    # whatever the layout does with the content.
    blocks = render_content(page.blocks_in(language), request=request, language=language)
    return head.render_page(request, page_templates(page), {"page": page, "title": title, "blocks": blocks})


def page_view(request: HttpRequest, page: Model) -> HttpResponse:
    """The route type's view (routes): the page while published, else 404. The home page
    lives at `/`, so its own address sends the visitor there (302: the flag may move on)."""
    assert isinstance(page, Page)  # the route type's model
    if not page.is_on_site:
        raise Http404("This page is not published.")
    if page.is_home:
        return HttpResponseRedirect(reverse("site:home"))
    return show_page(request, page)


def preview(request: HttpRequest, page: Model) -> HttpResponse:
    """The preview type's view (publishing/preview.py): the page with its draft applied, whatever its
    state; the preview marks it and keeps it out of search engines."""
    assert isinstance(page, Page)
    return show_page(request, page)


def home(request: HttpRequest) -> HttpResponse | None:
    """The host's home hook: the published home page, or None (the host's own home page)."""
    page = queries.home_page()
    if page is None:
        return None
    return show_page(request, page)


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
