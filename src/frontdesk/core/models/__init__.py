"""The host's rows: accounts, API/MCP tokens, notes, the log, versions, public addresses, the
stored settings groups, the shared categories, the picture library, and the host's own permissions."""

from frontdesk.core.categories.models import Category
from frontdesk.core.models.accounts import Access, User
from frontdesk.core.models.log import LogEntry
from frontdesk.core.models.notes import Note
from frontdesk.core.models.pictures import Picture
from frontdesk.core.models.routes import Alias, Route
from frontdesk.core.models.settings import SettingsGroup
from frontdesk.core.models.tokens import ApiToken
from frontdesk.core.models.versions import State, Version, Versioned

__all__ = [
    "Access",
    "Alias",
    "ApiToken",
    "Category",
    "LogEntry",
    "Note",
    "Picture",
    "Route",
    "SettingsGroup",
    "State",
    "User",
    "Version",
    "Versioned",
]
