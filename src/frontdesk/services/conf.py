"""The services' settings: what a site sets in `FRONTDESK["services"]` over the defaults here.

Read through `services_settings()`, merged once and read again when a test changes FRONTDESK;
`settings.py` only maps the environment (FRONTDESK_SERVICES_PREFIX) onto keys, and the system
check (services/checks.py) judges the values. docs/services.md, "Configuration", has the table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

DEFAULTS: dict[str, Any] = {
    # The first segment of every service's address: /services/<slug>, /de/services/<slug>.
    "prefix": "services",
}


@cache
def services_settings() -> dict[str, Any]:
    """The services' settings, the site's over the defaults."""
    return {**DEFAULTS, **(getattr(settings, "FRONTDESK", {}).get("services") or {})}


def services_prefix() -> str:
    """The route type's prefix, read at every call (core/routes), without outer slashes."""
    return str(services_settings()["prefix"] or "").strip().strip("/")


@receiver(setting_changed)
def _read_again(setting: str, **kwargs) -> None:
    if setting == "FRONTDESK":
        services_settings.cache_clear()
