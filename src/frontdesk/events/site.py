"""The events' public pages (docs/events.md, "Public pages"): the event page and the category page,
answered by the route types registered in apps.py, and the index at /<prefix> (`events:index`),
one of the module's own patterns (`urlpatterns()`, routes/public_urls.py).

Every view prints published values only (a draft's edits wait), in the layout the `layout` key
names, through the template the `views.*` keys name. The event page's template prints the parts
(templates/events/site/event/*.html), each handed exactly the variables `event_parts()` builds.
"""

from __future__ import annotations

from typing import Any, NoReturn

from django.core.paginator import EmptyPage, Page, PageNotAnInteger, Paginator
from django.db.models import Model, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import NoReverseMatch, URLPattern, URLResolver, path, reverse
from django.utils import timezone, translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from frontdesk.categories.models import Category
from frontdesk.core.languages import site_language_codes, translate
from frontdesk.core.lists import RowsInTurn
from frontdesk.events import queries
from frontdesk.events.calendar import calendar_pattern
from frontdesk.events.conf import events_prefix, events_settings
from frontdesk.events.markup import add_event_markup, add_item_list
from frontdesk.events.models import CATEGORY_TYPE, Event, Format
from frontdesk.events.query import EventsQuery, cards
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.publishing.head import breadcrumb, head_of, render_page
from frontdesk.publishing.models import ON_SITE
from frontdesk.publishing.page_cache import cached_page, keep_until, rendering_to_keep
from frontdesk.publishing.relations import RELATION_TARGETS, related_cards
from frontdesk.publishing.seo_card import contribute_seo_card
from frontdesk.richtext.cleaning import rich_text_picture_keys
from frontdesk.richtext.rendering import render_rich_text
from frontdesk.routes.models import Route
from frontdesk.routes.registry import ROUTE_TYPES
from frontdesk.routes.serving import public_path, routed_addresses

# The parts of the event view, in the order the view prints them (templates/events/site/event/).
PARTS = ("gallery", "heading", "facts", "booking", "description", "highlights", "services")
# What each part receives, and nothing else (the spec's list).
PART_VARIABLES = (
    "event", "pictures", "title", "lead", "when", "past", "online", "venue", "address", "map_url",
    "price", "booking_url", "ics_url", "categories", "description", "highlights", "services",
)  # fmt: skip
# The route type of the pages module's pages, read through the routes' registry (events never
# import the pages module, which may be left out).
PAGE_ROUTE_TYPE = "page"


def _not_found() -> NoReturn:
    raise Http404


def _view(name: str) -> str:
    """The template of a view (`views.index`, `views.category`, `views.event`)."""
    chosen = (events_settings().get("views") or {}).get(name)
    return str(chosen or f"events/site/{name}.html")


def _render(request: HttpRequest, view: str, context: dict[str, Any]) -> HttpResponse:
    return render_page(request, _view(view), context, layout=events_settings()["layout"] or None)


# --- The trail ----------------------------------------------------------------------------------


def _page_at_prefix(language: str) -> tuple[str, str] | None:
    """(title, address) of the published pages-module page standing at /<prefix> in `language`,
    found through the routes' registry; None without the pages module or without such a page
    (absent, a draft, unpublished, in the bin). Two queries at most."""
    page_type = ROUTE_TYPES.get(PAGE_ROUTE_TYPE)
    prefix = events_prefix()
    if page_type is None or page_type.listed is None or not prefix:
        return None
    at = Route.objects.filter(type_name=PAGE_ROUTE_TYPE, language=language, path=prefix)
    page = page_type.listed().filter(pk__in=at.values("object_id")).first()
    if page is None:
        return None
    return translate(getattr(page, "title", None), language) or prefix, public_path(language, prefix)


def _trail(request: HttpRequest, language: str, last: str) -> None:
    """Home › the index (or, with the index off, the page standing at the prefix) › this page,
    through the host's breadcrumb. `breadcrumbs` false records no trail at all: no visible trail
    and no BreadcrumbList (docs/events.md, "Public pages")."""
    settings = events_settings()
    if not settings["breadcrumbs"]:
        return
    steps: list[tuple[str, str | None]] = [(_("Home"), reverse("site:home"))]
    if settings["index"]:
        index_address = _index_address()
        if index_address:
            steps.append((_("Events"), index_address))
    else:
        page = _page_at_prefix(language)
        if page is not None:
            steps.append(page)
    steps.append((last, None))
    breadcrumb(request, steps)


def _index_address() -> str | None:
    """The index's address in the active language; None when its pattern is not mounted (the
    `index` key turned on since the site started: patterns are read at start-up)."""
    try:
        return reverse("events:index")
    except NoReverseMatch:
        return None


# --- Lists --------------------------------------------------------------------------------------


def _page_of(request: HttpRequest, events: QuerySet[Event] | RowsInTurn[Event]) -> Page:
    """The page `?page=` asks of `events`, `per-page` to a page. A number past the last, below 1
    or no number at all answers 404, as Django's paginator does (page 1 of an empty list exists:
    the empty state)."""
    paginator = Paginator(events, max(int(events_settings()["per-page"]), 1))
    try:
        return paginator.page(request.GET.get("page") or 1)
    except (EmptyPage, PageNotAnInteger) as refused:
        raise Http404(str(refused)) from refused


def _list_context(
    request: HttpRequest, events: QuerySet[Event] | RowsInTurn[Event], language: str
) -> dict[str, Any]:
    """What partials/list.html prints: the cards of one page and the links to its neighbours."""
    page = _page_of(request, events)
    # Each page of a list is its own canonical address (page 1 without `?page=`), as search
    # engines ask of a paged list; the index has no stored address to default to.
    head_of(request).set_canonical(request.path if page.number == 1 else f"{request.path}?page={page.number}")
    return {
        "page": page,
        "cards": cards(page.object_list, language),
        "previous_url": f"?page={page.previous_page_number()}" if page.has_previous() else None,
        "next_url": f"?page={page.next_page_number()}" if page.has_next() else None,
    }


def category_links(language: str) -> list[dict[str, Any]]:
    """The on-site event categories with an address in `language`, in the panel's order, as
    {id, title, url}: two queries."""
    shown = Category.objects.filter(type=CATEGORY_TYPE, is_shown=True).order_by("position", "id")
    rows = list(shown)
    routes = Route.objects.filter(
        type_name=queries.CATEGORY_ROUTE_TYPE,
        language=language,
        object_id__in=[category.pk for category in rows],
        path__isnull=False,
    )
    paths: dict[int, str] = {pk: path for pk, path in routes.values_list("object_id", "path") if path}
    return [
        {
            "id": category.pk,
            "title": translate(category.name, language),
            "url": public_path(language, paths[category.pk]),
        }
        for category in rows
        if category.pk in paths
    ]


@cached_page
def index(request: HttpRequest) -> HttpResponse:
    """/<prefix>: the events to come, `per-page` to a page, and the categories as links. Kept in
    the cache until an event to come ends (publishing/page_cache.py)."""
    language = get_language()
    keep_until(request, queries.next_end())
    head_of(request).set_title(_("Events"))
    _trail_of_index(request)
    context = {
        **_list_context(request, queries.upcoming_in_turn(), language),
        "categories": category_links(language),
    }
    add_item_list(request, context["cards"])
    return _render(request, "index", context)


def _trail_of_index(request: HttpRequest) -> None:
    if events_settings()["breadcrumbs"]:
        breadcrumb(request, [(_("Home"), reverse("site:home")), (_("Events"), None)])


@cached_page
def category_page(request: HttpRequest, category: Category) -> HttpResponse:
    """/<prefix>/<category_slug>: an on-site event category, its introduction and cover, and its
    events to come, paged as the index. An off-site category has no page (404). Kept in the cache
    until an event to come ends."""
    if rendering_to_keep():  # read again after the edition (publishing/page_cache.py)
        category = Category.objects.filter(pk=category.pk).first() or _not_found()
    if category.type != CATEGORY_TYPE or not category.is_shown:
        raise Http404
    language = get_language()
    keep_until(request, queries.next_end())
    introduction = translate(category.introduction, language)
    pictures = resolve_pictures(
        {category.cover, *rich_text_picture_keys(introduction)} - {""}, language=language
    )
    cover = pictures.get(category.cover)
    name = translate(category.name, language)
    contribute_seo_card(request, category.seo, title=category.name, language=language)
    _trail(request, language, name)
    events = EventsQuery(categories=(category.pk,)).in_order()
    context = {
        **_list_context(request, events, language),
        "category": category,
        "name": name,
        "introduction": render_rich_text(introduction, language=language, pictures=pictures),
        "cover": cover,
    }
    add_item_list(request, context["cards"])
    return _render(request, "category", context)


# --- The event page -----------------------------------------------------------------------------


def _highlights(event: Event, language: str) -> list[dict[str, str]]:
    """The highlight cards written in `language` (no fallback to another language: a card
    not translated is left out), as {title, text}; cards empty in it removed."""
    found = []
    for item in event.highlights or []:
        title = str((item.get("heading") or {}).get(language) or "").strip()
        text = str((item.get("line") or {}).get(language) or "").strip()
        if title or text:
            found.append({"title": title, "text": text})
    return found


def _services(event: Event, language: str) -> list[dict[str, Any]]:
    """The visible related services as their module's cards, in the chosen order; none without
    the services module."""
    if "service" not in RELATION_TARGETS:
        return []
    return related_cards([event], "services", language)[event.pk]


def event_parts(event: Event, language: str, url: str | None = None) -> dict[str, Any]:
    """The variables every part of the event view receives (PART_VARIABLES), in `language`, from
    the published values of `event` (a row of queries.with_over). The card's values where the card
    has them (events/query.cards), so the page and the lists print one thing."""
    card = cards([event], language, urls={event.pk: url} if url else None)[0]
    description = translate(event.description, language)
    in_person = event.format != Format.ONLINE
    return {
        "event": event,
        "pictures": card["gallery"],
        "title": card["title"],
        "lead": card["lead"],
        "when": card["when"],
        "past": card["past"],
        # True for an event people can join online: Online and Both (docs/events.md).
        "online": event.format in (Format.ONLINE, Format.BOTH),
        "venue": event.venue if in_person else "",
        "address": event.address if in_person else "",
        "map_url": event.map_url if in_person else "",
        "price": card["price"],
        "booking_url": card["booking_url"],
        "ics_url": card["ics_url"],
        "categories": card["category_links"],
        "description": render_rich_text(description, language=language),
        "highlights": _highlights(event, language),
        "services": _services(event, language),
    }


@cached_page
def event_page(request: HttpRequest, event: Event) -> HttpResponse:
    """/<prefix>/<event_slug>: a published event outside the bin, to come or over; a draft, an
    unpublished or a binned one is a 404. Kept in the cache until the event ends, if it is to come."""
    # The route type hands over rows of `queries.with_over()`: published, outside the bin, each
    # with `is_over` (the one rule of "over"), read with the row.
    if rendering_to_keep():  # read again after the edition (publishing/page_cache.py)
        event = queries.with_over().filter(pk=event.pk).first() or _not_found()
    if event.state not in ON_SITE:
        raise Http404
    if not getattr(event, "is_over", False):
        keep_until(request, event.end_moment)
    return _event_response(request, event, url=routed_addresses(request).get(get_language()))


def event_preview(request: HttpRequest, event: Model) -> HttpResponse:
    """The preview type's view (publishing/preview.py): the event page printed from the draft
    (the row arrives with its draft applied), whatever its state; `is_over` is the one rule of
    "over" (queries.over) judged on the draft's own dates, which the database does not hold yet."""
    assert isinstance(event, Event)  # the preview type's model
    end = event.ends_at or event.starts_at
    event.is_over = end is not None and end < timezone.now()  # type: ignore[attr-defined]
    return _event_response(request, event, url=None)


def _event_response(request: HttpRequest, row: Event, *, url: str | None) -> HttpResponse:
    """The event page of `row` (a row with `is_over`), at `url` (None for a preview)."""
    language = get_language()
    context = event_parts(row, language, url=url)
    contribute_seo_card(request, row.seo, title=row.title, description=row.lead, language=language)
    _trail(request, language, context["title"])
    add_event_markup(
        request,
        row,
        language=language,
        page_url=request.path,
        pictures=[PictureView(**picture) for picture in context["pictures"]],
        past=context["past"],
    )
    return _render(request, "event", context)


# --- The module's own patterns ------------------------------------------------------------------


def index_path() -> str:
    """The exact path the index keeps from every object's address ("" while it is off)."""
    return events_prefix() if events_settings()["index"] else ""


def index_addresses() -> dict[str, str]:
    """The index's address per language, for the sitemap ({} while it is off)."""
    if not index_path():
        return {}
    found = {}
    for language in site_language_codes():
        with translation.override(language):
            found[language] = reverse("events:index")
    return found


def urlpatterns() -> list[URLPattern | URLResolver]:
    """Read once, when the root urls.py is imported: the index only while `index` is on; the
    calendar files whether or not it is."""
    patterns: list[URLPattern | URLResolver] = [calendar_pattern()]
    if events_settings()["index"]:
        patterns.append(path(events_prefix(), index, name="index"))
    return patterns
