"""The routes' system check: addresses stored under a prefix the settings no longer name."""

from __future__ import annotations

from django.core import checks
from django.db import DatabaseError

from frontdesk.routes.rebuild import stale_route_types


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
