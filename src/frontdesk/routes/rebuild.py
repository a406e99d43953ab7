"""New addresses for whole route types, from their current prefix and slugs: what
`frontdesk routes-rebuild` runs after a prefix changes, and what the system check looks for."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model

from frontdesk.core.errors import field_errors
from frontdesk.routes.claims import claim_routes
from frontdesk.routes.models import Route
from frontdesk.routes.registry import ROUTE_TYPES, RouteType

CHUNK = 500


@dataclass
class Rebuilt:
    """What a rebuild did (or, dry, would do)."""

    objects: int = 0  # objects whose addresses were computed
    moved: int = 0  # addresses that changed, each now also an alias
    refused: list[tuple[str, int, list[str]]] = field(default_factory=list)  # type, id, messages


def holders(route_type: RouteType) -> int:
    """How many objects of the type hold an address (objects in the bin hold none)."""
    return (
        Route.objects.filter(type_name=route_type.name, path__isnull=False)
        .values("object_id")
        .distinct()
        .count()
    )


def _objects(route_type: RouteType) -> Iterator[Model]:
    """The objects that hold an address, in chunks of ids, each chunk read in one question."""
    after = 0
    while True:
        ids = list(
            Route.objects.filter(type_name=route_type.name, path__isnull=False, object_id__gt=after)
            .order_by("object_id")
            .values_list("object_id", flat=True)
            .distinct()[:CHUNK]
        )
        if not ids:
            return
        found = route_type.model_class._default_manager.in_bulk(ids)
        yield from (found[pk] for pk in ids if pk in found)
        after = ids[-1]


def rebuild_routes(
    type_names: Sequence[str], *, dry_run: bool = False, progress: Callable[[], None] | None = None
) -> Rebuilt:
    """Claim anew, from the type's current prefix and slugs, the addresses of every object of
    the named types that holds one; each address left becomes an alias. An object refused (its
    new address is held by another) keeps its addresses and is reported. `dry_run` does it all
    in a transaction that is rolled back."""
    route_types = [ROUTE_TYPES[name] for name in type_names]
    with transaction.atomic():
        result = _rebuild(route_types, progress)
        if dry_run:
            transaction.set_rollback(True)
    return result


def _rebuild(route_types: list[RouteType], progress: Callable[[], None] | None) -> Rebuilt:
    result = Rebuilt()
    refused: list[tuple[RouteType, Model]] = []
    for route_type in route_types:
        for obj in _objects(route_type):
            result.objects += 1
            try:
                result.moved += len(claim_routes(obj, route_type.name))
            except ValidationError:
                refused.append((route_type, obj))
            if progress:
                progress()
    # One more try for those refused: the address may have been held by an object moved after
    # them in the same run.
    for route_type, obj in refused:
        try:
            result.moved += len(claim_routes(obj, route_type.name))
        except ValidationError as error:
            messages = [message for messages in field_errors(error).values() for message in messages]
            result.refused.append((route_type.name, obj.pk, messages))
    return result


def stale_route_types() -> list[RouteType]:
    """The route types with a stored address that does not begin with the type's prefix now."""
    return [
        route_type
        for route_type in ROUTE_TYPES.all()
        if route_type.stored_prefix()
        and Route.objects.filter(type_name=route_type.name, path__isnull=False)
        .exclude(path__startswith=route_type.stored_prefix())
        .exists()
    ]
