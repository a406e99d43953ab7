"""Pages and the site: the home page at `/` in every language, the menu in the layout in the
editors' order, published_page_at, the sitemap, and the same queries for 1 or 20 blocks."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.blocks.holders import usage
from frontdesk.pages import operations
from frontdesk.pages.models import Page
from frontdesk.pages.queries import published_page_at
from tests.pages.conftest import heading, text

pytestmark = pytest.mark.django_db


def menu_links(html: str) -> list[tuple[str, str]]:
    nav = re.search(r'<nav class="site-menu".*?</nav>', html, re.S)
    return re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav.group(0)) if nav else []


def test_the_published_home_page_answers_at_the_root_in_every_language(client, make_page):
    make_page(
        {"en": "start", "de": "start-de", "ru": "start-ru"},
        {"en": "Welcome", "de": "Willkommen", "ru": "Добро пожаловать"},
        content={"en": [heading("Hello")], "de": [heading("Hallo")], "ru": [heading("Привет")]},
        is_home=True,
        publish=True,
    )
    assert "<h2>Hello</h2>" in client.get("/").text
    assert "<h2>Hallo</h2>" in client.get("/de/").text
    assert "<h2>Привет</h2>" in client.get("/ru/").text
    own = client.get("/de/start-de")
    assert own.status_code == 302 and own["Location"] == "/de/"


def test_without_a_published_home_page_the_root_is_the_hosts_own(client, make_page):
    make_page("start", "Welcome", content={"en": [heading("Hello")]}, is_home=True)
    response = client.get("/")
    assert response.status_code == 200 and "<h2>Hello</h2>" not in response.text


def test_one_home_page_at_most(make_page):
    first = make_page("one", is_home=True)
    second = make_page("two", is_home=True)
    assert list(Page.objects.filter(is_home=True)) == [second]
    operations.update_page(
        first, actor=None, values={"is_home": True}, revision=Page.objects.get(pk=first.pk).revision
    )
    assert list(Page.objects.filter(is_home=True).values_list("pk", flat=True)) == [first.pk]


def test_the_menu_links_published_pages_in_the_editors_order_in_each_language(client, make_page):
    home = make_page(
        {"en": "start", "de": "anfang"},
        {"en": "Home", "de": "Start"},
        is_home=True,
        in_menu=True,
        publish=True,
    )
    about = make_page(
        {"en": "about", "de": "ueber"}, {"en": "About", "de": "Über uns"}, in_menu=True, publish=True
    )
    contact = make_page(
        {"en": "contact", "de": "kontakt"}, {"en": "Contact", "de": "Kontakt"}, in_menu=True, publish=True
    )
    make_page("draft", "Draft", in_menu=True)  # not published: not linked
    make_page("hidden", "Hidden", publish=True)  # not in the menu
    assert menu_links(client.get("/").text) == [("/", "Home"), ("/about", "About"), ("/contact", "Contact")]
    draft = Page.objects.filter(in_menu=True, state="draft").get()
    operations.reorder_menu(actor=None, ids=[contact.pk, draft.pk, home.pk, about.pk])
    assert menu_links(client.get("/de/").text) == [
        ("/de/kontakt", "Kontakt"),
        ("/de/", "Start"),
        ("/de/ueber", "Über uns"),
    ]
    # Every page of the menu is reached from `/` and answers.
    for url, _title in menu_links(client.get("/ru/").text):
        assert client.get(url).status_code == 200


def test_the_menu_order_names_every_menu_page_once(make_page):
    one = make_page("one", in_menu=True)
    make_page("two", in_menu=True)
    with pytest.raises(ValidationError) as refused:
        operations.reorder_menu(actor=None, ids=[one.pk])
    assert "order" in refused.value.message_dict


def test_published_page_at_names_the_page_and_its_title(make_page):
    make_page({"en": "dates", "de": "termine"}, {"en": "Dates", "de": "Termine"}, publish=True)
    make_page("drafted", "Drafted")
    found = published_page_at("/termine/", language="de")
    assert found is not None and found.title == "Termine" and found.url == "/de/termine"
    assert published_page_at("drafted", language="en") is None
    assert published_page_at("nothing", language="en") is None


def test_the_sitemap_names_published_pages_with_alternates_and_no_draft(client, make_page):
    make_page({"en": "about", "de": "ueber"}, publish=True)
    make_page("draft-page")
    binned = make_page("binned", publish=True)
    operations.bin_page(binned, actor=None)
    xml = client.get("/sitemap.xml").text
    assert "/about</loc>" in xml and "/de/ueber" in xml
    assert "draft-page" not in xml and "binned" not in xml


def queries_for(client, url: str) -> int:
    client.get(url)  # warm the caches a first request fills (content types, settings)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_a_page_runs_the_same_queries_for_1_or_20_blocks(client, make_page):
    make_page("one", content={"en": [heading("Only")]}, in_menu=True, publish=True)
    many = [heading(f"Heading {n}") if n % 2 else text(f"Text {n}") for n in range(20)]
    make_page("twenty", content={"en": many}, in_menu=True, publish=True)
    assert "Heading 19" in client.get("/twenty").text
    # The route with the page's addresses for the language links, the page, the block types;
    # the menu comes from the cache the first request filled (tests/pages/test_menu_cache.py).
    assert queries_for(client, "/one") == queries_for(client, "/twenty") == 3


def test_the_block_types_screen_counts_the_pages_using_each_type(make_page):
    make_page("one", content={"en": [heading("A")], "de": [text("B")]})
    page = make_page("two", content={"en": [heading("C")]}, publish=True)
    operations.update_page(page, actor=None, values={"content": {"en": [text("D")]}}, revision=page.revision)
    assert usage(["heading", "text", "quote"])["pages"] == {"heading": 2, "text": 2, "quote": 0}


def test_the_tools_name_a_page_by_id_or_address(make_page):
    from frontdesk.core.errors import NotFound
    from frontdesk.pages.queries import find_page

    home = make_page({"en": "start", "de": "anfang"}, is_home=True, publish=True)
    about = make_page({"en": "about", "de": "ueber-uns"})
    assert find_page("/de/ueber-uns") == about == find_page("about") == find_page(str(about.pk))
    assert find_page("/") == home == find_page("/de/")
    with pytest.raises(NotFound):
        find_page("/de/about-nothing")
