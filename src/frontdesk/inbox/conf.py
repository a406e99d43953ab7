"""The inbox's settings: what a site sets in `FRONTDESK["inbox"]` over the defaults here.

Every module of the inbox reads them through `inbox_settings()` (core/conf.module_settings:
merged once, a nested section key by key, so a site that sets one antispam number keeps the
other defaults, and read again when a test changes FRONTDESK). `settings.py` only maps the environment variables onto
keys; the values are judged by the inbox's system checks (inbox/checks.py). docs/inbox.md,
"Configuration", has the table.
"""

from __future__ import annotations

from typing import Any

from frontdesk.core.conf import module_settings

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


def inbox_settings() -> dict[str, Any]:
    """The inbox's settings, the site's over the defaults."""
    return module_settings("inbox", DEFAULTS)
