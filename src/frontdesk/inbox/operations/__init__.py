"""THE inbox rules. Every door (public door, panel, API, MCP tools) calls these functions.

Split by concern: `forms` (forms and their fields), `intake` (accepting a submission),
`handling` (status, assignee, corrections, read state, mass changes), `retention` (deleting
and pruning submissions).
"""

from frontdesk.inbox.operations.forms import (
    delete_form,
    find_form,
    save_form,
    sort_fields,
    sort_forms,
)
from frontdesk.inbox.operations.handling import mark_read, mass_update, update_submission
from frontdesk.inbox.operations.intake import accept_submission, arrival_status
from frontdesk.inbox.operations.retention import delete_submission, prune, prune_plan

__all__ = [
    "accept_submission",
    "arrival_status",
    "delete_form",
    "delete_submission",
    "find_form",
    "mark_read",
    "mass_update",
    "prune",
    "prune_plan",
    "save_form",
    "sort_fields",
    "sort_forms",
    "update_submission",
]
