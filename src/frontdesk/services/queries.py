"""Reads the doors share: the services in their order, the bin, the addresses of many services
in one query, and a service named as people name it (by id or by address)."""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from frontdesk.core.bin.operations import rows_of
from frontdesk.core.finding import find
from frontdesk.core.languages import site_language_codes
from frontdesk.routes.models import Route
from frontdesk.routes.registry import ROUTE_TYPES
from frontdesk.routes.serving import public_path, stored_address
from frontdesk.services.models import Service

ROUTE_TYPE = "service"


def in_order(*, trashed: bool = False) -> QuerySet[Service]:
    """The services in the editors' order, or (trashed) those in the bin, newest first."""
    if trashed:
        return rows_of(Service, trashed=True).select_related("deleted_by").order_by("-deleted_at", "-pk")
    return rows_of(Service).order_by("position", "id")


def published() -> QuerySet[Service]:
    """What a visitor sees: visible and outside the bin (the default manager leaves the bin out)."""
    return Service.objects.filter(is_visible=True)


def addresses(ids: Iterable[int], language: str | None = None) -> dict[int, dict[str, str]]:
    """{service id: {language: address}} of the given services (one language, or all): one query."""
    routes = Route.objects.filter(type_name=ROUTE_TYPE, object_id__in=list(ids), path__isnull=False)
    if language is not None:
        routes = routes.filter(language=language)
    found: dict[int, dict[str, str]] = {}
    for object_id, code, path in routes.values_list("object_id", "language", "path"):
        if path:
            found.setdefault(object_id, {})[code] = public_path(code, path)
    return found


def service_at(address: str) -> int | None:
    """The id of the service (outside the bin) at a public address ("/de/services/garten", a full
    URL, "services/garden") or with a slug in any language ("garden"); None when none is."""
    text = (address or "").strip()
    if not text or len(text) > 2000:
        return None
    path = urlsplit(text).path if "://" in text else text
    candidates: list[tuple[str, str]] = []
    found = stored_address("/" + path.strip("/"))
    if found is not None:
        candidates.append(found)
    if "/" not in path.strip("/"):
        route_type = ROUTE_TYPES[ROUTE_TYPE]
        candidates += [
            (code, route_type.path_for_slug(path.strip("/"), code)) for code in site_language_codes()
        ]
    for language, stored in candidates:
        hit = (
            Route.objects.filter(type_name=ROUTE_TYPE, language=language, path=stored)
            .values_list("object_id", flat=True)
            .first()
        )
        if hit is not None:
            return hit
    return None


def find_service(key: object) -> Service:
    """A service outside the bin by id or by address (the agent tools accept both)."""
    return find(Service.objects.all(), key, address=service_at, what=_("There is no service %(key)s."))


def find_in_bin(key: object) -> Service:
    """A service in the bin by id (what restoring names)."""
    return find(Service.all_objects.in_bin(), key, what=_("There is no service %(key)s in the bin."))
