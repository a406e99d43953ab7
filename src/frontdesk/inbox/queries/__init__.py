"""The explorer's reads, shared by every door (panel pages, API, MCP tools, CSV export).

Shaped for a million submissions (docs/performance.md):

- counts come from the kept tallies (one row per form and status), never from COUNT(*) over
  submissions, unless a search, assignee or date filter narrows the list; then the count stops
  at COUNT_CAP and the page says so (`total_is_capped`);
- a page is cut in two steps: the ids from the index that matches the tab (an index-only scan,
  even for a deep page), then the rows, their status, assignee and in_table answers by id;
- previous/next seek from the open submission along the same order, with no OFFSET at all.
"""

from frontdesk.inbox.queries.chunks import EXPORT_CHUNK, ExportAnswer, ExportRow, export_chunks
from frontdesk.inbox.queries.filters import (
    ALL,
    FILTER_KEYS,
    MAX_ID,
    MAX_SEARCH_LENGTH,
    NO_ASSIGNEE,
    UNREAD,
    SubmissionFilter,
    filtered,
    parse_filter,
)
from frontdesk.inbox.queries.lists import (
    COUNT_CAP,
    DEFAULT_PER_PAGE,
    MAX_PER_PAGE,
    SubmissionPage,
    Tab,
    columns,
    count,
    form_counts,
    forms_column,
    neighbours,
    submission_detail,
    submission_page,
    tabs,
    with_cells,
)
from frontdesk.inbox.queries.lookups import find_account, find_form, find_status
from frontdesk.inbox.queries.people import LoggedAction, assignees, log_entries

__all__ = [
    "ALL", "COUNT_CAP", "DEFAULT_PER_PAGE", "EXPORT_CHUNK", "FILTER_KEYS", "MAX_ID", "MAX_PER_PAGE",
    "MAX_SEARCH_LENGTH", "NO_ASSIGNEE", "UNREAD", "ExportAnswer", "ExportRow", "LoggedAction", "SubmissionFilter",
    "SubmissionPage", "Tab", "assignees", "columns", "count", "export_chunks", "filtered", "find_account",
    "find_form",
    "find_status", "form_counts", "forms_column", "log_entries", "neighbours", "parse_filter",
    "submission_detail", "submission_page", "tabs", "with_cells",
]  # fmt: skip
