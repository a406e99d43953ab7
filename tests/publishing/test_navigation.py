"""The site's menu in the cache (publishing/navigation.py), without any module: a menu of the test
is built once per language and printed from the cache after, until `forget_menu` drops it, at
once and again when the transaction commits."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.db import transaction
from django.test import Client

from frontdesk.publishing.navigation import MENUS, MenuItem, forget_menu, menu_items


class CountingMenu:
    """A module's menu hook: "Visit" in each language, its title as the test sets it."""

    def __init__(self) -> None:
        self.title = "Visit"
        self.built: list[str] = []

    def __call__(self, language: str) -> list[MenuItem]:
        self.built.append(language)
        return [MenuItem(title=f"{self.title} ({language})", url=f"/{language}/visit")]


@pytest.fixture
def menu() -> Iterator[CountingMenu]:
    """The only menu of the site while the test runs (a module's, pages', left out)."""
    hook = CountingMenu()
    with MENUS.scratch() as menus:
        menus.clear()
        menus["test"] = hook
        yield hook


def test_the_menu_is_built_once_per_language_and_read_from_the_cache_after(menu):
    assert menu_items("en") == [MenuItem("Visit (en)", "/en/visit")]
    assert menu_items("de") == [MenuItem("Visit (de)", "/de/visit")]
    menu.title = "Changed without saying so"
    assert menu_items("en") == [MenuItem("Visit (en)", "/en/visit")]
    assert menu_items("de") == [MenuItem("Visit (de)", "/de/visit")]
    assert menu.built == ["en", "de"]


@pytest.mark.django_db
def test_forget_menu_drops_every_language_at_once(menu):
    menu_items("en"), menu_items("ru")
    menu.title = "Tour"
    forget_menu()
    assert menu_items("en") == [MenuItem("Tour (en)", "/en/visit")]
    assert menu_items("ru") == [MenuItem("Tour (ru)", "/ru/visit")]


@pytest.mark.django_db(transaction=True)
def test_forget_menu_drops_it_again_when_the_transaction_commits(menu):
    """A visitor who read the old rows while the change was still uncommitted put the old menu
    back in the cache; the commit drops it again."""
    with transaction.atomic():
        forget_menu()
        menu_items("en")  # another request's read of the rows as they were
        menu.title = "Tour"
    assert menu_items("en") == [MenuItem("Tour (en)", "/en/visit")]


def test_a_code_that_is_no_site_language_is_not_kept(menu):
    menu_items("fr"), menu_items("fr")
    assert menu.built == ["fr", "fr"]


@pytest.mark.django_db
def test_the_layout_prints_the_cached_menu_until_it_is_forgotten(menu, client: Client):
    assert "Visit (de)" in client.get("/de/").text  # the host's home page, in the layout
    menu.title = "Tour"
    assert "Visit (de)" in client.get("/de/").text
    forget_menu()
    assert "Tour (de)" in client.get("/de/").text
