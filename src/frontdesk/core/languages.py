"""The site's languages and the one rule for reading a translated value.

Fallback rule (docs/architecture.md, "Translated values"): the requested language, then the
site's default language (the first of FRONTDESK_LANGUAGES), then the first other site language
that has a non-empty text, else "".
"""

from __future__ import annotations

from collections.abc import Mapping

from django.conf import settings
from django.utils import translation


def site_language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def default_language() -> str:
    return settings.LANGUAGE_CODE


def is_site_language(code: str | None) -> bool:
    return bool(code) and code in site_language_codes()


def translate(value: Mapping[str, str] | str | None, language: str | None = None) -> str:
    """Pick the text of `value` for `language` (default: the active language)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    wanted = language or translation.get_language() or default_language()
    wanted = wanted.split("-")[0]
    for code in (wanted, default_language(), *site_language_codes()):
        text = value.get(code)
        if text:
            return text
    return ""
