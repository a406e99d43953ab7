"""The Pages section and the pages' refusals speak German and Russian."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from frontdesk.pages import operations

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", ["Neue Seite", "Papierkorb", "Das Menü der Website"]),
        ("ru", ["Новая страница", "Корзина", "Меню сайта"]),
    ],
)
def test_the_list_speaks_the_accounts_panel_language(client, make_user, make_page, language, words):
    client.force_login(make_user("pages.view", "pages.manage", language=language))
    shown = client.get("/cms/pages/").text
    for word in words:
        assert word in shown


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", ["Veröffentlichen", "Inhalt", "Versionen"]), ("ru", ["Опубликовать", "Содержимое", "Версии"])],
)
def test_the_editor_speaks_the_accounts_panel_language(client, make_user, make_page, language, words):
    page = make_page("about")
    client.force_login(make_user("pages.view", "pages.manage", language=language))
    shown = client.get(f"/cms/pages/{page.pk}/").text
    for word in words:
        assert word in shown


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("de", "Nennen Sie jede Seite des Menüs genau einmal."),
        ("ru", "Назовите каждую страницу меню ровно один раз."),
    ],
)
def test_a_refusal_is_in_the_active_language(make_page, language, text):
    make_page("one", in_menu=True)
    with translation.override(language), pytest.raises(ValidationError) as refused:
        operations.reorder_menu(actor=None, ids=[])
    assert refused.value.message_dict["order"] == [text]
