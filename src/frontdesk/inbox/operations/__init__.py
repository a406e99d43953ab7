"""THE inbox rules. Every door (public door, panel, API, MCP tools) calls these functions.

Split by concern: `forms` (forms), `fields` (their fields), `duplicate` (copying a form),
`common` (small rules they share), `intake` (accepting a submission),
`handling` (status, assignee, corrections, read state, mass changes), `retention` (deleting
and pruning submissions), `statuses` (the statuses and their arrival and spam flags).
"""

from frontdesk.inbox.operations.duplicate import duplicate_form
from frontdesk.inbox.operations.fields import bin_field, create_field, reorder_fields, update_field
from frontdesk.inbox.operations.forms import create_form, purge_form, reorder_forms, update_form
from frontdesk.inbox.operations.handling import mark_read, update_submission, update_submissions
from frontdesk.inbox.operations.intake import accept_submission, arrival_status
from frontdesk.inbox.operations.retention import prune, prune_plan, purge_submission
from frontdesk.inbox.operations.statuses import create_status, purge_status, reorder_statuses, update_status

__all__ = [
    "accept_submission",
    "arrival_status",
    "bin_field",
    "create_field",
    "create_form",
    "create_status",
    "duplicate_form",
    "mark_read",
    "prune",
    "prune_plan",
    "purge_form",
    "purge_status",
    "purge_submission",
    "reorder_fields",
    "reorder_forms",
    "reorder_statuses",
    "update_field",
    "update_form",
    "update_status",
    "update_submission",
    "update_submissions",
]
