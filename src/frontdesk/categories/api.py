"""The categories' API router, made per category type and mounted by the owning module at its own
path (`register_router("/faq/categories", category_router("faq"))`). Thin: every rule is in
`operations`, every shape in `outputs`, every body an input model of `inputs`.

Routes (under the module's path): GET "" (in order with item counts; `?trashed=true` the bin),
POST "" (create), POST /reorder, GET /picker (for editors), PUT /{category}, DELETE /{category}
(409 with `in_use` while it holds items), POST /{category}/restore.
"""

# No `from __future__ import annotations`: the route functions are made per type and annotated with
# the type's input models, which ninja must find as objects, not as names in this module.

from functools import partial

from django.http import HttpRequest
from ninja import Query, Schema
from ninja import Status as Reply
from pydantic import Field

from frontdesk.categories import operations
from frontdesk.categories.inputs import CategoryOrderIn, given, inputs_for
from frontdesk.categories.outputs import (
    CategoryOut,
    PickOut,
    category_changed,
    category_out,
    order_changed,
    pick_out,
)
from frontdesk.categories.queries import category_rows, category_type, find_category
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import WrittenOut, answers
from frontdesk.core.bin.doors import bin_routes


class ListQuery(Schema):
    trashed: bool = Field(False, description="true: the categories in the bin, last binned first.")


def url_names(type_name: str) -> tuple[str, str, str]:
    """The URL names (namespace cms-api) of a type's list route, one category's route and the
    picker, by which the panel and an editor find the router wherever the module mounted it
    (`reverse("cms-api:categories-faq-picker")`)."""
    return f"categories-{type_name}", f"categories-{type_name}-one", f"categories-{type_name}-picker"


def category_router(
    type_name: str,
    *,
    permission: str | None = None,
    pick_permission: str | None = None,
    scope: str | None = None,
    tags: list[str] | None = None,
) -> PanelRouter:
    """The router of the category type `type_name`: every route asks `permission` (default the
    type's), but the picker asks `pick_permission` (default `permission`), so an editor of the
    module's items may list the categories to choose from. `scope`, when given, is what a token
    needs for the changing routes instead of the one the permission implies."""
    kind = category_type(type_name)
    manage = permission or kind.permission
    pick = pick_permission or manage
    inputs = inputs_for(type_name)
    stem = type_name.replace("-", "_")
    list_name, one_name, picker_name = url_names(type_name)
    router = PanelRouter(tags=tags or [f"{type_name} categories"])
    Change, Create = inputs.change, inputs.create

    @router.get(
        "",
        response=answers(200, list[CategoryOut]),
        permission=manage,
        url_name=list_name,
        operation_id=f"{stem}_categories_list",
        summary="The categories in their order, with how many items each holds",
        description="With trashed=true: the categories in the bin (the bin list), last binned first.",
    )
    def list_categories(request: HttpRequest, filters: Query[ListQuery]):
        return [category_out(row) for row in category_rows(type_name, trashed=filters.trashed)]

    @router.post(
        "",
        response=answers(201, CategoryOut | WrittenOut),
        permission=manage,
        scope=scope,
        operation_id=f"{stem}_categories_create",
        summary="Create a category at the end of the order",
    )
    def create_category(request: HttpRequest, payload: Create):  # type: ignore[valid-type]
        created = operations.create_category(type_name, actor=request.user, values=given(payload))
        return Reply(201, category_changed(request.user, manage, created))

    @router.post(
        "/reorder",
        response=answers(200, list[CategoryOut | WrittenOut]),
        permission=manage,
        scope=scope,
        operation_id=f"{stem}_categories_reorder",
        summary="Store the order: every category outside the bin, each once",
    )
    def reorder_categories(request: HttpRequest, payload: CategoryOrderIn):
        operations.reorder_categories(type_name, actor=request.user, ids=payload.ids)
        return order_changed(request.user, manage, type_name)

    @router.get(
        "/picker",
        response=answers(200, list[PickOut]),
        permission=pick,
        url_name=picker_name,
        operation_id=f"{stem}_categories_picker",
        summary="The categories an editor may pick, in order, hidden ones too (marked)",
    )
    def picker(request: HttpRequest):
        return [pick_out(row) for row in category_rows(type_name)]

    @router.put(
        "/{category}",
        response=answers(200, CategoryOut | WrittenOut),
        permission=manage,
        scope=scope,
        url_name=one_name,
        operation_id=f"{stem}_categories_update",
        summary="Change a category (only the keys given; names and slugs merged by language)",
    )
    def update_category(request: HttpRequest, category: int, payload: Change):  # type: ignore[valid-type]
        changed = operations.update_category(
            find_category(type_name, category),
            actor=request.user,
            values=given(payload),
        )
        return category_changed(request.user, manage, changed)

    bin_routes(
        router,
        "/{category}",
        module=__name__,
        noun="category",
        permission=manage,
        scope=scope,
        conflict=True,
        find=partial(find_category, type_name),
        find_in_bin=partial(find_category, type_name, trashed=True),
        put_in_bin=operations.bin_category,
        restore=operations.restore_category,
        restored=lambda actor, restored: category_changed(actor, manage, restored),
        response=CategoryOut | WrittenOut,
        summaries=("Put a category into the bin", "Take a category out of the bin, at the end of the order"),
        bin_options={
            "operation_id": f"{stem}_categories_delete",
            "description": "Refused with 409 {message, in_use} while the category holds items; in_use is"
            " their count.",
        },
        restore_options={
            "operation_id": f"{stem}_categories_restore",
            "description": "Refused with 422 under slug when another page holds one of its addresses now.",
        },
    )
    return router
