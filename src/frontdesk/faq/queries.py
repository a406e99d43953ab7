"""Reads the doors and the block share: the questions in the whole list's order or in one
category's, the bin, a search, a question named by id or anchor, the languages a question is
shown in, and how many questions each category holds."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Count, QuerySet
from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from frontdesk.categories.models import Category
from frontdesk.categories.queries import categories_of, find_category
from frontdesk.core.bin.operations import rows_of
from frontdesk.core.errors import NotFound
from frontdesk.core.languages import site_language_codes
from frontdesk.core.limits import MAX_ID
from frontdesk.faq.models import Placement, Question
from frontdesk.faq.panel.screens import CATEGORY_TYPE
from frontdesk.richtext.cleaning import is_empty_rich_text

SEARCH_MAX = 200


def shown_in(question: Question, codes: Iterable[str] | None = None) -> list[str]:
    """The site languages a reader sees `question` in (`visible_in`): published, outside the bin,
    with both its question and an answer that is not empty after cleaning in that language. No
    fallback to another language."""
    if not question.published or question.in_bin:
        return []
    return [code for code in codes or site_language_codes() if is_complete_in(question, code)]


def is_complete_in(question: Question, code: str) -> bool:
    """Whether `question` has both parts in language `code` (published or not)."""
    text = (question.question or {}).get(code) or ""
    return bool(text.strip()) and not is_empty_rich_text((question.answer or {}).get(code))


def in_order(*, trashed: bool = False) -> QuerySet[Question]:
    """The whole list in its order, or (trashed) the bin, last binned first."""
    if trashed:
        return rows_of(Question, trashed=True).select_related("deleted_by").order_by("-deleted_at", "-pk")
    return Question.objects.order_by("position", "id")


def in_category(category_id: int) -> QuerySet[Question]:
    """The questions of one category (outside the bin) in that category's own order."""
    return (
        Question.objects.filter(placements__category_id=category_id)
        .order_by("placements__position", "id")
        .distinct()
    )


def matches(question: Question, words: list[str]) -> bool:
    """Whether every word is in the question or the answer's text, in some language, any case."""
    texts = [
        *(question.question or {}).values(),
        *(strip_tags(html) for html in (question.answer or {}).values()),
    ]
    haystack = " ".join(texts).casefold()
    return all(word in haystack for word in words)


def question_list(*, category: int | None = None, trashed: bool = False, search: str = "") -> list[Question]:
    """The list the panel, the API and `faq_list` show: with a category its questions in its
    order, else the whole list; the bin with `trashed`; narrowed by `search` (every word, as a
    part of a word, in the question or the answer, in any language, any case). Each question comes
    with its category ids (`category_ids`) in two queries however many."""
    if trashed:
        rows = in_order(trashed=True)
        if category is not None:
            rows = rows.filter(placements__category_id=category)
    elif category is not None:
        rows = in_category(category)
    else:
        rows = in_order()
    questions = list(rows)
    words = search[:SEARCH_MAX].casefold().split()
    if words:
        # In Python, the same on every database and in every script: the list is hundreds of
        # questions, read whole anyway (it has no pages), and JSON text is stored escaped on some.
        questions = [question for question in questions if matches(question, words)]
    attach_categories(questions)
    return questions


def attach_categories(questions: list[Question]) -> None:
    """Set `category_ids` on each question (its categories outside the bin, in the categories'
    order): one query."""
    ids = [question.pk for question in questions]
    found: dict[int, list[int]] = {pk: [] for pk in ids}
    placements = (
        Placement.objects.filter(question_id__in=ids, category__deleted_at__isnull=True)
        .order_by("category__position", "category_id")
        .values_list("question_id", "category_id")
    )
    for question_id, category_id in placements:
        found[question_id].append(category_id)
    for question in questions:
        question.category_ids = found[question.pk]  # type: ignore[attr-defined]


def find_question(ref: int | str, *, trashed: bool | None = False) -> Question:
    """The question `ref` names: its id, or its anchor. Outside the bin, in it (trashed=True), or
    either (None). NotFound when none does."""
    rows = Question.all_objects.all() if trashed is None else rows_of(Question, trashed=trashed)
    text = str(ref).strip()
    found = None
    if isinstance(ref, int) or text.isdigit():
        number = int(text) if text.isdigit() else ref
        if isinstance(number, int) and 0 < number <= MAX_ID:
            found = rows.filter(pk=number).first()
    if found is None and text and not isinstance(ref, int):
        found = rows.filter(anchor=text.lower()).first()
    if found is None:
        raise NotFound(_("There is no question %(ref)s.") % {"ref": text})
    return found


def questions_per_category(ids: list[int]) -> dict[int, int]:
    """{category id: questions outside the bin}, one query (the category type's count)."""
    counted = (
        Placement.objects.filter(category_id__in=ids, question__deleted_at__isnull=True)
        .values("category_id")
        .annotate(items=Count("pk"))
        .values_list("category_id", "items")
    )
    return dict(counted)


def category_named(ref: int | str, *, key: str = "category") -> int:
    """The id of the FAQ category `ref` names (its id, or its name in any site language), for a
    list or an order of one category. A category that does not exist is refused under `key`,
    never dropped (which would answer the whole list instead); a name two share is refused."""
    try:
        return find_category(CATEGORY_TYPE, ref).pk
    except NotFound as error:
        raise ValidationError({key: [str(error)]}) from None
    except ValidationError as error:
        raise ValidationError({key: error.messages}) from None


@dataclass
class Catalog:
    """Every FAQ category in order (hidden ones too) with its questions in its own order, then
    the questions in no category, each question with `category_ids`."""

    categories: list[tuple[Category, list[Question]]]
    uncategorized: list[Question]


def catalog() -> Catalog:
    """The catalog (the resource faq://catalog): three queries however many questions."""
    categories = list(categories_of(CATEGORY_TYPE))
    questions = list(in_order())
    attach_categories(questions)
    by_id = {question.pk: question for question in questions}
    held: dict[int, list[Question]] = {category.pk: [] for category in categories}
    placements = (
        Placement.objects.filter(category_id__in=list(held), question_id__in=list(by_id))
        .order_by("category_id", "position", "question_id")
        .values_list("category_id", "question_id")
    )
    for category_id, question_id in placements:
        held[category_id].append(by_id[question_id])
    return Catalog(
        categories=[(category, held[category.pk]) for category in categories],
        uncategorized=[question for question in questions if not question.category_ids],  # type: ignore[attr-defined]
    )


@dataclass(frozen=True)
class Selection:
    """What one FAQ block asks for: category ids (empty: every question) and a limit (None: all)."""

    categories: tuple[int, ...] = ()
    limit: int | None = None


@dataclass
class Shown:
    """The questions of each selection, in order, and the FAQ's categories outside the bin by id
    in their order (the blocks' filters name them)."""

    lists: list[list[Question]]
    categories: dict[int, Category]


def shown_questions(selections: Sequence[Selection], language: str) -> Shown:
    """The questions each selection shows in `language` (docs/faq.md, "The FAQ block"), in three queries
    however many selections and questions: the categories, the questions, their placements.

    Visibility first: published, outside the bin, question and answer both in `language` (no
    fallback). Then the order: one chosen category gives that category's own order; none or
    several give the whole list's, each question once. A chosen category that no longer exists
    or sits in the bin is skipped (counted out before "one or several"); when every chosen one is
    gone the selection shows nothing, never the whole list. Then the limit. Each question carries
    `category_ids`: its categories outside the bin, in the categories' order."""
    categories = {
        category.pk: category
        for category in Category.objects.filter(type=CATEGORY_TYPE).order_by("position", "id")
    }
    wanted = [tuple(dict.fromkeys(pk for pk in s.categories if pk in categories)) for s in selections]
    rows = Question.objects.filter(published=True)
    if all(s.categories for s in selections):
        named = sorted({pk for live in wanted for pk in live})
        rows = rows.filter(placements__category_id__in=named).distinct() if named else rows.none()
    questions = [
        question for question in rows.order_by("position", "id") if is_complete_in(question, language)
    ]
    by_id = {question.pk: question for question in questions}
    in_category: dict[int, list[int]] = {}
    for question in questions:
        question.category_ids = []  # type: ignore[attr-defined]
    if questions:
        placements = (
            Placement.objects.filter(
                question__published=True,
                question__deleted_at__isnull=True,
                category__type=CATEGORY_TYPE,
                category__deleted_at__isnull=True,
            )
            .order_by("position", "id")
            .values_list("question_id", "category_id")
        )
        for question_id, category_id in placements:
            if question_id in by_id and category_id in categories:
                in_category.setdefault(category_id, []).append(question_id)
        rank = {pk: place for place, pk in enumerate(categories)}
        for category_id in sorted(in_category, key=rank.__getitem__):
            for question_id in in_category[category_id]:
                by_id[question_id].category_ids.append(category_id)  # type: ignore[attr-defined]
    lists = []
    for selection, live in zip(selections, wanted, strict=True):
        if not selection.categories:
            chosen = questions
        elif len(live) == 1:
            chosen = [by_id[pk] for pk in in_category.get(live[0], [])]
        else:
            members = {pk for category_id in live for pk in in_category.get(category_id, [])}
            chosen = [question for question in questions if question.pk in members]
        lists.append(chosen if selection.limit is None else chosen[: selection.limit])
    return Shown(lists=lists, categories=categories)
