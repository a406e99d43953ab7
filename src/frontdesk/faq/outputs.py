"""Questions as every door answers them (the panel API, the agent tools, the catalog resource):
plain dicts shaped like the API's schemas (api.py).

A row is what a list shows: the question per language and in the caller's language
(`question_text`, the host's fallback rule), whether it is published, the languages a reader sees
it in (`visible_in`), its categories by id in the categories' order, its place in the whole list
and when it went into the bin. `question_out` adds the values the editor shows and saves back.
Categories of many questions are read in one query (queries.attach_categories).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from frontdesk.core.api.auth import may_read as host_may_read
from frontdesk.core.languages import site_language_codes, translate
from frontdesk.faq import queries
from frontdesk.faq.models import Question
from frontdesk.faq.panel.screens import FAQ_FORM
from frontdesk.faq.permissions import VIEW
from frontdesk.publishing.project_fields import listed_extra


def _category_ids(question: Question) -> list[int]:
    if not hasattr(question, "category_ids"):
        queries.attach_categories([question])
    return list(question.category_ids)  # type: ignore[attr-defined]


def question_row(question: Question, codes: list[str] | None = None) -> dict[str, Any]:
    """The row of one question; `codes` the site's languages when the caller read them once."""
    return {
        "id": question.pk,
        "anchor": question.anchor,
        "question": question.question or {},
        "question_text": translate(question.question),
        "published": question.published,
        "visible_in": queries.shown_in(question, codes),
        "categories": _category_ids(question),
        "position": question.position,
        "deleted_at": question.deleted_at,
    }


def question_rows(questions: Iterable[Question]) -> list[dict[str, Any]]:
    """Many rows; their categories in one query when the list did not bring them."""
    rows = list(questions)
    missing = [question for question in rows if not hasattr(question, "category_ids")]
    if missing:
        queries.attach_categories(missing)
    codes = site_language_codes()
    return [question_row(question, codes) for question in rows]


def question_values(question: Question) -> dict[str, Any]:
    """The values as the editor shows them and may send back: the answer as stored (library
    pictures by key), every project field of the faq.form screen by name (null when empty)."""
    return {
        "question": question.question or {},
        "answer": question.answer or {},
        "categories": _category_ids(question),
        "published": question.published,
        "anchor": question.anchor,
        "extra": listed_extra(FAQ_FORM.id, question.extra),
    }


def question_out(question: Question) -> dict[str, Any]:
    """One question in full: {"question": its row, "values": its values}."""
    queries.attach_categories([question])
    return {"question": question_row(question), "values": question_values(question)}


def may_read(actor: Any) -> bool:
    """Whether `actor` (and its token, on a token's call) may read questions: faq.view and, for a
    token, faq:read. An account that may write but not read (faq.manage alone) learns from a
    change's answer only what it did, never the questions' texts (tests/matrix.py)."""
    return host_may_read(actor, VIEW)


def _blank_row(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "question": {}, "question_text": ""}


def rows_for(actor: Any, questions: Iterable[Question]) -> list[dict[str, Any]]:
    """The rows a change answers: whole for a reader, without the texts for anyone else."""
    rows = question_rows(questions)
    return rows if may_read(actor) else [_blank_row(row) for row in rows]


def out_for(actor: Any, question: Question) -> dict[str, Any]:
    """The question a change answers: whole for a reader, without its texts and project fields
    for anyone else."""
    shape = question_out(question)
    if may_read(actor):
        return shape
    values = shape["values"]
    blank_extra = dict.fromkeys(values["extra"])
    return {
        "question": _blank_row(shape["question"]),
        "values": {**values, "question": {}, "answer": {}, "extra": blank_extra},
    }
