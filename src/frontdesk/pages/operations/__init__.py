"""The page operations (docs/host.md, "Pages"): every rule about pages, once, for every door."""

from frontdesk.pages.operations.blocks_edit import update_blocks
from frontdesk.pages.operations.menu import reorder_menu
from frontdesk.pages.operations.pages import (
    bin_page,
    create_page,
    discard_draft,
    publish_page,
    restore_page,
    restore_page_version,
    unpublish_page,
    update_page,
)

__all__ = [
    "bin_page",
    "create_page",
    "discard_draft",
    "publish_page",
    "reorder_menu",
    "restore_page",
    "restore_page_version",
    "unpublish_page",
    "update_blocks",
    "update_page",
]
