"""Reads the doors share: the services in their order, the bin, the addresses of many services
in one query, and a service named as people name it (by id or by address)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from frontdesk.core.bin.operations import rows_of
from frontdesk.core.finding import find
from frontdesk.routes.models import Route
from frontdesk.routes.serving import object_at_address, public_path
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
    return object_at_address(ROUTE_TYPE, address)


def find_service(key: object) -> Service:
    """A service outside the bin by id or by address (the agent tools accept both)."""
    return find(Service.objects.all(), key, address=service_at, what=_("There is no service %(key)s."))


def find_in_bin(key: object) -> Service:
    """A service in the bin by id (what restoring names)."""
    return find(Service.all_objects.in_bin(), key, what=_("There is no service %(key)s in the bin."))
