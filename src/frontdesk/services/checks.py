"""System checks for the services' configuration (services/conf.py): an empty prefix refuses to
boot, for every service's address would then stand at the site's top level."""

from __future__ import annotations

import re

from django.core import checks

from frontdesk.routes.registry import is_reserved
from frontdesk.services.conf import services_prefix, services_settings

SEGMENTS = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:/[a-z0-9]+(?:-[a-z0-9]+)*)*\Z")


@checks.register()
def check_prefix(app_configs=None, **kwargs):
    given = services_settings()["prefix"]
    prefix = services_prefix()
    if not prefix:
        return [
            checks.Error(
                f'FRONTDESK["services"]["prefix"] is empty ({given!r}): every service needs an address under'
                " a prefix.",
                hint="Set FRONTDESK_SERVICES_PREFIX to a path such as services, or leave it unset.",
                id="frontdesk.E110",
            )
        ]
    if not SEGMENTS.match(prefix) or is_reserved(prefix):
        return [
            checks.Error(
                f'FRONTDESK["services"]["prefix"] {given!r} is not a path the site can give away: use'
                " lower-case letters, digits and hyphens in segments joined by /, outside the site's"
                " reserved paths (cms, api, a language code, ...).",
                id="frontdesk.E111",
            )
        ]
    return []
