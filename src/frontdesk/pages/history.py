"""A page's History: its log lines in the reader's words and its versions (core/log.py,
core/versions.py)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from frontdesk.core import log, versions
from frontdesk.core.outputs import log_line_out, version_out
from frontdesk.pages.models import Page


def _texts() -> dict[str, str]:
    return {
        "page.created": _("Created"),
        "page.changed": _("Draft saved"),
        "page.published": _("Published"),
        "page.unpublished": _("Unpublished"),
        "page.discarded": _("Draft discarded"),
        "page.version_restored": _("Version restored into the draft"),
        "page.placed": _("Home page or menu changed"),
        "page.binned": _("Moved to the bin"),
        "page.restored": _("Restored from the bin"),
    }


def log_lines(page: Page) -> list[dict[str, Any]]:
    """The page's lines, newest first, each with its action in words (one query)."""
    texts = _texts()
    lines = [log_line_out(line, texts.get(line.action, line.action)) for line in log.log_of(page)]
    return lines[::-1]


def version_list(page: Page) -> list[dict[str, Any]]:
    """The page's versions, newest first (one query)."""
    return [version_out(version) for version in versions.versions_of(page)][::-1]
