"""The host's rows: accounts, API/MCP tokens, notes, versions, and the host's own permissions."""

from frontdesk.core.models.accounts import Access, User
from frontdesk.core.models.notes import Note
from frontdesk.core.models.tokens import ApiToken
from frontdesk.core.models.versions import State, Version, Versioned

__all__ = ["Access", "ApiToken", "Note", "State", "User", "Version", "Versioned"]
