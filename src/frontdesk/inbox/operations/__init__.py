"""THE inbox rules. Every door (public door, panel, API, MCP tools) calls these functions.

Split by concern: `forms` (forms and their fields), `intake` (accepting a submission).
"""

from frontdesk.inbox.operations.forms import (
    delete_form,
    find_form,
    save_form,
    sort_fields,
    sort_forms,
)
from frontdesk.inbox.operations.intake import accept_submission, arrival_status

__all__ = [
    "accept_submission",
    "arrival_status",
    "delete_form",
    "find_form",
    "save_form",
    "sort_fields",
    "sort_forms",
]
