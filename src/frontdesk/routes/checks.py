"""The routes' system checks: addresses stored under a prefix the settings no longer name, and
the judgement of a module's prefix setting that every module with addresses asks for."""

from __future__ import annotations

import re

from django.core import checks
from django.db import DatabaseError

from frontdesk.routes.rebuild import stale_route_types
from frontdesk.routes.registry import is_reserved

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
    if not SEGMENTS.match(prefix) or is_reserved(prefix):
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
