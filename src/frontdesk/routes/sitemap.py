"""/sitemap.xml and /robots.txt: the site's public addresses for search engines.

The addresses come from the route registry: the current address, in every language, of each
object its type lists (`RouteType.listed`: published, not in the bin), with the other languages'
addresses as alternates and the time of its last change; never an alias. Fixed addresses (the
home page) are added by `register_sitemap_address`. Past 50,000 addresses, /sitemap.xml is an
index of /sitemap-<n>.xml files (the sitemap protocol's limit per file).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from django.http import Http404, HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from frontdesk.core.languages import site_language_codes
from frontdesk.core.registry import Registry
from frontdesk.core.serving import absolute_url
from frontdesk.routes.models import Route
from frontdesk.routes.registry import ROUTE_TYPES
from frontdesk.routes.serving import public_path

PER_FILE = 50_000

# Name -> a function answering {language: path} of one fixed address ("/", "/de/").
SITEMAP_ADDRESSES: Registry[Callable[[], dict[str, str]]] = Registry("sitemap address")


def register_sitemap_address(name: str, addresses: Callable[[], dict[str, str]]) -> None:
    SITEMAP_ADDRESSES.register(name, addresses)


@dataclass(frozen=True)
class Entry:
    """One address in the sitemap, with its alternates in the other languages."""

    location: str
    alternates: dict[str, str]
    modified: datetime | None = None


def _entries_of(addresses: dict[str, str], modified: datetime | None) -> Iterator[Entry]:
    whole = {language: absolute_url(path) for language, path in addresses.items()}
    for language in site_language_codes():
        if language in whole:
            yield Entry(whole[language], whole if len(whole) > 1 else {}, modified)


def entries() -> list[Entry]:
    """Every address the sitemap names: fixed ones first, then each listed type's objects (two
    queries per type, however many objects)."""
    found = [entry for addresses in SITEMAP_ADDRESSES.all() for entry in _entries_of(addresses(), None)]
    for route_type in ROUTE_TYPES.all():
        if route_type.listed is None:
            continue
        objects = route_type.listed()
        modified = dict(objects.values_list("pk", route_type.modified)) if route_type.modified else {}
        routes = Route.objects.filter(
            type_name=route_type.name, path__isnull=False, object_id__in=objects.values("pk")
        ).order_by("object_id", "language")
        by_object: dict[int, dict[str, str]] = defaultdict(dict)
        for object_id, language, path in routes.values_list("object_id", "language", "path"):
            if path:  # left out by the query already; the column allows none (the bin)
                by_object[object_id][language] = public_path(language, path)
        for object_id, addresses in by_object.items():
            found.extend(_entries_of(addresses, modified.get(object_id)))
    return found


def _xml(template: str, context: dict) -> HttpResponse:
    return HttpResponse(render_to_string(template, context), content_type="application/xml; charset=utf-8")


def sitemap(request: HttpRequest) -> HttpResponse:
    """The sitemap, or past PER_FILE addresses the index of its files."""
    with translation.override(None):
        found = entries()
    if len(found) <= PER_FILE:
        return _xml("site/sitemap.xml", {"entries": found})
    files = range(1, (len(found) - 1) // PER_FILE + 2)
    locations = [absolute_url(reverse("sitemap-part", kwargs={"number": number})) for number in files]
    return _xml("site/sitemap_index.xml", {"locations": locations})


def sitemap_part(request: HttpRequest, number: int) -> HttpResponse:
    """File `number` (from 1) of a sitemap past PER_FILE addresses."""
    with translation.override(None):
        found = entries()
    part = found[(number - 1) * PER_FILE : number * PER_FILE] if number >= 1 else []
    if not part or len(found) <= PER_FILE:
        raise Http404("No such sitemap file.")
    return _xml("site/sitemap.xml", {"entries": part})


def robots(request: HttpRequest) -> HttpResponse:
    """Crawlers may read the public site, not the panel or its API; the sitemap is named."""
    lines = [
        "User-agent: *",
        "Disallow: /cms/",
        "Disallow: /api/",
        f"Sitemap: {absolute_url(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


def home_addresses() -> dict[str, str]:
    """The home page in every site language."""
    found = {}
    for language in site_language_codes():
        with translation.override(language):
            found[language] = reverse("site:home")
    return found
