"""The inbox's settings: what a site sets in `FRONTDESK["inbox"]` over the defaults here.

Every module of the inbox reads them through `inbox_settings()`, merged once (a nested section
is merged key by key, so a site that sets one antispam number keeps the other defaults) and read
again when a test changes FRONTDESK. `settings.py` only maps the environment variables onto
keys; the values are judged by the inbox's system checks (inbox/checks.py). docs/inbox.md,
"Configuration", has the table.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

DEFAULTS: dict[str, Any] = {
    # The Inbox is the panel's landing section unless this is false.
    "landing": True,
    # The public door: POST /<path>/<form slug>.
    "path": "site/forms",
    # Where the files visitors send are kept: a name in STORAGES, and a folder in it.
    "storage": "inbox",
    "prefix": "inbox",
    "upload": {
        "max_bytes": 10 * 1024 * 1024,
        "max_files": 10,
        "extensions": [
            "pdf",
            "jpg",
            "jpeg",
            "png",
            "gif",
            "webp",
            "txt",
            "csv",
            "doc",
            "docx",
            "odt",
            "xls",
            "xlsx",
            "ods",
        ],
    },
    "antispam": {
        "honeypot": "homepage",  # the name of the input people never see
        "timestamp": "site_ts",  # the name of the signed time the form was printed
        "min_seconds": 3,
        "max_age_seconds": 24 * 60 * 60,
        "throttle": 5,  # posts per minute from one address to one form
        "origins": [],  # other sites that may embed the forms
    },
    # One pair for all forms; the Integrations settings group, when it holds a pair, comes first
    # (inbox/captcha.py).
    "captcha": {"provider": "", "site_key": "", "secret": "", "verify_url": ""},
    "script": True,  # the embed tag adds the form's script
    "duplicate_window": 15 * 60,  # seconds in which the same answers make no second submission
    "prune": {"spam_days": 30, "all_days": 0},  # 0: never
    "anonymise_ip": False,
}


def merged(defaults: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """`given` over `defaults`: a section both hold as a dict is merged key by key, any other
    value of `given` replaces the default."""
    result = dict(defaults)
    for key, value in given.items():
        default = defaults.get(key)
        result[key] = (
            merged(default, value) if isinstance(default, dict) and isinstance(value, dict) else value
        )
    return result


@cache
def inbox_settings() -> dict[str, Any]:
    """The inbox's settings, the site's over the defaults."""
    return merged(DEFAULTS, getattr(settings, "FRONTDESK", {}).get("inbox") or {})


@receiver(setting_changed)
def _read_again(setting: str, **kwargs) -> None:
    if setting == "FRONTDESK":
        inbox_settings.cache_clear()
