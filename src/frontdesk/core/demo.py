"""Demo content registry: apps register a seed, a removal and their public pages in `ready()`.

`frontdesk demo` runs every seed (idempotent), in the order of their `order` (then of registration),
and creates the demo administrator; `frontdesk demo --remove` runs every removal in reverse order. The site's home page links every
page the demo contents name (`demo_pages()`), so a service's demo pages are reached by links
although the host knows no service.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.urls import reverse

from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class DemoPage:
    """A public page of demo content: its title per language and its route name."""

    title: dict[str, str]
    url_name: str
    url_kwargs: dict[str, str] = field(default_factory=dict)

    def url(self) -> str:
        """The page's address in the active language (its prefix, /de/..., included)."""
        return reverse(self.url_name, kwargs=self.url_kwargs)


def _no_pages() -> list[DemoPage]:
    return []


@dataclass(frozen=True)
class DemoContent:
    name: str
    seed: Callable[[], str]
    remove: Callable[[], str]
    # Asked on every visit of the home page: the pages there are now (seeded and switched on).
    pages: Callable[[], list[DemoPage]] = _no_pages
    # Seeds run by this number, then in registration order; removals the other way round. Content
    # that shows another app's demo content (pages placing the inbox's form) seeds after it.
    order: int = 100


DEMOS: Registry[DemoContent] = Registry("demo content")


def register_demo(
    name: str,
    *,
    seed: Callable[[], str],
    remove: Callable[[], str],
    pages: Callable[[], list[DemoPage]] = _no_pages,
    order: int = 100,
) -> None:
    DEMOS.register(name, DemoContent(name, seed, remove, pages, order))


def demo_contents() -> list[DemoContent]:
    """The demo contents in the order they seed."""
    return sorted(DEMOS.all(), key=lambda content: content.order)


def demo_pages() -> list[DemoPage]:
    """Every public page the demo contents have now, in the order the apps registered them."""
    return [page for content in DEMOS.all() for page in content.pages()]
