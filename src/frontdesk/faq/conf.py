"""The FAQ's settings (docs/faq.md, "Configuration"): FRONTDESK["faq"] over DEFAULTS, read
through core/conf.module_settings."""

from __future__ import annotations

from typing import Any

from frontdesk.core.conf import module_settings

DEFAULTS: dict[str, Any] = {
    # Environment FRONTDESK_FAQ_MARKUP: when false no block offers the markup flag and no FAQPage
    # is printed anywhere; stored flags are kept.
    "markup": True,
}


def faq_settings() -> dict[str, Any]:
    return module_settings("faq", DEFAULTS)


def markup_enabled() -> bool:
    return bool(faq_settings()["markup"])
