"""The categories' agent tools, made per category type and registered by the owning module:
`register_category_tools("faq_categories", "faq", scope="faq:write")` gives faq_categories_list,
_create, _update, _delete and _reorder. Thin doors over `operations`; the changing ones take the
API's input models and get `dry_run` from the server (run, then rolled back).
"""

# No `from __future__ import annotations`: the tool functions are made per type and annotated with
# the type's input models, which the tool registry must find as objects.

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from frontdesk.categories import operations
from frontdesk.categories.inputs import CategoryOrderIn, given, inputs_for
from frontdesk.categories.outputs import category_changed, category_out, order_changed
from frontdesk.categories.queries import category_rows, category_type, find_category
from frontdesk.core.mcp.registry import register_tool


def register_category_tools(
    prefix: str,
    type_name: str,
    *,
    scope: str,
    read_scope: str | None = None,
    permission: str | None = None,
) -> list[str]:
    """Register the five tools `<prefix>_list`, `_create`, `_update`, `_delete`, `_reorder` for
    the category type `type_name`, behind `permission` (default the type's) and `scope` (the list
    behind `read_scope`, default `scope`). Answers the names registered; from `AppConfig.ready()`."""
    kind = category_type(type_name)
    needed = permission or kind.permission
    reading = read_scope or scope  # what a change's answer needs to show the category (may_read)
    inputs = inputs_for(type_name)
    Change, Create = inputs.change, inputs.create
    label = str(kind.label)
    Ref = Annotated[
        int | str,
        Field(
            description=f"{kind.naming_help()} A category that does not exist is refused.",
            examples=[3, "Shipping"],
        ),
    ]

    def listing(
        actor, trashed: Annotated[bool, Field(description="true: the categories in the bin.")] = False
    ) -> dict[str, Any]:
        return {"categories": [category_out(row) for row in category_rows(type_name, trashed=trashed)]}

    def create(actor, values: Create) -> dict[str, Any]:  # type: ignore[valid-type]
        created = operations.create_category(type_name, actor=actor, values=given(values))
        return {"category": category_changed(actor, needed, created, scope=reading)}

    def update(actor, category: Ref, changes: Change) -> dict[str, Any]:  # type: ignore[valid-type]
        changed = operations.update_category(
            find_category(type_name, category), actor=actor, values=given(changes)
        )
        return {"category": category_changed(actor, needed, changed, scope=reading)}

    def delete(actor, category: Ref) -> dict[str, Any]:
        binned = operations.bin_category(find_category(type_name, category), actor=actor)
        return {"binned": category_changed(actor, needed, binned, scope=reading)}

    def reorder(actor, order: CategoryOrderIn) -> dict[str, Any]:
        operations.reorder_categories(type_name, actor=actor, ids=order.ids)
        return {"categories": order_changed(actor, needed, type_name, scope=reading)}

    tools: list[tuple[str, Callable[..., Any], str, bool, str]] = [
        (f"{prefix}_list", listing, reading, False,
         f"{label}: every category in order with how many items each holds (items), hidden ones too "
         "(is_shown false), its project fields (extra) and, where categories have addresses, slug and "
         "addresses; trashed: true lists the bin."),
        (f"{prefix}_create", create, scope, True,
         f"{label}: create a category at the end of the order. Give its name per language; project "
         "fields by name in extra. Returns the category as saved."),
        (f"{prefix}_update", update, scope, True,
         f"{label}: change a category. Only the values given change; a name per language is merged "
         "with the stored languages. Returns the category as saved."),
        (f"{prefix}_delete", delete, scope, True,
         f"{label}: put a category into the bin. Refused while it holds items (the refusal names how "
         "many, also as in_use): take them out of the category first."),
        (f"{prefix}_reorder", reorder, scope, True,
         f"{label}: store the order. ids names every category outside the bin exactly once, by id "
         f"(as {prefix}_list shows them), in the new order."),
    ]  # fmt: skip
    for name, fn, tool_scope, changes, description in tools:
        register_tool(name, fn, scope=tool_scope, permission=needed, description=description, changes=changes)
    return [name for name, *_rest in tools]
