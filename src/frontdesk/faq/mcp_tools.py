"""The FAQ's MCP tools and the resource faq://catalog (docs/faq.md, "Agent tools"): thin doors over
the operations and queries.

faq_list, faq_get and the catalog need the scope faq:read and the permission faq.view; faq_create,
faq_update, faq_delete and faq_reorder faq:write and faq.manage, and take `dry_run` (the server
runs the call in one transaction and rolls it back). Their parameters are the API's bodies
(faq/inputs.py). The category tools are the host's (categories/mcp_tools.py), behind
faq.categories.manage. A question is named by id or anchor, a category by id or name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from frontdesk.categories.mcp_tools import register_category_tools
from frontdesk.core.languages import site_language_codes, translate
from frontdesk.core.mcp.registry import register_resource, register_tool
from frontdesk.faq import operations, outputs, queries
from frontdesk.faq.inputs import QuestionValuesIn, ReorderIn
from frontdesk.faq.panel.screens import CATEGORY_TYPE
from frontdesk.faq.permissions import MANAGE, MANAGE_CATEGORIES, VIEW

READ_SCOPE, WRITE_SCOPE = "faq:read", "faq:write"

QuestionRef = Annotated[
    int | str,
    Field(
        description="The question: its id (7) or its anchor (how-long-does-shipping-take), as faq_list "
        "shows them. Questions in the bin are not found here.",
        examples=[7, "how-long-does-shipping-take"],
    ),
]


def faq_list(
    actor,
    category: Annotated[
        int | str | None,
        Field(
            description="Only this category's questions, in that category's own order: its id or its "
            "name in any language (faq_categories_list). A category that does not exist is refused.",
            examples=[3, "Shipping"],
        ),
    ] = None,
    trashed: Annotated[bool, Field(description="true: the questions in the bin, last binned first.")] = False,
    search: Annotated[
        str,
        Field(
            max_length=queries.SEARCH_MAX,
            description="Words that must all appear in the question or the answer, in any language, any case.",
        ),
    ] = "",
) -> dict[str, Any]:
    category_id = queries.category_named(category) if category is not None else None
    found = queries.question_list(category=category_id, trashed=trashed, search=search)
    return {"questions": outputs.question_rows(found)}


def faq_get(actor, id: QuestionRef) -> dict[str, Any]:
    return outputs.question_out(queries.find_question(id))


def faq_create(actor, values: QuestionValuesIn) -> dict[str, Any]:
    created = operations.create_question(actor=actor, values=values.values())
    return outputs.out_for(actor, created)


def faq_update(actor, id: QuestionRef, changes: QuestionValuesIn) -> dict[str, Any]:
    changed = operations.update_question(queries.find_question(id), actor=actor, values=changes.values())
    return outputs.out_for(actor, changed)


def faq_delete(actor, id: QuestionRef) -> dict[str, Any]:
    binned = operations.bin_question(queries.find_question(id), actor=actor)
    return {"binned": outputs.out_for(actor, binned)["question"]}


def faq_reorder(actor, order: ReorderIn) -> dict[str, Any]:
    category = queries.category_named(order.category) if order.category is not None else None
    operations.reorder_questions(actor=actor, category=category, ids=order.ids)
    return {"questions": outputs.rows_for(actor, queries.question_list(category=category))}


# A catalog entry is the list's row without what the catalog says by its own shape (the
# category it stands under, its place there).
CATALOG_KEYS = ("id", "anchor", "question", "question_text", "published", "visible_in")


def _entry(question, codes: list[str]) -> dict[str, Any]:
    row = outputs.question_row(question, codes)
    return {key: row[key] for key in CATALOG_KEYS}


def faq_catalog(actor) -> dict[str, Any]:
    catalog = queries.catalog()
    codes = site_language_codes()
    return {
        "categories": [
            {
                "id": category.pk,
                "name": category.name or {},
                "name_text": translate(category.name),
                "is_shown": category.is_shown,
                "questions": [_entry(question, codes) for question in questions],
            }
            for category, questions in catalog.categories
        ],
        "uncategorized": [_entry(question, codes) for question in catalog.uncategorized],
    }


ROW = (
    "Each question row: id, anchor (links to it are <page address>#<anchor>), question per language and "
    "question_text in the account's language, published, visible_in (the languages a reader sees it in: "
    "published with both question and answer in that language), categories (ids in the categories' "
    "order), position (in the whole list) and deleted_at (set in the bin)."
)
VALUES = (
    "Values: question (text per language, at most 300 characters; a plain string is the default "
    "language's), answer (rich text HTML per language), categories (the whole list, ids or names; "
    "joining puts the question at the end of that category), published, extra (the site's project "
    'fields by name). A translated value changes only the languages it names ("" removes one). '
    "anchor is read only: leave it out (sending the stored one back passes, any other is refused)."
)
READ = {"scope": READ_SCOPE, "permission": VIEW}
WRITE = {"scope": WRITE_SCOPE, "permission": MANAGE, "changes": True}
TOOLS: list[tuple[Callable[..., Any], dict[str, Any], str]] = [
    (faq_list, READ, "The FAQ's questions, without pages: every question in the whole list's order, or "
     "with category one category's questions in that category's own order, or with trashed=true the "
     "bin; search narrows by words. " + ROW),
    (faq_get, READ, "One question in full, named by id or anchor: {question: its row, values: every "
     "language of the question and the answer (rich text as stored, pictures by key), its categories, "
     "published, anchor and the site's project fields (extra)}. " + ROW),
    (faq_create, WRITE, "Create a question at the end of the whole list and of each of its categories, "
     "unpublished unless published is true (refused unless question and answer exist in some "
     "language). Its anchor is made from the question. Everything is written in one transaction: any "
     "refused part (a category that does not exist, a project field's value) writes nothing. " + VALUES
     + " Returns {question, values} as saved. To show questions on a page, add a faq block with "
     "blocks_edit_content (values: categories [ids, empty for all], limit, filter, markup)."),
    (faq_update, WRITE, "Change a question named by id or anchor; only what is given changes, live at "
     "once (published true shows it on the site, false takes it off). " + VALUES
     + " Returns {question, values} as saved."),
    (faq_delete, WRITE, "Put a question into the bin, named by id or anchor: it leaves every page and "
     "keeps its anchor (no other question takes it). Returns {binned: its row}."),
    (faq_reorder, WRITE, "Store an order. Without category: ids names every question outside the bin "
     "exactly once, in the new order of the whole list. With category (id or name): ids names every "
     "question of that category, and only that category's order changes. Returns the list in its new "
     "order."),
]  # fmt: skip


def register_faq_tools() -> None:
    """Registered from FaqConfig.ready()."""
    for fn, options, description in TOOLS:
        register_tool(fn.__name__, fn, description=description, **options)
    register_category_tools(
        "faq_categories",
        CATEGORY_TYPE,
        scope=WRITE_SCOPE,
        read_scope=READ_SCOPE,
        permission=MANAGE_CATEGORIES,
    )
    register_resource(
        "faq://catalog",
        faq_catalog,
        name="faq_catalog",
        scope=READ_SCOPE,
        permission=VIEW,
        description="The FAQ at a glance: every category in its order, hidden ones too (is_shown "
        "false), each with its questions in that category's own order (id, anchor, question, "
        "published, visible_in; unpublished ones marked published false), then the questions in no "
        "category (uncategorized), in the whole list's order. The bin is left out.",
    )
