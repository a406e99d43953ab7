"""The FAQ's demo content (issue 14, item 15): three categories and ten questions in en, de and ru
with the special cases the spec names, the FAQ block type installed through its offer, the FAQ
page in the menu and a returns page with a one-category block; seeding twice makes nothing
twice; `--remove` takes back only what the demo made. And the config key markup off: no FAQPage
on any demo page (item 9)."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from frontdesk.blocks.models import BlockType
from frontdesk.categories.models import Category
from frontdesk.faq import demo, queries
from frontdesk.faq.models import Placement, Question
from frontdesk.pages import operations
from frontdesk.pages.models import Page
from tests.faq.conftest import make_category, make_question
from tests.pages.test_site import menu_links

pytestmark = pytest.mark.django_db

PREFIXES = {"en": "", "de": "/de", "ru": "/ru"}


def run_demo(*args: str) -> str:
    out = StringIO()
    call_command("demo", *args, "--password", "a long demo password 42", stdout=out)
    return out.getvalue()


def made() -> dict[str, Question]:
    return {key: question for key, question in demo._made(Question).items()}


def anchors_on(html: str) -> list[str]:
    """The anchors of the questions a page prints, in its order (a repeat without its id too)."""
    return re.findall(r'<details class="faq-question"[^>]*data-faq-anchor="([^"]+)"', html)


def faq_pages(html: str) -> list[dict]:
    nodes = [
        json.loads(node)
        for node in re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    ]
    found = []
    for node in nodes:
        for item in node.get("@graph", [node]) if isinstance(node, dict) else node:
            if item.get("@type") == "FAQPage":
                found.append(item)
    return found


def site_page(slug: str, title: str, content: list | None = None) -> Page:
    """A published page the site made itself."""
    page = operations.create_page(
        actor=None, values={"title": {"en": title}, "slug": {"en": slug}, "content": {"en": content or []}}
    )
    return operations.publish_page(page, actor=None)


def page_address(key: str, language: str) -> str:
    return PREFIXES[language] + "/" + demo.PAGES[key]["slug"][language]


def test_the_demo_seeds_three_categories_and_ten_questions_with_the_special_cases():
    output = run_demo()
    assert "faq: 3 demo categories and 10 demo questions created, 2 demo pages" in output
    categories = demo._made(Category)
    assert {key: category.name for key, category in categories.items()} == demo.CATEGORIES
    questions = made()
    assert len(questions) == 10 and Question.objects.count() == 10
    # Every language has the question and its answer, but for the one in English only.
    for key, question in questions.items():
        expected = ["en"] if key == "uk-delivery" else ["en", "de", "ru"]
        assert queries.shown_in(question) == ([] if key == "instalments" else expected), key
    # One unpublished, complete in every language.
    assert not questions["instalments"].published
    assert [code for code in ("en", "de", "ru") if queries.is_complete_in(questions["instalments"], code)] == [
        "en", "de", "ru"
    ]  # fmt: skip
    # One in two categories, at different places in their orders: last of five, second of three.
    shipping = list(queries.in_category(categories["shipping"].pk).values_list("anchor", flat=True))
    returns = list(queries.in_category(categories["returns"].pk).values_list("anchor", flat=True))
    both = questions["return-shipping"].anchor
    assert shipping.index(both) == 4 and len(shipping) == 5
    assert returns.index(both) == 1 and len(returns) == 3
    # Returns' own order is not the whole list's, so the pages show both ordering rules.
    whole = [anchor for anchor in queries.in_order().values_list("anchor", flat=True) if anchor in returns]
    assert whole != returns


def test_the_demo_installs_the_block_type_through_its_offer_and_makes_the_two_pages(client: Client):
    run_demo()
    row = BlockType.objects.get(slug="faq")
    assert row.offered and row.code == "faq"
    pages = demo._made(Page)
    faq_page, returns_page = pages["faq"], pages["returns"]
    assert faq_page.in_menu and not returns_page.in_menu
    for language in ("en", "de", "ru"):
        blocks = [block for block in faq_page.blocks_in(language) if block["type"] == "faq"]
        assert [block["values"]["categories"] for block in blocks] == [[]]
        assert blocks[0]["values"]["filter"] is True
        blocks = [block for block in returns_page.blocks_in(language) if block["type"] == "faq"]
        assert [block["values"]["categories"] for block in blocks] == [[demo._made(Category)["returns"].pk]]
    # In the menu after the pages' demo pages, and the returns page linked from the home page.
    title = demo.PAGES["faq"]["title"]["de"]
    assert menu_links(client.get("/de/").text)[-1] == (page_address("faq", "de"), title)
    assert f'<a href="{page_address("returns", "de")}">' in client.get("/de/").text


def test_the_demo_pages_show_the_questions_by_the_ordering_and_visibility_rules(client: Client):
    run_demo()
    questions = made()
    order = list(queries.in_order().values_list("anchor", flat=True))
    shown = [anchor for anchor in order if anchor != questions["instalments"].anchor]
    assert anchors_on(client.get(page_address("faq", "en")).text) == shown
    # The English-only question is not on the German page; the unpublished one on none.
    assert anchors_on(client.get(page_address("faq", "de")).text) == [
        anchor for anchor in shown if anchor != questions["uk-delivery"].anchor
    ]
    returns = [questions[key].anchor for key in demo.ORDERS["returns"]]
    assert anchors_on(client.get(page_address("returns", "ru")).text) == returns


def test_seeding_twice_makes_nothing_twice():
    run_demo()
    before = {
        "questions": list(Question.all_objects.values_list("pk", "position", "updated_at")),
        "placements": list(Placement.objects.values_list("pk", "position")),
        "categories": list(Category.all_objects.values_list("pk", "updated_at")),
        "pages": list(Page.all_objects.values_list("pk", "revision")),
        "types": list(BlockType.objects.values_list("pk", flat=True)),
    }
    assert "faq: 0 demo categories and 0 demo questions created, 0 demo pages" in run_demo()
    assert before == {
        "questions": list(Question.all_objects.values_list("pk", "position", "updated_at")),
        "placements": list(Placement.objects.values_list("pk", "position")),
        "categories": list(Category.all_objects.values_list("pk", "updated_at")),
        "pages": list(Page.all_objects.values_list("pk", "revision")),
        "types": list(BlockType.objects.values_list("pk", flat=True)),
    }


def test_remove_takes_back_only_what_the_demo_made(client: Client):
    own_category = make_category("Workshops")
    own_question = make_question("Can I bring my children?", published=True, categories=[own_category.pk])
    own_page = site_page("team", "Our team")
    run_demo()
    # An editor puts their question into a demo category too: it stays when the demo goes.
    shipping = demo._made(Category)["shipping"]
    from frontdesk.faq.operations import update_question

    update_question(own_question, actor=None, values={"categories": [own_category.pk, shipping.pk]})
    assert "faq: 10 demo questions, 3 demo categories, 2 demo pages removed, block type faq" in run_demo(
        "--remove"
    )
    assert list(Question.all_objects.all()) == [own_question]
    assert list(Category.all_objects.filter(type="faq")) == [own_category]
    assert list(Placement.objects.values_list("question_id", "category_id")) == [
        (own_question.pk, own_category.pk)
    ]
    assert own_page in Page.objects.all()
    assert client.get("/faq").status_code == 404 and client.get("/team").status_code == 200
    assert not BlockType.objects.filter(slug="faq").exists()
    # And the demo comes back whole.
    assert "faq: 3 demo categories and 10 demo questions created, 2 demo pages" in run_demo()


def test_remove_leaves_an_editors_rows_under_the_demos_names_and_addresses(client: Client):
    shipping = make_category({"en": "Shipping", "de": "Versand"})
    delivery = make_question(
        {"en": "How long does delivery take?"}, "<p>Ask us.</p>", published=True, categories=[shipping.pk]
    )
    faq_page = site_page("faq", "Our questions")
    output = run_demo()
    assert "left out, their address is taken or their category gone: faq" in output
    assert demo._made(Category)["shipping"] != shipping
    assert demo._made(Question)["delivery-time"] != delivery
    run_demo("--remove")
    assert list(Category.all_objects.filter(type="faq")) == [shipping]
    assert list(Question.all_objects.all()) == [delivery]
    assert list(Placement.objects.values_list("question_id", "category_id")) == [(delivery.pk, shipping.pk)]
    assert faq_page in Page.objects.all() and "Our questions" in client.get("/faq").text


def test_remove_leaves_a_block_type_the_demo_did_not_install():
    own = BlockType.objects.create(slug="faq", code="faq", name={"en": "Our questions"})
    run_demo()
    assert demo._made(Page)  # the site's type has the FAQ's code: the demo pages use it
    run_demo("--remove")
    own.refresh_from_db()
    assert own.name == {"en": "Our questions"}


def test_a_site_type_under_the_slug_with_other_code_gets_no_demo_page():
    own = BlockType.objects.create(slug="faq", code="heading", name={"en": "Not ours"})
    output = run_demo()
    assert "faq: 3 demo categories and 10 demo questions created; no demo pages" in output
    assert not demo._made(Page)
    run_demo("--remove")
    assert BlockType.objects.get(pk=own.pk).code == "heading"


def test_a_block_type_the_demo_installed_stays_while_a_site_page_uses_it():
    run_demo()
    mine = site_page("help", "Help", [{"type": "faq", "values": {"categories": []}}])
    run_demo("--remove")
    assert BlockType.objects.filter(slug="faq").exists()
    assert mine.pk in Page.objects.values_list("pk", flat=True)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_with_the_markup_key_off_no_demo_page_has_a_faq_page(client: Client, settings, language):
    run_demo()
    addresses = [page_address(key, language) for key in demo.PAGES]
    # On by default: the FAQ page (every category) has one FAQPage.
    assert len(faq_pages(client.get(addresses[0]).text)) == 1
    settings.FRONTDESK = {**settings.FRONTDESK, "faq": {"markup": False}}
    for address in [*addresses, f"{PREFIXES[language]}/"]:
        response = client.get(address)
        assert response.status_code == 200, address
        assert faq_pages(response.text) == [], address
        assert '"FAQPage"' not in response.text
    assert anchors_on(client.get(addresses[0]).text)  # the questions are still there
