"""The Questions section: the list (filtered by a category and by words) with the editor of one
question beside it, and the bin. The pages print the current values read through faq/queries.py;
every change is written by their scripts through the panel JSON API (/api/cms/faq/questions), as
DESIGN.md asks. Below 60rem (so at 360 px) the list and the editor each take the whole width: the list
at the section's address, the editor at its own (`<id>/`, `new/`)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from frontdesk.categories.queries import category_rows
from frontdesk.core.languages import translate
from frontdesk.core.limits import MAX_ID
from frontdesk.core.panel.access import panel_page
from frontdesk.core.panel.profile_views import language_choices
from frontdesk.faq import queries
from frontdesk.faq.models import QUESTION_MAX, Question
from frontdesk.faq.panel import QUESTIONS
from frontdesk.faq.panel.screens import CATEGORY_TYPE, FAQ_FORM
from frontdesk.faq.permissions import MANAGE
from frontdesk.publishing.project_fields.panel import card_fields
from frontdesk.richtext.rendering import render_rich_text

ID_SLOT = 987654321  # stands for an id in address templates the scripts fill in


def _filters(request: HttpRequest, categories: dict[int, Any]) -> dict[str, Any]:
    """The list's filters from the address: a category of the faq type (anything else is no
    filter, so an old link to a binned category still opens the list) and the words."""
    wanted = request.GET.get("category", "")
    category = int(wanted) if wanted.isdigit() and 0 < int(wanted) <= MAX_ID else None
    words = request.GET.get("q", "")[: queries.SEARCH_MAX].strip()
    return {"category": category if category in categories else None, "q": words}


def _query(filters: dict[str, Any]) -> str:
    given = {key: value for key, value in filters.items() if value}
    return f"?{urlencode(given)}" if given else ""


def _row(question: Question, categories: dict[int, Any], edit: str, query: str) -> dict[str, Any]:
    return {
        "id": question.pk,
        "text": translate(question.question) or question.anchor,
        "published": question.published,
        "visible_in": queries.shown_in(question),
        "categories": [categories[pk] for pk in question.category_ids if pk in categories],  # type: ignore[attr-defined]
        "url": edit.replace("{id}", str(question.pk)) + query,
    }


def _addresses() -> dict[str, str]:
    base = f"{reverse('cms-api:api-root')}faq/questions"
    return {
        "api": base,
        "list": reverse(f"panel:panel-{QUESTIONS}:list"),
        "bin": reverse(f"panel:panel-{QUESTIONS}:bin"),
        "new": reverse(f"panel:panel-{QUESTIONS}:new"),
        "edit": reverse(f"panel:panel-{QUESTIONS}:edit", args=[ID_SLOT]).replace(str(ID_SLOT), "{id}"),
    }


def _screen(request: HttpRequest, question: Question | None, *, editing: bool) -> HttpResponse:
    """The list with, when `editing`, the editor of `question` (None: a new one) beside it."""
    categories = {row.category.pk: row.category for row in category_rows(CATEGORY_TYPE)}
    filters = _filters(request, categories)
    query = _query(filters)
    addresses = _addresses()
    questions = queries.question_list(category=filters["category"], search=filters["q"])
    can_manage = request.user.has_perm(MANAGE)
    context: dict[str, Any] = {
        "tab": "list",
        "can_manage": can_manage,
        "addresses": addresses,
        "filters": filters,
        "query": query,
        "categories": list(categories.values()),
        "rows": [_row(item, categories, addresses["edit"], query) for item in questions],
        # No order while words narrow the list: the positions of the questions left out would be lost.
        "sortable": can_manage and not filters["q"] and len(questions) > 1,
        "editing": editing,
        "question": question,
    }
    if editing:
        context.update(_editor(question, categories, can_manage))
    return render(request, "faq/panel/questions.html", context)


def _editor(question: Question | None, categories: dict[int, Any], can_manage: bool) -> dict[str, Any]:
    languages = language_choices()
    stored_question = question.question if question else {}
    stored_answer = question.answer if question else {}
    chosen = set(question.category_ids) if question else set()  # type: ignore[attr-defined]
    return {
        "languages": languages,
        "default_language": settings.LANGUAGE_CODE,
        "question_max": QUESTION_MAX,
        "texts": [
            {
                "code": code,
                "name": name,
                "question": stored_question.get(code, ""),
                "answer": stored_answer.get(code, ""),
                # A viewer reads the answer as the site prints it (pictures resolved), no editor.
                "printed": "" if can_manage else render_rich_text(stored_answer.get(code, ""), language=code),
            }
            for code, name in languages
        ],
        "choices": [{"category": item, "chosen": pk in chosen} for pk, item in categories.items()],
        "visible_in": queries.shown_in(question) if question else [],
        "project_fields": card_fields(FAQ_FORM.id, question.extra if question else {}, languages),
    }


@panel_page(QUESTIONS)
def question_list(request: HttpRequest) -> HttpResponse:
    return _screen(request, None, editing=False)


@panel_page(QUESTIONS, MANAGE)
def question_new(request: HttpRequest) -> HttpResponse:
    """An empty form: nothing is created before its first save."""
    return _screen(request, None, editing=True)


@panel_page(QUESTIONS)
def question_edit(request: HttpRequest, question: int) -> HttpResponse:
    found = queries.find_question(question)
    queries.attach_categories([found])
    return _screen(request, found, editing=True)


@panel_page(QUESTIONS)
def question_bin(request: HttpRequest) -> HttpResponse:
    context = {
        "tab": "bin",
        "can_manage": request.user.has_perm(MANAGE),
        "addresses": _addresses(),
        "questions": queries.question_list(trashed=True),
    }
    return render(request, "faq/panel/bin.html", context)
