"""The FAQ's settings (docs/faq.md, "Configuration")."""

from __future__ import annotations

from django.conf import settings


def markup_enabled() -> bool:
    """FRONTDESK["faq"]["markup"] (environment FRONTDESK_FAQ_MARKUP, default true): when false no
    block offers the markup flag and no FAQPage is printed anywhere; stored flags are kept."""
    return bool(settings.FRONTDESK.get("faq", {}).get("markup", True))
