"""The FAQ's panel pages: Questions (the list with its filters, the editor beside it, the bin) and
Categories (the host's screen), who may open them, and that no address answers 500."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import reverse

from frontdesk.core.panel.sections import SECTIONS
from frontdesk.faq.operations import bin_question
from tests.faq.conftest import make_category, make_question
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.django_db

LIST = "panel:panel-faq-questions:list"


def page_of(client, name: str, *args, query: str = "") -> str:
    response = client.get(reverse(name, args=args) + query)
    assert response.status_code == 200
    return response.content.decode()


def test_both_sections_are_listed_under_the_faq_heading_at_faq_addresses():
    questions, categories = SECTIONS["faq-questions"], SECTIONS["faq-categories"]
    assert (str(questions.label), str(categories.label)) == ("Questions", "Categories")
    assert str(questions.group) == str(categories.group) == "FAQ"
    assert (questions.permission, categories.permission) == ("faq.view", "faq.categories.manage")
    assert reverse(LIST) == "/cms/faq/questions/"
    assert reverse("panel:panel-faq-categories:categories") == "/cms/faq/categories/"


def test_the_settings_path_moves_the_questions_section():
    with override_settings(FRONTDESK={"panel": {"paths": {"faq-questions": "help/answers"}}}):
        assert SECTIONS["faq-questions"].address == "help/answers"


def test_the_menu_shows_the_faq_sections_by_permission(client, faq_viewer, category_manager):
    client.force_login(faq_viewer)
    menu = page_of(client, LIST)
    assert 'href="/cms/faq/questions/"' in menu and 'href="/cms/faq/categories/"' not in menu
    client.force_login(category_manager)
    assert 'href="/cms/faq/categories/"' in page_of(client, LIST)


def test_the_list_shows_each_question_with_published_languages_and_categories(editor_client):
    shipping = make_category("Shipping")
    make_question({"en": "How long does shipping take?", "de": "Wie lange dauert der Versand?"},
                  {"en": "<p>Three days.</p>", "de": "<p>Drei Tage.</p>"},
                  published=True, categories=[shipping.pk])  # fmt: skip
    make_question("Do you ship abroad?", None)
    page = page_of(editor_client, LIST)
    assert page.index("How long does shipping take?") < page.index("Do you ship abroad?")
    assert "Published" in page and "Unpublished" in page
    assert '<span class="fd-badge faq-chip" lang="en">EN</span>' in page
    assert '<span class="fd-badge faq-chip" lang="de">DE</span>' in page
    assert "Shipping" in page
    assert "data-sortable" in page and "New question" in page


def test_the_list_is_in_the_panel_language(client, make_user):
    make_question({"en": "How long?", "de": "Wie lange?"}, {"en": "<p>Days.</p>", "de": "<p>Tage.</p>"})
    client.force_login(make_user("faq.view", language="de"))
    page = client.get(reverse(LIST), headers={"accept-language": "de"}).content.decode()
    assert "Wie lange?" in page


def test_a_chosen_category_lists_its_questions_in_its_own_order(editor_client):
    shipping = make_category("Shipping")
    first = make_question("First in the list", categories=[shipping.pk])
    make_question("Not in the category")
    second = make_question("Second in the list", categories=[shipping.pk])
    from frontdesk.faq.operations import reorder_questions

    reorder_questions(actor=None, category=shipping.pk, ids=[second.pk, first.pk])
    page = page_of(editor_client, LIST, query=f"?category={shipping.pk}")
    assert "Not in the category" not in page
    assert page.index("Second in the list") < page.index("First in the list")
    assert f'data-category="{shipping.pk}"' in page and "data-sortable" in page


def test_words_narrow_the_list_and_take_the_order_controls_away(editor_client):
    make_question("How long does shipping take?")
    make_question("Can I pay by card?")
    page = page_of(editor_client, LIST, query="?q=shipping")
    assert "How long does shipping take?" in page and "Can I pay by card?" not in page
    assert "data-sortable" not in page and "Clear the words to change the order." in page


@pytest.mark.parametrize(
    "query", ["?category=abc", "?category=999999999999999", "?category=-1", "?q=" + "x" * 5000]
)
def test_a_bad_filter_is_no_filter(editor_client, query):
    make_question("How long does shipping take?")
    assert editor_client.get(reverse(LIST) + query).status_code == 200


def test_the_editor_is_beside_the_list_with_every_part(editor_client):
    hidden = make_category("Returns", is_shown=False)
    question = make_question({"en": "How long?", "de": "Wie lange?"}, categories=[hidden.pk])
    with project_fields(node("source", "text"), screen="faq.form"):
        page = page_of(editor_client, "panel:panel-faq-questions:edit", question.pk)
    assert 'name="question.de"' in page and 'value="Wie lange?"' in page
    assert 'name="answer.en"' in page and "data-richtext" in page
    assert f'name="categories" value="{hidden.pk}" checked' in page and "Hidden" in page
    assert 'role="switch" name="published"' in page
    assert f'value="#{question.anchor}" readonly' in page and "Copy link" in page
    assert 'id="project-fields"' in page and 'data-project-field="source"' in page
    assert 'id="faq-list"' in page  # the list stays beside it
    assert 'aria-current="true">How long?' in page


def test_a_new_question_is_an_empty_form_and_nothing_is_created(editor_client):
    from frontdesk.faq.models import Question

    page = page_of(editor_client, "panel:panel-faq-questions:new")
    assert 'id="faq-editor"' in page and 'data-id=""' in page and "data-bin>" not in page
    assert Question.all_objects.count() == 0


def test_a_viewer_reads_without_order_new_row_or_save(client, faq_viewer):
    question = make_question("How long?", "<p>Three <strong>days</strong>.</p>")
    client.force_login(faq_viewer)
    page = page_of(client, LIST)
    assert "How long?" in page and "data-sortable" not in page and "New question" not in page
    editor = page_of(client, "panel:panel-faq-questions:edit", question.pk)
    assert "<strong>days</strong>" in editor and "data-richtext" not in editor
    assert ">Save</button>" not in editor and "data-bin>" not in editor and "readonly" in editor
    assert client.get(reverse("panel:panel-faq-questions:new")).status_code == 403
    bin_page = page_of(client, "panel:panel-faq-questions:bin")
    assert "data-restore" not in bin_page


def test_the_bin_lists_binned_questions_with_restore(editor_client):
    question = make_question("How long?")
    bin_question(question, actor=None)
    page = page_of(editor_client, "panel:panel-faq-questions:bin")
    assert "How long?" in page and question.anchor in page and "data-restore" in page
    assert "How long?" not in page_of(editor_client, LIST)
    assert editor_client.get(reverse("panel:panel-faq-questions:edit", args=[question.pk])).status_code == 404


def test_the_categories_screen_lists_hidden_categories_with_their_counts(client, category_manager):
    shipping = make_category("Shipping", is_shown=False)
    make_question("How long?", categories=[shipping.pk])
    client.force_login(category_manager)
    page = page_of(client, "panel:panel-faq-categories:categories")
    assert "Shipping" in page and "1 item" in page and "Hidden" in page
    assert page_of(client, "panel:panel-faq-categories:categories", query=f"?category={shipping.pk}")
    assert page_of(client, "panel:panel-faq-categories:bin")


ADDRESSES = [
    ("panel:panel-faq-questions:list", False),
    ("panel:panel-faq-questions:bin", False),
    ("panel:panel-faq-questions:new", False),
    ("panel:panel-faq-questions:edit", True),
    ("panel:panel-faq-categories:categories", False),
    ("panel:panel-faq-categories:bin", False),
]
# role -> the addresses (by name) it may open
MAY_OPEN = {
    "none": set(),
    "view": {"list", "bin", "edit"},
    "manage": {"list", "bin", "edit", "new"},
    "categories": {"list", "bin", "edit", "categories", "categories:bin"},
    "superuser": {"list", "bin", "edit", "new", "categories", "categories:bin"},
}
ROLES = {
    "none": (),
    "view": ("faq.view",),
    "manage": ("faq.view", "faq.manage"),
    "categories": ("faq.view", "faq.categories.manage"),
}


def _key(name: str) -> str:
    section, page = name.split(":")[1:]
    return f"categories:{page}" if section == "panel-faq-categories" and page == "bin" else page


@pytest.mark.parametrize("role", [*ROLES, "superuser", "anonymous"])
def test_every_address_answers_each_role_without_a_500(client, make_user, role):
    question = make_question("How long?")
    if role == "superuser":
        client.force_login(make_user(is_superuser=True))
    elif role != "anonymous":
        client.force_login(make_user(*ROLES[role]))
    for name, with_id in ADDRESSES:
        response = client.get(reverse(name, args=[question.pk] if with_id else []))
        if role == "anonymous":
            assert response.status_code == 302 and "/cms/login/" in response["Location"], name
        else:
            expected = 200 if _key(name) in MAY_OPEN[role] else 403
            assert response.status_code == expected, (role, name)


def test_an_unknown_question_is_404(editor_client):
    for ref in (1, 999999999999999999):
        assert editor_client.get(f"/cms/faq/questions/{ref}/").status_code == 404


def test_a_refused_project_field_is_keyed_by_its_own_name_where_the_card_shows_it():
    from django.core.exceptions import ValidationError

    with (
        project_fields(node("price", "number", min=0), screen="faq.form"),
        pytest.raises(ValidationError) as refused,
    ):
        make_question(extra={"price": -5})
    assert list(refused.value.message_dict) == ["price"]
