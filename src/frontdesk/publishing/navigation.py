"""The public site's home page and menu, as modules provide them: the host owns the hooks, a module
(pages) registers into them, and the site runs as before without one (docs/host.md, "Pages").

    register_home("pages", home_response)   # (request) -> HttpResponse | None
    register_menu("pages", menu_items)      # (language) -> list[MenuItem]

`/` answers with the first home that answers (else the host's own home page); the layout prints
the items of every menu, in registration order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse

from frontdesk.core.registry import Registry


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


def menu_items(language: str) -> list[MenuItem]:
    """The site's navigation in `language`: every registered menu's items, in order."""
    return [item for menu in MENUS.all() for item in menu(language)]
