"""The menu in the cache and a plain page's statements: the layout reads the menu from the cache
(publishing/navigation.py) and the page's addresses with its route (routes/serving.find_route);
every operation that changes what the menu shows drops the cache, so a visitor sees the change
on the next page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.pages import operations, site
from frontdesk.pages.models import Page
from frontdesk.publishing.navigation import forget_menu
from frontdesk.routes.models import Route
from tests.pages.conftest import text

pytestmark = pytest.mark.django_db


def menu_links(html: str) -> list[tuple[str, str]]:
    nav = re.search(r'<nav class="site-menu".*?</nav>', html, re.S)
    return re.findall(r'<a href="([^"]+)"[^>]*>([^<]+)</a>', nav.group(0)) if nav else []


def fresh(page: Page) -> Page:
    return Page.objects.get(pk=page.pk)


def statements(client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return [query["sql"] for query in queries]


def test_a_plain_page_asks_three_statements_once_the_menu_is_cached(client, make_page):
    make_page("plain", "Plain", content={"en": [text("Three short paragraphs.")]}, in_menu=True, publish=True)
    make_page("other", "Other", in_menu=True, publish=True)
    client.get("/plain")  # the content types and the settings groups a first request caches
    client.get("/other")
    # Before: six (the route, the page, the block types, the page's addresses for the language
    # links, the menu's pages and their addresses). The addresses now come with the route, the
    # menu from the cache.
    asked = statements(client, "/plain")
    assert len(asked) == 3, asked
    html = client.get("/de/plain").text
    assert menu_links(html) == [("/de/plain", "Plain"), ("/de/other", "Other")]
    assert '<link rel="alternate" hreflang="ru" href="http://testserver/ru/plain">' in html


def test_a_cold_menu_costs_its_two_statements_once_per_language(client, make_page):
    make_page("plain", "Plain", content={"en": [text("A paragraph.")]}, in_menu=True, publish=True)
    client.get("/plain")
    forget_menu()
    assert len(statements(client, "/plain")) == 5
    assert len(statements(client, "/plain")) == 3
    assert len(statements(client, "/de/plain")) == 5  # German's menu is its own


def test_the_language_links_name_the_pages_own_addresses_read_with_its_route(client, make_page):
    make_page({"en": "about", "de": "ueber-uns", "ru": "o-nas"}, "About", publish=True)
    html = client.get("/de/ueber-uns?x=1").text
    for language, address in (("en", "/about"), ("de", "/de/ueber-uns"), ("ru", "/ru/o-nas")):
        assert f'hreflang="{language}" href="http://testserver{address}"' in html
    assert '<link rel="canonical" href="http://testserver/de/ueber-uns">' in html


# --- Every change of the menu reaches the next page at once --------------------------------------


def published(make_page: Callable[..., Page]) -> tuple[Page, Page]:
    about = make_page(
        {"en": "about", "de": "ueber"}, {"en": "About", "de": "Über uns"}, in_menu=True, publish=True
    )
    contact = make_page({"en": "contact"}, {"en": "Contact"}, in_menu=True, publish=True)
    return about, contact


def rename_and_publish(about: Page, contact: Page) -> None:
    operations.update_page(
        about, actor=None, values={"title": {"en": "About us"}}, revision=fresh(about).revision
    )
    operations.publish_page(fresh(about), actor=None)


def move_and_publish(about: Page, contact: Page) -> None:
    operations.update_page(
        about, actor=None, values={"slug": {"en": "who-we-are"}}, revision=fresh(about).revision
    )
    operations.publish_page(fresh(about), actor=None)


def unpublish(about: Page, contact: Page) -> None:
    operations.unpublish_page(fresh(about), actor=None)


def put_in_bin(about: Page, contact: Page) -> None:
    operations.bin_page(fresh(about), actor=None)


def take_out_of_the_menu(about: Page, contact: Page) -> None:
    operations.update_page(about, actor=None, values={"in_menu": False}, revision=fresh(about).revision)


def reorder(about: Page, contact: Page) -> None:
    operations.reorder_menu(actor=None, ids=[contact.pk, about.pk])


EXPECTED = [
    (rename_and_publish, [("/about", "About us"), ("/contact", "Contact")]),
    (move_and_publish, [("/who-we-are", "About"), ("/contact", "Contact")]),
    (unpublish, [("/contact", "Contact")]),
    (put_in_bin, [("/contact", "Contact")]),
    (take_out_of_the_menu, [("/contact", "Contact")]),
    (reorder, [("/contact", "Contact"), ("/about", "About")]),
]


@pytest.mark.parametrize(("change", "expected"), EXPECTED, ids=[change.__name__ for change, _ in EXPECTED])
def test_a_change_of_the_menu_shows_on_the_next_page(client, make_page, change, expected):
    about, contact = published(make_page)
    assert menu_links(client.get("/contact").text) == [("/about", "About"), ("/contact", "Contact")]
    change(about, contact)
    assert menu_links(client.get("/contact").text) == expected


def test_a_page_restored_from_the_bin_or_newly_published_shows_on_the_next_page(client, make_page):
    about, _contact = published(make_page)
    operations.bin_page(fresh(about), actor=None)
    assert menu_links(client.get("/contact").text) == [("/contact", "Contact")]
    operations.restore_page(Page.all_objects.get(pk=about.pk), actor=None)
    assert menu_links(client.get("/contact").text) == [("/about", "About"), ("/contact", "Contact")]
    news = make_page("news", "News", in_menu=True)
    assert menu_links(client.get("/contact").text) == [("/about", "About"), ("/contact", "Contact")]
    operations.publish_page(fresh(news), actor=None)
    assert menu_links(client.get("/contact").text)[-1] == ("/news", "News")


def test_a_saved_draft_leaves_the_menu_as_published(client, make_page):
    about, _contact = published(make_page)
    client.get("/contact")
    operations.update_page(
        about, actor=None, values={"title": {"en": "Not yet"}}, revision=fresh(about).revision
    )
    assert menu_links(client.get("/contact").text) == [("/about", "About"), ("/contact", "Contact")]


def test_the_menu_reads_only_the_rows_whose_changes_drop_it(make_page):
    """The cache trusts the signals of the pages' and the addresses' rows (pages/apps.py): when the
    menu comes to read another table (a menu title of its own, say), its changes must drop the
    cache too, and this test names the table."""
    published(make_page)
    with CaptureQueriesContext(connection) as queries:
        assert len(site.menu("en")) == 2
    tables = {model._meta.db_table for model in apps.get_models()}
    sql = " ".join(query["sql"] for query in queries).replace('"', " ").replace("`", " ")
    assert {table for table in tables if re.search(rf"\b{table}\b", sql)} == {
        Page._meta.db_table,
        Route._meta.db_table,
    }
