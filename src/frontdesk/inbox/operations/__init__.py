"""THE inbox rules. Every door (public door, panel, API, MCP tools) calls these functions.

Split by concern: `forms` (forms), `fields` (their fields), `duplicate` (copying a form),
`common` (small rules they share), `intake` (accepting a submission),
`handling` (status, assignee, corrections, read state, mass changes), `retention` (deleting
and pruning submissions), `statuses` (the statuses and their arrival and spam flags).
"""

from frontdesk.inbox.operations.duplicate import duplicate_form
from frontdesk.inbox.operations.fields import remove_field, save_field, sort_fields
from frontdesk.inbox.operations.forms import delete_form, find_form, save_form, sort_forms
from frontdesk.inbox.operations.handling import mark_read, mass_update, update_submission
from frontdesk.inbox.operations.intake import accept_submission, arrival_status
from frontdesk.inbox.operations.retention import delete_submission, prune, prune_plan
from frontdesk.inbox.operations.statuses import delete_status, save_status, sort_statuses

__all__ = [
    "accept_submission",
    "arrival_status",
    "delete_form",
    "delete_status",
    "delete_submission",
    "duplicate_form",
    "find_form",
    "mark_read",
    "mass_update",
    "prune",
    "prune_plan",
    "remove_field",
    "save_field",
    "save_form",
    "save_status",
    "sort_fields",
    "sort_forms",
    "sort_statuses",
    "update_submission",
]
