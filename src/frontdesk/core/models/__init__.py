"""The host's rows: accounts, API/MCP tokens, notes, the log, and the host's own permissions."""

from frontdesk.core.models.accounts import Access, User
from frontdesk.core.models.log import LogEntry
from frontdesk.core.models.notes import Note
from frontdesk.core.models.tokens import ApiToken

__all__ = ["Access", "ApiToken", "LogEntry", "Note", "User"]
