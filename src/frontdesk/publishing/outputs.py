"""Shapes of what publishing keeps as every door gives them (the API, the MCP tools): where a
versioned row stands, and its published versions."""

from __future__ import annotations

from typing import Any

from frontdesk.publishing.models import Version, Versioned


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
