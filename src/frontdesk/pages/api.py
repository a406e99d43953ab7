"""The pages' panel JSON API under /api/cms/pages (docs/host.md, "Pages"). Thin doors: each route
parses its body (pages/inputs.py, shared with the agent tools), calls one operation or query and
answers with the shapes of outputs.py."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any, Literal

from django.http import HttpRequest
from ninja import Query, Schema
from ninja import Status as Reply
from pydantic import Field, field_validator

from frontdesk.core.api.pagination import Page as Paginated
from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import WrittenOut, answers
from frontdesk.core.bin.doors import bin_routes
from frontdesk.core.inputs import refuse_unstorable_text
from frontdesk.core.languages import default_language
from frontdesk.pages import operations, queries
from frontdesk.pages.inputs import BlocksEditIn, MenuOrderIn, PageIn, PageSave
from frontdesk.pages.outputs import blocks_changed, log_lines, page_changed, page_out, page_row
from frontdesk.pages.permissions import MANAGE, VIEW
from frontdesk.publishing.doors import versioned_routes

router = PanelRouter(tags=["pages"])


class PageOut(Schema):
    id: int
    state: str = Field(examples=["changed"])
    revision: int
    pending: list[str] = Field(description="The values saved in the draft and not yet published.")
    title: dict[str, str]
    slug: dict[str, str]
    content: dict[str, list[dict[str, Any]]]
    extra: dict[str, Any]
    seo: dict[str, Any] = Field(
        description='The SEO card: {"title": {lang: text}, "description": {lang: text}, "image": key | null,'
        ' "noindex": bool}.'
    )
    is_home: bool
    in_menu: bool
    addresses: dict[str, str] = Field(description="Where the site answers now, per language.")
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None


class PageRow(Schema):
    id: int
    title: dict[str, str]
    title_text: str
    state: str
    address: str | None = Field(description="The address in the default language; null in the bin.")
    is_home: bool
    in_menu: bool
    updated_at: datetime
    deleted_at: datetime | None


class MenuRow(Schema):
    id: int
    title_text: str
    state: str
    is_home: bool


class BlocksOut(Schema):
    page: int
    language: str
    state: str
    revision: int
    blocks: list[dict[str, Any]] = Field(description="The language's blocks in the draft, in order.")


class BlocksWrittenOut(Schema):
    """An edit's answer to a caller who may change pages but not read them."""

    page: int
    language: str


class PagesQuery(PageQuery):
    state: Literal["draft", "published", "changed", "unpublished"] | None = None
    q: str = Field("", max_length=200, description="Words in a title or an address.")
    trashed: bool = Field(False, description="true lists the pages in the bin instead.")

    @field_validator("q")
    @classmethod
    def only_storable_text(cls, value: str) -> str:
        return refuse_unstorable_text(value)


@router.get(
    "", response=answers(200, Paginated[PageRow]), permission=VIEW, summary="Pages, newest change first"
)
def list_pages(request: HttpRequest, query: Query[PagesQuery]):
    rows = queries.page_list(state=query.state, search=query.q, trashed=query.trashed)
    listed = paginate(rows, query)
    found = queries.addresses(listed["rows"], default_language())
    listed["rows"] = [page_row(page, found.get(page.pk)) for page in listed["rows"]]
    return listed


@router.post(
    "", response=answers(201, PageOut | WrittenOut), permission=MANAGE, summary="Create a draft page"
)
def create_page(request: HttpRequest, payload: PageIn):
    return Reply(
        201, page_changed(request.user, operations.create_page(actor=request.user, values=payload.values()))
    )


# Before /{page}: the first path that matches takes the request.
@router.get(
    "/menu", response=answers(200, list[MenuRow]), permission=VIEW, summary="The menu's pages in order"
)
def get_menu(request: HttpRequest):
    return [
        {"id": page.pk, "title_text": str(page), "state": page.state, "is_home": page.is_home}
        for page in queries.menu_rows()
    ]


@router.put("/menu", response=answers(204, None), permission=MANAGE, summary="Store the menu's order")
def sort_menu(request: HttpRequest, payload: MenuOrderIn):
    operations.reorder_menu(actor=request.user, ids=payload.order)
    return Reply(204, None)


@router.get(
    "/{page}", response=answers(200, PageOut), permission=VIEW, summary="One page, as the editor reads it"
)
def get_page(request: HttpRequest, page: int):
    return page_out(queries.find_page(page))


@router.put(
    "/{page}",
    response=answers(200, PageOut | WrittenOut, conflict=True),
    permission=MANAGE,
    summary="Save the draft (only the values given change)",
    description="A published page keeps showing its published values until Publish; the home and"
    " menu flags change at once. A stale revision answers 409 and changes nothing.",
)
def save_page(request: HttpRequest, page: int, payload: PageSave):
    saved = operations.update_page(
        queries.find_page(page), actor=request.user, values=payload.values(), revision=payload.revision
    )
    return page_changed(request.user, saved)


@router.post(
    "/{page}/blocks",
    response=answers(200, BlocksOut | BlocksWrittenOut, conflict=True),
    permission=MANAGE,
    summary="Edit one language's blocks of the draft by operations (all or nothing)",
    description="The agent tool blocks_edit_content's route: add, update, move, remove; without"
    " operations it answers the blocks. Refusals are keyed operations.<index>.<name>.",
)
def edit_blocks(request: HttpRequest, page: int, payload: BlocksEditIn):
    edited, blocks = operations.update_blocks(
        queries.find_page(page), actor=request.user, values=payload.values()
    )
    return blocks_changed(request.user, edited, payload.language, blocks)


# The view names are those the pages' routes had before they were built by the helper.
versioned_routes(
    router,
    "/{page}",
    module=__name__,
    noun="page",
    view_permission=VIEW,
    manage_permission=MANAGE,
    find=queries.find_page,
    changed=page_changed,
    response=PageOut | WrittenOut,
    preview_type=queries.PREVIEW_TYPE,
    history=log_lines,
    steps={
        "publish": operations.publish_page,
        "unpublish": operations.unpublish_page,
        "discard": operations.discard_draft,
    },
    restore_version=operations.restore_page_version,
    names={"discard": "discard_draft", "versions": "list_versions", "restore_version": "restore_version"},
)


bin_routes(
    router,
    "/{page}",
    module=__name__,
    noun="page",
    permission=MANAGE,
    find=queries.find_page,
    find_in_bin=partial(queries.find_page, in_bin=True),
    put_in_bin=operations.bin_page,
    restore=operations.restore_page,
    restored=page_changed,
    response=PageOut | WrittenOut,
    summaries=("Move the page to the bin", "Take the page out of the bin"),
)
