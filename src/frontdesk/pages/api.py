"""The pages' panel JSON API under /api/cms/pages (docs/host.md, "Pages"). Thin doors: each route
parses its body (pages/inputs.py, shared with the agent tools), calls one operation or query and
answers with the shapes of outputs.py."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any, Literal

from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja import Query, Schema
from ninja import Status as Reply
from pydantic import Field, field_validator

from frontdesk.core.api.pagination import Page as Paginated
from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import WrittenOut, answers
from frontdesk.core.bin.doors import bin_routes
from frontdesk.core.errors import NotFound
from frontdesk.core.inputs import refuse_unstorable_text
from frontdesk.core.languages import default_language
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.pages import operations, queries
from frontdesk.pages.inputs import BlocksEditIn, MenuOrderIn, PageIn, PageSave, StepIn
from frontdesk.pages.outputs import blocks_changed, log_lines, page_changed, page_out, page_row
from frontdesk.pages.permissions import MANAGE, VIEW
from frontdesk.publishing.outputs import preview_link_out, version_list
from frontdesk.publishing.schemas import LogLineOut, PreviewLinkOut, PreviewQuery, VersionOut

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


def _step_route(step: str, operation: Callable[..., Any], summary: str) -> None:
    """POST /{page}/<step> with {"revision"}: one state step of the page (publishing/versions), 409 on a
    stale revision. The view is named as the operation, so its OpenAPI id is the one it had."""

    def view(request: HttpRequest, page: int, payload: StepIn):
        moved = operation(queries.find_page(page), actor=request.user, revision=payload.revision)
        return page_changed(request.user, moved)

    view.__name__ = view.__qualname__ = operation.__name__
    router.post(
        f"/{{page}}/{step}",
        response=answers(200, PageOut | WrittenOut, conflict=True),
        permission=MANAGE,
        summary=summary,
    )(view)


_step_route("publish", operations.publish_page, "Publish the draft")
_step_route("unpublish", operations.unpublish_page, "Take the page off the site")
_step_route("discard", operations.discard_draft, "Throw the pending edits away")


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


@router.get(
    "/{page}/preview",
    response=answers(200, PreviewLinkOut),
    permission=VIEW,
    summary="A fresh link to the draft's preview",
    description="A signed link, good for one hour, that shows the page's draft (the edits waiting for"
    " Publish) in the site's layout to a signed-in account with pages.view, marked as a preview and"
    " kept out of search engines. `language` chooses the language (default: the site's default).",
)
def preview_page(request: HttpRequest, page: int, query: Query[PreviewQuery]):
    found = queries.find_page(page)
    return preview_link_out(
        queries.PREVIEW_TYPE, found, language=query.language, absolute=request.build_absolute_uri
    )


@router.get(
    "/{page}/versions",
    response=answers(200, list[VersionOut]),
    permission=VIEW,
    summary="The published versions, newest first",
)
def list_versions(request: HttpRequest, page: int):
    return version_list(queries.find_page(page))


@router.post(
    "/{page}/versions/{number}/restore",
    response=answers(200, PageOut | WrittenOut, conflict=True),
    permission=MANAGE,
    summary="Put a version's values into the draft",
)
def restore_version(request: HttpRequest, page: int, number: int, payload: StepIn):
    if not 1 <= number <= MAX_INTEGER:
        raise NotFound(_("There is no version %(number)s of this record.") % {"number": number})
    restored = operations.restore_page_version(
        queries.find_page(page), actor=request.user, number=number, revision=payload.revision
    )
    return page_changed(request.user, restored)


@router.get(
    "/{page}/log",
    response=answers(200, list[LogLineOut]),
    permission=VIEW,
    summary="The page's log, newest first",
)
def page_log(request: HttpRequest, page: int):
    return log_lines(queries.find_page(page))


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
