"""The routes' system checks: addresses stored under a prefix the settings no longer name, and
addresses stored where the site now keeps the path for itself, and the judgement of a module's
prefix setting that every module with addresses asks for."""

from __future__ import annotations

import re
from functools import reduce
from operator import or_

from django.core import checks
from django.db import DatabaseError
from django.db.models import Q

from frontdesk.routes.models import Route
from frontdesk.routes.rebuild import stale_route_types
from frontdesk.routes.registry import RESERVED_PATHS, is_reserved
from frontdesk.routes.serving import public_path

NAMED = 10  # addresses named in one warning; a site with more sees the count

SEGMENTS = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*\Z")


def prefix_problems(module: str, given: object, *, variable: str, ids: tuple[str, str]) -> list[checks.Error]:
    """What is wrong with `FRONTDESK[module]["prefix"]` (`given`, as the site set it): empty (every
    address of the module would stand at the site's top level), or not a path the site can give
    away (letters, digits and hyphens in segments joined by /, outside the reserved paths). `ids`:
    the module's check ids for the two; `variable`: the environment variable that sets it."""
    prefix = str(given or "").strip().strip("/")
    if not prefix:
        return [
            checks.Error(
                f'FRONTDESK["{module}"]["prefix"] is empty ({given!r}): every address of the module needs'
                " a prefix.",
                hint=f"Set {variable} to a path such as {module}, or leave it unset.",
                id=ids[0],
            )
        ]
    # An exact reservation at the prefix is the module's own index (routes/public_urls.py).
    if not SEGMENTS.match(prefix) or is_reserved(prefix, exact_too=False):
        return [
            checks.Error(
                f'FRONTDESK["{module}"]["prefix"] {given!r} is not a path the site can give away: use'
                " lower-case letters, digits and hyphens in segments joined by /, outside the site's"
                " reserved paths (cms, api, a language code, ...).",
                id=ids[1],
            )
        ]
    return []


@checks.register()
def check_route_prefixes(app_configs=None, **kwargs):
    """Addresses stored under a prefix the settings no longer name: the pages still answer there,
    but not where the site now says they are, until the addresses are rebuilt."""
    try:
        stale = stale_route_types()
    except DatabaseError:  # no tables yet (before the first migrate): nothing is stored
        return []
    return [
        checks.Warning(
            f"Addresses of the route type {route_type.name!r} do not begin with its prefix "
            f"{route_type.prefix()!r} any more.",
            hint=f"Run: frontdesk routes-rebuild --type {route_type.name}",
            id="frontdesk.W010",
        )
        for route_type in stale
    ]


def addresses_at_reserved_paths() -> list[str]:
    """The addresses (with their language prefix) that objects hold at a path reserved since they
    claimed it: a module installed or its index switched on over a page at "events". The module's
    pattern answers there, so the object's page is hidden. One query."""
    conditions = []
    for reserved in RESERVED_PATHS.all():
        path = reserved.path().strip("/")
        if path:
            conditions.append(
                Q(path=path) if reserved.exact else Q(path=path) | Q(path__startswith=f"{path}/")
            )
    if not conditions:
        return []
    held = Route.objects.filter(reduce(or_, conditions)).order_by("path", "language")
    return [public_path(language, path) for language, path in held.values_list("language", "path") if path]


@checks.register()
def check_reserved_addresses(app_configs=None, **kwargs):
    try:
        held = addresses_at_reserved_paths()
    except DatabaseError:
        return []
    if not held:
        return []
    named = ", ".join(held[:NAMED]) + (f" and {len(held) - NAMED} more" if len(held) > NAMED else "")
    return [
        checks.Warning(
            f"Objects hold addresses the site now keeps for itself, where they are not shown: {named}.",
            hint="Give those objects other addresses, or free the paths (a module's index switched off).",
            id="frontdesk.W011",
        )
    ]
