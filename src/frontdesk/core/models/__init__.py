"""The host's rows: accounts, API/MCP tokens, notes, the log, and the host's own permissions.
The picture library, routes, settings groups, versions and categories have their own apps
(frontdesk.pictures, .routes, .sitesettings, .publishing, .categories; docs/architecture.md)."""

from frontdesk.core.models.accounts import Access, User
from frontdesk.core.models.log import LogEntry
from frontdesk.core.models.notes import Note
from frontdesk.core.models.tokens import ApiToken

__all__ = ["Access", "ApiToken", "LogEntry", "Note", "User"]
