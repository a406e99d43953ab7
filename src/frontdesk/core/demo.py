"""Demo content registry: apps register a seed, a removal and their public pages in `ready()`.

`frontdesk demo` runs every seed (idempotent), in the order of their `order` (then of registration),
and creates the demo administrator; `frontdesk demo --remove` runs every removal in reverse order. The site's home page links every
page the demo contents name (`demo_pages()`), so a service's demo pages are reached by links
although the host knows no service.

What a demo made is marked, so that `--remove` takes out those rows and never one a site's editor
made, even under the demo's slug or title: `mark_made(row, demo="faq", key="shipping")` writes a
`demo.made` line in the host's log (the row's content type and id, the demo's name and its own key
for the row in `detail`); `made_by_demo(Model, demo="faq")` finds the rows again as {key: row}
(those in the bin too), whatever they are called now; `forget_made(demo="faq")` drops the demo's
marks once its rows are gone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Model, QuerySet
from django.urls import reverse

from frontdesk.core import log
from frontdesk.core.models import LogEntry
from frontdesk.core.registry import Registry

MADE = "demo.made"


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


# --- What a demo made ----------------------------------------------------------------------------


def mark_made(row: Model, *, demo: str, key: str) -> None:
    """Note that demo content `demo` made `row`, which it calls `key` (one key per row of a model:
    "shipping", "contact"). By the row's content type and id, so a renamed row is still found."""
    log.write(row, MADE, None, detail={"demo": demo, "key": key})


def _marks(demo: str, model: type[Model] | None = None) -> QuerySet:
    from django.contrib.contenttypes.models import ContentType

    marks = LogEntry.objects.filter(action=MADE, detail__demo=demo)
    if model is not None:
        marks = marks.filter(content_type=ContentType.objects.get_for_model(model, for_concrete_model=False))
    return marks


def made_by_demo[Row: Model](model: type[Row], *, demo: str) -> dict[str, Row]:
    """{key: row} of the rows of `model` that demo content `demo` made and that are still there,
    in the bin too, in the order it made them."""
    marks = _marks(demo, model).values_list("object_id", "detail")
    keys = {object_id: str((detail or {}).get("key", "")) for object_id, detail in marks}
    rows = model._base_manager.filter(pk__in=list(keys)).order_by("pk")
    return {keys[row.pk]: row for row in rows}


def forget_made(*, demo: str, model: type[Model] | None = None, rows: Sequence[Model] | None = None) -> None:
    """Drop the marks of demo content `demo` (of one model only with `model`, of those rows only
    with `rows`) once its rows are removed: an id the database hands out again never counts as
    the demo's."""
    marks = _marks(demo, model)
    if rows is not None:
        marks = marks.filter(object_id__in=[row.pk for row in rows])
    marks.delete()


# --- Blocks a module's demo offers the demo pages (the pages app places them) --------------------


@dataclass(frozen=True)
class DemoBlocks:
    """A module's demo blocks: `blocks(language)` answers {page key: [block, ...]} to put at the
    end of those demo pages in that language (empty when the module has nothing to show);
    `install` names the offers those blocks need."""

    name: str  # letters, digits, '-': the blocks' ids start with demo-<name>-
    blocks: Callable[[str], dict[str, list[dict[str, Any]]]]
    install: tuple[str, ...] = ()


DEMO_BLOCKS: Registry[DemoBlocks] = Registry("demo blocks")


def register_demo_blocks(entry: DemoBlocks) -> DemoBlocks:
    return DEMO_BLOCKS.register(entry.name, entry)
