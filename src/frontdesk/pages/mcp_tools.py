"""The page tools for agents (docs/host.md, "The page tools"): thin doors over the operations.

pages_list and pages_get need the scope pages:read and the permission pages.view; pages_create,
pages_publish and blocks_edit_content need pages:write and pages.manage. A page is named by id or
by its address (as the site shows it, "/de/ueber-uns", or as stored, "ueber-uns").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import Field

from frontdesk.core.languages import default_language
from frontdesk.core.mcp.registry import register_tool
from frontdesk.pages import operations, queries
from frontdesk.pages.inputs import BlocksEditIn, PageIn
from frontdesk.pages.outputs import blocks_changed, page_changed, page_out, page_row
from frontdesk.pages.permissions import MANAGE, VIEW
from frontdesk.publishing.schemas import StepIn

PageRef = Annotated[
    int | str,
    Field(
        description="The page's id, or its address ('/de/ueber-uns' or 'about'; '/' is the home page).",
        examples=[3, "/about"],
    ),
]


def pages_list(
    actor,
    search: Annotated[str, Field(max_length=200, description="Words in a title or an address.")] = "",
    state: Annotated[
        Literal["draft", "published", "changed", "unpublished"] | None,
        Field(description="draft, published, changed (published with edits) or unpublished."),
    ] = None,
) -> dict[str, Any]:
    rows = list(queries.page_list(state=state or None, search=search)[:200])
    found = queries.addresses(rows, default_language())
    return {"pages": [page_row(page, found.get(page.pk)) for page in rows]}


def pages_get(actor, page: PageRef) -> dict[str, Any]:
    return {"page": page_out(queries.find_page(page))}


def pages_create(actor, values: PageIn) -> dict[str, Any]:
    return {"page": page_changed(actor, operations.create_page(actor=actor, values=values.values()))}


def pages_publish(actor, page: PageRef, step: StepIn) -> dict[str, Any]:
    published = operations.publish_page(queries.find_page(page), actor=actor, revision=step.revision)
    return {"page": page_changed(actor, published)}


def blocks_edit_content(actor, page: PageRef, edit: BlocksEditIn) -> dict[str, Any]:
    edited, blocks = operations.update_blocks(queries.find_page(page), actor=actor, values=edit.values())
    return blocks_changed(actor, edited, edit.language, blocks)


READ: dict[str, Any] = {"scope": "pages:read", "permission": VIEW}
WRITE: dict[str, Any] = {"scope": "pages:write", "permission": MANAGE, "changes": True}
TOOLS: list[tuple[Callable[..., Any], dict[str, Any], str]] = [
    (
        pages_list,
        READ,
        "List the site's pages (newest change first) with state and address; filter by words or state.",
    ),
    (
        pages_get,
        READ,
        "One page as the editor reads it: title, address and blocks per language (the draft), state, revision.",
    ),
    (
        pages_create,
        WRITE,
        "Create a draft page with a title and an address per language, optionally blocks, home and menu flags.",
    ),
    (pages_publish, WRITE, "Publish a page's draft: the site shows it at its address; a version is kept."),
    (
        blocks_edit_content,
        WRITE,
        "Edit one language's blocks of a page's draft by operations (add a block of a type with values at a"
        " position, update a block's values by id, move, remove), all or nothing; without operations, answer"
        " the blocks with their ids and values. Block types and their values: the Block types of the site."
        " Publishes only with publish=true.",
    ),
]


def register_page_tools() -> None:
    """Registered from PagesConfig.ready()."""
    for fn, options, description in TOOLS:
        register_tool(fn.__name__, fn, description=description, **options)
