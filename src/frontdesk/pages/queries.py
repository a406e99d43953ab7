"""Reads of pages shared by the doors and the public site: the list with its filters, the menu, the
home page, the page standing at an address, and the block holder's count."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from frontdesk.blocks.holders import picture_keys_in, slugs_in
from frontdesk.core.bin.operations import rows_of
from frontdesk.core.errors import NotFound
from frontdesk.core.fields import words_in
from frontdesk.core.languages import site_language_codes, translate
from frontdesk.core.limits import MAX_ID
from frontdesk.pages.models import Page
from frontdesk.pictures.uses import Use
from frontdesk.publishing.models import ON_SITE
from frontdesk.routes.models import Route
from frontdesk.routes.serving import public_path, stored_address

ROUTE_TYPE = "page"
PREVIEW_TYPE = "page"


def page_list(*, state: str | None = None, search: str = "", trashed: bool = False) -> QuerySet[Page]:
    """Pages for the panel's list, newest change first: by state (draft, published, changed,
    unpublished), by a search over titles and slugs, or those in the bin."""
    rows = rows_of(Page, trashed=trashed)
    if state:
        rows = rows.filter(state=state)
    if search.strip():
        # The JSON columns as text: a word in any language's title or slug.
        words = search.strip()
        rows = rows.filter(words_in(("title", "slug"), words))
    return rows.order_by("-updated_at", "-id")


def find_page(key: int | str, *, in_bin: bool = False) -> Page:
    """The page a door names, by id (outside the bin, or in it with `in_bin`) or, outside the
    bin, by its address as the site shows it ("/de/ueber-uns", "/" the home page) or as stored
    ("ueber-uns"); NotFound otherwise."""
    rows = Page.all_objects.in_bin() if in_bin else Page.objects.all()
    page: Page | None
    if isinstance(key, int) or key.strip().isdigit():
        pk = int(key)
        # A number beyond any id would overflow the database's integer (a 500 on SQLite).
        page = rows.filter(pk=pk).first() if 1 <= pk <= MAX_ID else None
    elif in_bin:
        page = None
    elif key.strip().strip("/") in ("", *site_language_codes()):
        page = home_page() or rows.filter(is_home=True).first()  # "/" or "/de/"
    else:
        address = stored_address("/" + key.strip().strip("/"))
        at = (
            Route.objects.filter(type_name=ROUTE_TYPE, language=address[0], path=address[1])
            if address
            else None
        )
        page = rows.filter(pk__in=at.values("object_id")).first() if at is not None else None
    if page is None:
        raise NotFound(_("There is no page %(ref)s.") % {"ref": key})
    return page


def published() -> QuerySet[Page]:
    return Page.objects.filter(state__in=ON_SITE)


def menu_pages() -> QuerySet[Page]:
    """The published pages in the menu, in the editors' order (one query)."""
    return published().filter(in_menu=True).order_by("menu_position", "id")


def menu_rows() -> QuerySet[Page]:
    """Every page marked for the menu that is not in the bin, published or not, in order: what
    the editors sort (a draft takes its place once published)."""
    return Page.objects.filter(in_menu=True).order_by("menu_position", "id")


def home_page() -> Page | None:
    return published().filter(is_home=True).order_by("id").first()


def addresses(pages: Sequence[Page], language: str) -> dict[int, str]:
    """{page id: its address in `language`} in one query."""
    found = Route.objects.filter(
        type_name=ROUTE_TYPE, language=language, object_id__in=[page.pk for page in pages], path__isnull=False
    ).values_list("object_id", "path")
    return {object_id: public_path(language, path) for object_id, path in found if path}


@dataclass(frozen=True)
class PublishedPage:
    id: int
    title: str
    url: str


def published_page_at(address: str, *, language: str) -> PublishedPage | None:
    """The published page standing at `address` in `language` (a stored path such as "events",
    outer slashes ignored), with its title in that language; None when there is none. One query.
    Events name the page at their prefix in their breadcrumb this way."""
    path = address.strip("/")
    if not path:
        return None
    at = Route.objects.filter(type_name=ROUTE_TYPE, language=language, path=path).values("object_id")
    page = published().filter(pk__in=at).only("id", "title").first()
    if page is None:
        return None
    return PublishedPage(id=page.pk, title=translate(page.title, language), url=public_path(language, path))


def pages_per_type(slugs: Sequence[str]) -> dict[str, int]:
    """The block holder's count: how many pages (outside the bin) use each block type, in their
    published content or their draft. One query; the JSON is read here, as no index can answer
    it on all three databases."""
    counts = dict.fromkeys(slugs, 0)
    for content, draft in Page.objects.values_list("content", "draft"):
        used: set[str] = set()
        for source in (content, (draft or {}).get("content")):
            if isinstance(source, dict):
                for blocks in source.values():
                    used |= slugs_in(blocks)
        for slug in used & counts.keys():
            counts[slug] += 1
    return counts


def pages_using_picture(key: str) -> list:
    """A Use per page (binned ones too: a restore brings its blocks back) whose published or
    drafted blocks print the picture `key`: one query narrows to the rows whose JSON holds the
    key, each block's code confirms it (`picture_keys_in`)."""
    from django.urls import reverse

    rows = Page._base_manager.filter(Q(content__icontains=key) | Q(draft__icontains=key)).order_by("pk")
    uses = []
    for page in rows:
        drafted = (page.draft or {}).get("content") or {}
        lists = [*(page.content or {}).values(), *(drafted.values() if isinstance(drafted, dict) else [])]
        if any(key in picture_keys_in(blocks) for blocks in lists):
            uses.append(Use(label=str(page), url=reverse("panel:panel-pages:editor", args=[page.pk])))
    return uses
