"""The FAQ's panel JSON API under /api/cms/faq (docs/faq.md, "Panel API"); the shared categories'
router is mounted beside it at /api/cms/faq/categories (apps.py).

Thin doors: each route parses its body, calls one operation or query and answers with
`outputs.py`'s shapes; the operations hold every rule and key their errors by field name. A change
answers the question whole only to a caller who may read questions (outputs.out_for). A fixed
path (`/reorder`) is registered before the one with a parameter it would otherwise match.
"""

from __future__ import annotations

from datetime import datetime
from functools import partial
from typing import Any

from django.http import HttpRequest
from ninja import Query, Schema
from ninja import Status as Answer
from pydantic import Field

from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.api.schemas import answers
from frontdesk.core.bin.doors import bin_routes
from frontdesk.faq import operations, outputs, queries
from frontdesk.faq.inputs import QuestionBody, ReorderIn
from frontdesk.faq.permissions import MANAGE, VIEW

router = PanelRouter(tags=["faq"])


class QuestionRowOut(Schema):
    """A question as the list shows it."""

    id: int
    anchor: str = Field(
        description="The fragment identifier of links to the question (<page address>#<anchor>); made "
        "once at creation, never changed.",
        examples=["how-long-does-shipping-take"],
    )
    question: dict[str, str] = Field(
        examples=[{"en": "How long does shipping take?", "de": "Wie lange dauert der Versand?"}]
    )
    question_text: str = Field(description="The question in the caller's language (with the fallback rule).")
    published: bool
    visible_in: list[str] = Field(
        description="The languages a reader sees the question in: published, outside the bin, with "
        "both the question and the answer in that language.",
        examples=[["en", "de"]],
    )
    categories: list[int] = Field(
        description="The question's categories by id, in the categories' order.", examples=[[3, 5]]
    )
    position: int = Field(description="Place in the whole list's order (smaller first).")
    deleted_at: datetime | None = Field(description="When it went into the bin; null outside it.")


class QuestionValuesOut(Schema):
    """The values as the editor shows them; sending them back unchanged changes nothing."""

    question: dict[str, str] = Field(examples=[{"en": "How long does shipping take?"}])
    answer: dict[str, str] = Field(
        description="Rich text per language, as stored (library pictures by key).",
        examples=[{"en": "<p>Within three working days.</p>"}],
    )
    categories: list[int] = Field(examples=[[3, 5]])
    published: bool
    anchor: str = Field(examples=["how-long-does-shipping-take"])
    extra: dict[str, Any] = Field(description="The site's project fields of the faq.form screen, by name.")


class QuestionOut(Schema):
    question: QuestionRowOut
    values: QuestionValuesOut


class ListQuery(Schema):
    category: int | None = Field(
        None,
        ge=1,
        description="Only this category's questions, in that category's own order (a category that "
        "does not exist is 422 under category).",
    )
    trashed: bool = Field(False, description="true: the questions in the bin, last binned first.")
    search: str = Field(
        "",
        max_length=queries.SEARCH_MAX,
        description="Words that must all be in the question or the answer, in any language, any case.",
    )


def _question(pk: int):
    return queries.find_question(pk)


@router.get(
    "/questions",
    response=answers(200, list[QuestionRowOut]),
    permission=VIEW,
    summary="Every question in the whole list's order, or one category's in its order; no pages",
    description="With trashed=true the bin instead; search narrows either by words.",
)
def list_questions(request: HttpRequest, query: Query[ListQuery]):
    category = queries.category_named(query.category) if query.category is not None else None
    rows = queries.question_list(category=category, trashed=query.trashed, search=query.search)
    return outputs.question_rows(rows)


@router.post(
    "/questions",
    response=answers(201, QuestionOut),
    permission=MANAGE,
    summary="Create a question at the end of the list, unpublished unless values.published is true",
    description="Nothing is written when any value is refused; each refusal is under its name in errors.",
    openapi_extra={
        "requestBody": {
            "content": {
                "application/json": {
                    "example": {
                        "values": {
                            "question": {"en": "How long does shipping take?"},
                            "answer": {"en": "<p>Within three working days.</p>"},
                            "categories": [3],
                            "published": True,
                        }
                    }
                }
            }
        }
    },
)
def create_question(request: HttpRequest, payload: QuestionBody):
    created = operations.create_question(actor=request.user, values=payload.values.values())
    return Answer(201, outputs.out_for(request.user, created))


@router.post(
    "/questions/reorder",
    response=answers(200, list[QuestionRowOut]),
    permission=MANAGE,
    summary="Store the order of the whole list, or of one category's questions",
    description="Answers the list in its new order: the whole list, or (with category) that category's.",
)
def reorder_questions(request: HttpRequest, payload: ReorderIn):
    category = queries.category_named(payload.category) if payload.category is not None else None
    operations.reorder_questions(actor=request.user, category=category, ids=payload.ids)
    return outputs.rows_for(request.user, queries.question_list(category=category))


@router.get(
    "/questions/{question}",
    response=answers(200, QuestionOut),
    permission=VIEW,
    summary="One question: its row and its values",
)
def get_question(request: HttpRequest, question: int):
    return outputs.question_out(_question(question))


@router.put(
    "/questions/{question}",
    response=answers(200, QuestionOut),
    permission=MANAGE,
    summary="Change a question: only the keys of values given change, live at once",
    description="A translated value changes the languages it names; categories is the whole new list; "
    "anchor may be sent back unchanged, any other anchor is 422 under anchor.",
    openapi_extra={
        "requestBody": {"content": {"application/json": {"example": {"values": {"published": False}}}}}
    },
)
def update_question(request: HttpRequest, question: int, payload: QuestionBody):
    changed = operations.update_question(
        _question(question), actor=request.user, values=payload.values.values()
    )
    return outputs.out_for(request.user, changed)


bin_routes(
    router,
    "/questions/{question}",
    module=__name__,
    noun="question",
    permission=MANAGE,
    find=queries.find_question,
    find_in_bin=partial(queries.find_question, trashed=True),
    put_in_bin=operations.bin_question,
    restore=operations.restore_question,
    restored=outputs.out_for,
    response=QuestionOut,
    summaries=(
        "Put a question in the bin (off every page; its anchor is kept)",
        "Take a question out of the bin, with its anchor, categories and published value",
    ),
)
