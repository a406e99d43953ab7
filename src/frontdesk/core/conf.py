"""Settings as every app reads them: what a site sets in `settings.FRONTDESK[name]`, merged over
the app's defaults once and read again when FRONTDESK changes (a test's `override_settings` or
pytest-django's `settings` fixture send Django's `setting_changed`).

Each app's `conf.py` holds its `DEFAULTS` and reads its section with `module_settings("inbox",
DEFAULTS)`; nothing else reads `settings.FRONTDESK` (tests/test_module_layout.py checks). The
host's own sections (the panel, the MCP path, the public layout, the account throttles, the
project fields) are read here, through `host_settings(section)`. `settings.py` only maps the
environment onto keys; each app's system checks judge the values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.signals import setting_changed
from django.dispatch import receiver

_merged: dict[str, dict[str, Any]] = {}


def merged(defaults: Mapping[str, Any], given: Mapping[str, Any]) -> dict[str, Any]:
    """`given` over `defaults`: a section both hold as a mapping is merged key by key (a site that
    sets one antispam number keeps the other defaults); any other value of `given` replaces the
    default."""
    result = dict(defaults)
    for key, value in given.items():
        default = defaults.get(key)
        result[key] = (
            merged(default, value) if isinstance(default, Mapping) and isinstance(value, Mapping) else value
        )
    return result


def module_settings(name: str, defaults: Mapping[str, Any]) -> dict[str, Any]:
    """The site's `FRONTDESK[name]` deep-merged over `defaults`, merged once per name until
    FRONTDESK changes. An app calls it with the same defaults every time (its conf's DEFAULTS)."""
    found = _merged.get(name)
    if found is None:
        given = site_section(name) or {}
        if not isinstance(given, Mapping):
            raise ImproperlyConfigured(f"FRONTDESK[{name!r}] must be a mapping of settings.")
        found = _merged[name] = merged(defaults, given)
    return found


def site_section(name: str) -> Any:
    """`FRONTDESK[name]` exactly as the site set it (None when it set none), for a section that has
    no defaults to merge over and whose reader judges the shape itself (the project fields)."""
    return getattr(settings, "FRONTDESK", {}).get(name)


# The host's sections; settings.py sets each from the environment, these are what a settings
# module without them gets.
HOST_DEFAULTS: dict[str, dict[str, Any]] = {
    "panel": {"paths": {}, "brand": "frontdesk"},
    "mcp": {"path": "/api/cms/mcp"},
    "site": {"layout": "site/layout.html", "cache_seconds": 300},
    "accounts": {
        "login": {"failures": 5, "failures_per_client": 20, "minutes": 15},
        "reset": {"mails": 3, "requests_per_client": 10, "minutes": 60},
    },
    "project_fields": {},
}


def host_settings(section: str) -> dict[str, Any]:
    """One of the host's own sections of FRONTDESK (HOST_DEFAULTS names them) over its defaults."""
    return module_settings(section, HOST_DEFAULTS[section])


@receiver(setting_changed)
def _read_again(setting: str, **kwargs: Any) -> None:
    if setting == "FRONTDESK":
        _merged.clear()
