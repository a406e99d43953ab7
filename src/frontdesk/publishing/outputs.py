"""Shapes of what publishing keeps as every door gives them (the API, the MCP tools, the panel):
where a versioned row stands, its published versions, its History (the log lines in the reader's
words) and a fresh link to its draft's preview (docs/host.md, "The versioned editor's pieces")."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Model
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.languages import default_language, site_language_codes
from frontdesk.core.outputs import log_line_out
from frontdesk.publishing import versions
from frontdesk.publishing.models import Version, Versioned
from frontdesk.publishing.preview import DEFAULT_LIFETIME, preview_link


def draft_out(row: Versioned) -> dict[str, Any]:
    """Where a versioned row stands: its state, the revision a save must carry, the values being
    edited (the published ones with the pending edits over them) and the names of those pending."""
    return {
        "state": row.state,
        "revision": row.revision,
        "values": row.draft_values(),
        "pending": sorted(row.draft or {}),
    }


def version_out(version: Version) -> dict[str, Any]:
    """One version: its number, the values published then, when, and who published them (None
    once the account or the token is gone, or for the system)."""
    return {
        "number": version.number,
        "values": version.values,
        "created_at": version.created_at,
        "account": str(version.actor) if version.actor else None,
        "token": version.token.name if version.token else None,
    }


def version_list(row: Versioned) -> list[dict[str, Any]]:
    """The row's versions, newest first (one query)."""
    return [version_out(version) for version in versions.versions_of(row)][::-1]


def _history_texts() -> dict[str, str]:
    """The words of the lines every versioned row's log has: its operations' create, the steps of
    publishing/versions.py and the bin's (core/bin)."""
    return {
        "created": _("Created"),
        "changed": _("Draft saved"),
        "published": _("Published"),
        "unpublished": _("Unpublished"),
        "discarded": _("Draft discarded"),
        "version_restored": _("Version restored into the draft"),
        "binned": _("Moved to the bin"),
        "restored": _("Restored from the bin"),
    }


def history_lines(row: Model, own_texts: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The row's log lines, newest first, each with its action in words (one query). An action
    is "<model>.<verb>" (core/log.py); `own_texts` names the module's own verbs ({"placed": ...})
    beside the ones every versioned row has. A verb without words shows the action itself."""
    texts = {**_history_texts(), **(own_texts or {})}
    lines = [
        log_line_out(line, texts.get(line.action.rpartition(".")[2], line.action)) for line in log.log_of(row)
    ]
    return lines[::-1]


def preview_link_out(
    preview_type: str, row: Model, *, language: str | None, absolute: Callable[[str], str] | None = None
) -> dict[str, Any]:
    """A fresh link to the draft's preview (publishing/preview.py) in `language` (None: the site's
    default), as the API's preview route answers it: {"url", "path", "expires_at"}; `absolute`
    (request.build_absolute_uri) makes the url whole. A language the site does not have is refused
    under `language`."""
    language = language or default_language()
    if language not in site_language_codes():
        raise ValidationError({"language": [_("Unknown language: %(codes)s.") % {"codes": language}]})
    path = preview_link(preview_type, row, language=language)
    expires_at: datetime = timezone.now() + DEFAULT_LIFETIME
    return {"url": absolute(path) if absolute else path, "path": path, "expires_at": expires_at}
