"""The public site's home page and menu, as modules provide them: the host owns the hooks, a module
(pages) registers into them, and the site runs as before without one (docs/host.md, "Pages").

    register_home("pages", home_response)   # (request) -> HttpResponse | None
    register_menu("pages", menu_items)      # (language) -> list[MenuItem]

`/` answers with the first home that answers (else the host's own home page); the layout prints
the items of every menu, in registration order.

The menu is the same on every page of a language, so it is kept in Django's cache per language
(`menu_items`): the layout then asks the database nothing for it. A module whose menu changes
calls `forget_menu()` in the transaction that changes it (pages do it from their rows' signals
and their reordering); the cache is dropped at once and again when the transaction commits, so a
visitor who read the rows before the commit cannot keep the old menu in it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest, HttpResponse

from frontdesk.core.fresh_reads import must_read_fresh
from frontdesk.core.languages import is_site_language, site_language_codes
from frontdesk.core.registry import Registry

# With several worker processes and each its own local-memory cache, `forget_menu` reaches only
# the worker that made the change: the others keep their menu this long at most (a shared cache,
# CACHE_URL, drops it everywhere at once). The settings groups wait the same (sitesettings/reading.py).
MENU_CACHE_SECONDS = 60


@dataclass(frozen=True)
class MenuItem:
    """One link of the site's navigation: its text and its address in the page's language."""

    title: str
    url: str


HomeOf = Callable[[HttpRequest], HttpResponse | None]
MenuOf = Callable[[str], list[MenuItem]]

HOMES: Registry[HomeOf] = Registry("home page")
MENUS: Registry[MenuOf] = Registry("site menu")


def register_home(name: str, home: HomeOf) -> HomeOf:
    return HOMES.register(name, home)


def register_menu(name: str, menu: MenuOf) -> MenuOf:
    return MENUS.register(name, menu)


def home_response(request: HttpRequest) -> HttpResponse | None:
    """The answer of the first registered home that has one for this request, else None."""
    for home in HOMES.all():
        response = home(request)
        if response is not None:
            return response
    return None


def _menu_key(language: str) -> str:
    return f"frontdesk:menu:{language}"


def menu_items(language: str) -> list[MenuItem]:
    """The site's navigation in `language`: every registered menu's items, in order; from the
    cache when it holds them (no query), else built and kept there. A code that is no site
    language is not kept, as `forget_menu` would not know to drop it."""
    if not is_site_language(language):
        return _built_menu(language)
    # Asked afresh while a page is rendered to be kept (core/fresh_reads.py).
    items = None if must_read_fresh() else cache.get(_menu_key(language))
    if items is None:
        items = _built_menu(language)
        cache.set(_menu_key(language), items, MENU_CACHE_SECONDS)
    return items


def _built_menu(language: str) -> list[MenuItem]:
    return [item for menu in MENUS.all() for item in menu(language)]


def forget_menu() -> None:
    """Drop the cached menu of every language now and when the current transaction commits: a
    module calls it whenever what its menu shows may change."""
    keys = [_menu_key(code) for code in site_language_codes()]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))
