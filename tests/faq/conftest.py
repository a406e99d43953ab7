"""Fixtures of the FAQ's tests: questions and categories made through the operations, and
accounts with the FAQ's permissions."""

from __future__ import annotations

from typing import Any

import pytest

from frontdesk.categories.models import Category
from frontdesk.categories.operations import create_category
from frontdesk.faq.models import Question
from frontdesk.faq.operations import create_question

ANSWER = "<p>Within three working days.</p>"


def make_category(name: str | dict = "Shipping", **values: Any) -> Category:
    return create_category(
        "faq", actor=None, values={"name": name if isinstance(name, dict) else {"en": name}, **values}
    )


def make_question(
    question: str | dict = "How long does shipping take?",
    answer: str | dict | None = ANSWER,
    **values: Any,
) -> Question:
    given: dict[str, Any] = {"question": question if isinstance(question, dict) else {"en": question}}
    if answer is not None:
        given["answer"] = answer if isinstance(answer, dict) else {"en": answer}
    return create_question(actor=None, values={**given, **values})


@pytest.fixture
def editor(make_user):
    return make_user("faq.view", "faq.manage", display_name="Frida FAQ")


@pytest.fixture
def faq_viewer(make_user):
    return make_user("faq.view")


@pytest.fixture
def category_manager(make_user):
    return make_user("faq.view", "faq.categories.manage")
