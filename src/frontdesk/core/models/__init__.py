"""The host's rows: accounts, API/MCP tokens, notes, the log, versions, public addresses, the
stored settings groups, the shared categories, the picture library, and the host's own permissions."""

from frontdesk.categories.models import Category
from frontdesk.core.models.accounts import Access, User
from frontdesk.core.models.log import LogEntry
from frontdesk.core.models.notes import Note
from frontdesk.core.models.tokens import ApiToken
from frontdesk.pictures.models import Picture
from frontdesk.publishing.models import State, Version, Versioned
from frontdesk.routes.models import Alias, Route
from frontdesk.sitesettings.models import SettingsGroup

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
