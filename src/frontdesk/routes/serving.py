"""Answering addresses: an object's page at its address, and 301 from an address it had before.

The page comes from the last URL pattern (routes/urls.py); a former address is looked up only
when a GET or HEAD would otherwise answer 404 (`AliasFallbackMiddleware`), so no other request
pays for aliases.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import NamedTuple, cast
from urllib.parse import urlsplit

from django.db.models import Model, OuterRef, Subquery
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.urls import reverse
from django.utils import translation

from frontdesk.core.languages import default_language, site_language_codes
from frontdesk.core.requests import FrontdeskRequest
from frontdesk.routes.models import PATH_MAX_LENGTH, Alias, Route
from frontdesk.routes.registry import ROUTE_TYPES, is_reserved, route_types_of


class RoutedRequest(FrontdeskRequest):
    """A request for a stored address as the type checker sees it (core/requests.py): the object
    whose address was asked for, and its stored path in each language, for its other languages'
    addresses in the layout (`routed_addresses`)."""

    routed_object: Model
    routed_paths: dict[str, str]


class RouteHit(NamedTuple):
    type_name: str
    object_id: int
    # {language: stored path} of every language in which the object has an address, read in the
    # same question as the hit: the layout's language links then ask nothing more.
    paths: dict[str, str]


def public_path(language: str, path: str) -> str:
    """The address a visitor types for the stored `path` in `language` ("/de/events/kurs"), by
    the site's own language prefix rule (none for the default language)."""
    with translation.override(language):
        return reverse("routes:page", kwargs={"path": path})


# The answers of `find_route` during one request. Django resolves a path several times per
# request (APPEND_SLASH on a 404, the layout's link to each language), and each time the last
# pattern would ask again; outside a request nothing is kept.
_answers: ContextVar[dict[tuple[str, str], RouteHit | None] | None] = ContextVar("routes", default=None)


def find_route(language: str, path: str) -> RouteHit | None:
    """Whose address `path` is in `language`, with that object's addresses in every language:
    one question, the owner found on the (language, path) index by two subqueries the database
    runs once each, its addresses on the (type, object, language) index."""
    answers = _answers.get()
    if answers is not None and (language, path) in answers:
        return answers[language, path]
    at = Route.objects.filter(language=language, path=path)
    found = Route.objects.filter(
        type_name=Subquery(at.values("type_name")[:1]),
        object_id=Subquery(at.values("object_id")[:1]),
        path__isnull=False,
    ).values_list("type_name", "object_id", "language", "path")
    rows = list(found)
    # `path is not None`: left out by the query already; the row's type allows it.
    paths = {row_language: row_path for _type, _id, row_language, row_path in rows if row_path is not None}
    hit = RouteHit(rows[0][0], rows[0][1], paths) if rows else None
    if answers is not None:
        answers[language, path] = hit
    return hit


def route_page(request: HttpRequest, path: str, route: RouteHit) -> HttpResponse:
    """The object's page, answered by its type's view. A type no longer registered or an object
    deleted without `forget_routes` is a 404, not a fault."""
    route_type = ROUTE_TYPES.get(route.type_name)
    if route_type is None:
        raise Http404(path)
    rows = route_type.rows() if route_type.rows is not None else route_type.model_class._default_manager
    obj = rows.filter(pk=route.object_id).first()
    if obj is None:
        raise Http404(path)
    routed = cast(RoutedRequest, request)
    routed.routed_object = obj  # the layout links its address in each language
    routed.routed_paths = route.paths
    return route_type.view(request, obj)


def alias_target(language: str, path: str) -> str | None:
    """The current path of the object that had `path` in `language`; None when `path` is no
    alias or its object has no address now (it is in the bin). One question."""
    current = Route.objects.filter(
        type_name=OuterRef("type_name"), object_id=OuterRef("object_id"), language=OuterRef("language")
    ).values("path")[:1]
    found = (
        Alias.objects.filter(language=language, path=path)
        .annotate(current=Subquery(current))
        .values_list("current", flat=True)[:1]
    )
    return next(iter(found), None)


def stored_address(path_info: str) -> tuple[str, str] | None:
    """(language, stored path) of a request's path, read as the site's i18n_patterns read it:
    "/de/events/kurs" is ("de", "events/kurs"), "/events/course" the default language's. None for
    a path no object can have (a trailing slash, a reserved path, the default language's code)."""
    path = path_info.lstrip("/")
    first, _slash, rest = path.partition("/")
    language = default_language()
    if first in site_language_codes():
        if first == default_language():
            return None
        language, path = first, rest
    if not storable_path(path) or is_reserved(path):
        return None
    return language, path


def storable_path(path: str) -> bool:
    """Whether `path` could be stored as an address: not empty, no outer slash at its end, not
    too long, and no NUL character (PostgreSQL refuses one in any text it is asked about: the
    question would be a 500, not a 404)."""
    return bool(path) and not path.endswith("/") and len(path) <= PATH_MAX_LENGTH and "\x00" not in path


class AliasFallbackMiddleware:
    """A GET or HEAD that would answer 404 at an object's former address answers 301 to its
    address now, with the query string kept. It also keeps `find_route`'s answers for the
    request, so it sits outside CommonMiddleware, whose APPEND_SLASH resolves a 404's path again
    (a former address never ends with a slash, so APPEND_SLASH leaves it to this)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        token = _answers.set({})
        try:
            response = self.get_response(request)
        finally:
            _answers.reset(token)
        if response.status_code != 404 or request.method not in ("GET", "HEAD"):
            return response
        address = stored_address(request.path_info)
        target = alias_target(*address) if address else None
        if address is None or target is None:
            return response
        location = public_path(address[0], target)
        query = request.META.get("QUERY_STRING", "")
        return HttpResponsePermanentRedirect(f"{location}?{query}" if query else location)


def addresses_of(obj: Model) -> dict[str, str]:
    """{language: address} of every language in which `obj` has one, in one question."""
    names = [route_type.name for route_type in route_types_of(obj)]
    found = Route.objects.filter(type_name__in=names, object_id=obj.pk, path__isnull=False)
    return {
        language: public_path(language, path)
        for language, path in found.values_list("language", "path")
        if path is not None  # left out by the query already; the row's type allows it
    }


def routed_addresses(request: HttpRequest) -> dict[str, str]:
    """{language: address} of the object whose address the request asked for: read with its
    route (`find_route`), so no question of its own; `addresses_of` for a request whose object
    was set another way. {} for a request that names no object."""
    paths = getattr(request, "routed_paths", None)
    if paths is not None:
        return {language: public_path(language, path) for language, path in paths.items()}
    routed = getattr(request, "routed_object", None)
    return addresses_of(routed) if routed is not None else {}


def address_of(obj: Model, language: str) -> str | None:
    """The address a visitor types for `obj` in `language` ("/de/events/kurs"), or None when it
    has none there (never claimed, or in the bin)."""
    names = [route_type.name for route_type in route_types_of(obj)]
    path = (
        Route.objects.filter(type_name__in=names, object_id=obj.pk, language=language, path__isnull=False)
        .values_list("path", flat=True)
        .first()
    )
    return public_path(language, path) if path else None


def object_at_address(type_name: str, address: str) -> int | None:
    """The id of the object of the route type `type_name` at a public address
    ("/de/events/lager", a full URL, "events/camp") or with a slug in any language ("camp"),
    outside the bin; None when none is. What a relation target's `lookup_by_address` answers
    and an agent's "an event is named by its id or its address" needs."""
    text = (address or "").strip()
    if not text or len(text) > 2000:
        return None
    path = (urlsplit(text).path if "://" in text else text).strip("/")
    if not path:
        return None
    candidates: list[tuple[str, str]] = []
    found = stored_address("/" + path)
    if found is not None:
        candidates.append(found)
    if "/" not in path:  # a slug: the address it makes in each language
        route_type = ROUTE_TYPES[type_name]
        candidates += [(code, route_type.path_for_slug(path, code)) for code in site_language_codes()]
    for language, stored in candidates:
        routes = Route.objects.filter(type_name=type_name, language=language, path=stored)
        hit = routes.values_list("object_id", flat=True).first()
        if hit is not None:
            return hit
    return None
