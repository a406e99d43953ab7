"""The services' settings: what a site sets in `FRONTDESK["services"]` over the defaults here.

Read through `services_settings()` (core/conf.module_settings: merged once, read again when a
test changes FRONTDESK); `settings.py` only maps the environment (FRONTDESK_SERVICES_PREFIX) onto
keys, and the system check (services/checks.py) judges the values. docs/services.md,
"Configuration", has the table.
"""

from __future__ import annotations

from typing import Any

from frontdesk.core.conf import module_settings

DEFAULTS: dict[str, Any] = {
    # The first segment of every service's address: /services/<slug>, /de/services/<slug>.
    "prefix": "services",
}


def services_settings() -> dict[str, Any]:
    """The services' settings, the site's over the defaults."""
    return module_settings("services", DEFAULTS)


def services_prefix() -> str:
    """The route type's prefix, read at every call (routes), without outer slashes."""
    return str(services_settings()["prefix"] or "").strip().strip("/")
