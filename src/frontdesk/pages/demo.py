"""Demo content: a home page, an about page and a contact page, published and in the site's menu
(so every one is reached from `/`), and the hooks by which other modules' demos use pages without
importing the pages module: their blocks on these pages (the inbox's contact form on the contact
page), and pages of their own (the FAQ's).

What the demo made (its pages, the block types it installed) is marked by the host's demo marks
(core/demo.py, `mark_made`), so `frontdesk demo --remove` deletes those and nothing a site made,
even a page at a demo page's address or under its title.

A module's demo registers its blocks in its `ready()` with the host's registry, which the pages
demo reads when pages are installed (the inbox does, and imports nothing of pages):

    from frontdesk.core.demo import DemoBlocks, register_demo_blocks
    register_demo_blocks(DemoBlocks(name="inbox", blocks=demo.demo_blocks, install=("inbox-form",)))

where `demo_blocks(language) -> {page key: [block, ...]}` names the demo pages ("home", "about",
"contact") and the blocks (`{"type", "values"}`) to put at their end in that language; `install`
names the offers (`frontdesk blocks_install`) the blocks need. The pages demo places every
registered module's blocks when it seeds (it seeds after the other demo content);
`place_demo_blocks(name)` and `take_out_demo_blocks(name)` do it for one module at any time.

A module whose demo makes pages of its own takes `DemoPages(demo=its demo name)` in its `ready()`
the same way and hands it to its seed and removal (faq/apps.py): `seed({key: page values})` creates
and publishes those not made yet, marked under the module's demo name, `remove()` deletes them,
`published()` answers those on the site.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from frontdesk.blocks.codes import BlockCode, BlockValues
from frontdesk.blocks.content import clean_content
from frontdesk.blocks.holders import usage
from frontdesk.blocks.models import BlockType
from frontdesk.blocks.offers import Offer, install_offers, offer_states
from frontdesk.core.demo import DEMO_BLOCKS, demo_pages, forget_made, made_by_demo, mark_made
from frontdesk.core.languages import site_language_codes
from frontdesk.pages import operations
from frontdesk.pages.models import Page
from frontdesk.pages.queries import published
from frontdesk.routes.claims import forget_routes

DEMO = "pages"  # the name of its marks (core/demo.py)
HOST_TYPES = ("heading", "text")
LIST_SLUG = "demo-pages"


def _heading(text: str) -> dict[str, Any]:
    return {"type": "heading", "values": {"text": text, "level": 2}}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "values": {"text": text}}


# key -> title, slug and blocks per language; the order is the menu's.
PAGES: dict[str, dict[str, Any]] = {
    "home": {
        "title": {"en": "Welcome", "de": "Willkommen", "ru": "Добро пожаловать"},
        "slug": {"en": "home", "de": "startseite", "ru": "glavnaya"},
        "content": {
            "en": [_heading("Gardens that grow with you"),
                   _text("We plan, plant and care for gardens in and around the city.\n\n"
                         "This is a demo of frontdesk: its pages are made of blocks in the panel's Pages section.")],
            "de": [_heading("Gärten, die mit Ihnen wachsen"),
                   _text("Wir planen, bepflanzen und pflegen Gärten in der Stadt und um sie herum.\n\n"
                         "Dies ist eine Demo von frontdesk: Ihre Seiten bestehen aus Blöcken im Bereich Seiten des Panels.")],
            "ru": [_heading("Сады, которые растут вместе с вами"),
                   _text("Мы проектируем, засаживаем и ухаживаем за садами в городе и за его пределами.\n\n"
                         "Это демо frontdesk: его страницы собраны из блоков в разделе «Страницы» панели.")],
        },
        "is_home": True,
    },
    "about": {
        "title": {"en": "About us", "de": "Über uns", "ru": "О нас"},
        "slug": {"en": "about", "de": "ueber-uns", "ru": "o-nas"},
        "content": {
            "en": [_heading("Who we are"),
                   _text("A small team of gardeners and designers.\n\nWe have worked on gardens since 2009.")],
            "de": [_heading("Wer wir sind"),
                   _text("Ein kleines Team aus Gärtnerinnen und Planern.\n\nWir arbeiten seit 2009 an Gärten.")],
            "ru": [_heading("Кто мы"),
                   _text("Небольшая команда садовников и дизайнеров.\n\nМы работаем с садами с 2009 года.")],
        },
    },
    "contact": {
        "title": {"en": "Contact", "de": "Kontakt", "ru": "Контакты"},
        "slug": {"en": "contact", "de": "kontakt", "ru": "kontakty"},
        "content": {
            "en": [_heading("Write to us"), _text("We answer within two working days.")],
            "de": [_heading("Schreiben Sie uns"), _text("Wir antworten innerhalb von zwei Werktagen.")],
            "ru": [_heading("Напишите нам"), _text("Мы отвечаем в течение двух рабочих дней.")],
        },
    },
}  # fmt: skip


# --- The hook: a module's demo blocks on the demo pages -----------------------------------------


def _prefix(name: str) -> str:
    return f"demo-{name}-"


def demo_pages_made() -> dict[str, Page]:
    """{key: page} of the demo pages there are (in the bin too)."""
    return {key: page for key, page in made_by_demo(Page, demo=DEMO).items() if key in PAGES}


def _on_site() -> list[Page]:
    return [page for page in demo_pages_made().values() if page.deleted_at is None]


def _rewrite(page: Page, change: Callable[[str, list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
    """Give each language's blocks of `page` through `change` and publish, when anything changed."""
    current = Page.all_objects.get(pk=page.pk)
    stored = current.draft_values().get("content") or {}
    content = {}
    for language in site_language_codes():
        blocks = [dict(block) for block in stored.get(language, [])]
        # As the save would store it (defaults filled in), so that placing again changes nothing.
        changed = clean_content(change(language, blocks), stored=stored.get(language), language=language)
        if changed != stored.get(language, []):
            content[language] = changed
    if not content:
        return
    saved = operations.update_page(
        current, actor=None, values={"content": content}, revision=current.revision
    )
    operations.publish_page(saved, actor=None)


def take_out_demo_blocks(name: str) -> None:
    """Take module `name`'s demo blocks out of the demo pages (a page the site made is never
    touched)."""
    prefix = _prefix(name)
    for page in _on_site():
        _rewrite(
            page, lambda language, blocks: [b for b in blocks if not str(b.get("id", "")).startswith(prefix)]
        )


def place_demo_blocks(name: str) -> None:
    """Put module `name`'s demo blocks at the end of the demo pages, in place of those it put
    there before (so a second run changes nothing)."""
    entry = DEMO_BLOCKS[name]
    if entry.install:
        install_offers(offer_states(entry.install))
    prefix = _prefix(name)
    wanted = {language: entry.blocks(language) for language in site_language_codes()}

    def change(key: str) -> Callable[[str, list[dict[str, Any]]], list[dict[str, Any]]]:
        def placed(language: str, blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
            kept = [block for block in blocks if not str(block.get("id", "")).startswith(prefix)]
            added = [{**block, "id": f"{prefix}{n}"} for n, block in enumerate(wanted[language].get(key, []))]
            return kept + added

        return placed

    for key, page in demo_pages_made().items():
        if page.deleted_at is None:
            _rewrite(page, change(key))


# --- A module's own demo pages -----------------------------------------------------------------


@dataclass(frozen=True)
class DemoPages:
    """The pages a module's demo makes for itself, marked under its demo name (`demo`), so its
    removal takes back only them (module docstring)."""

    demo: str

    def made(self) -> dict[str, Page]:
        """{key: page} of the module's demo pages there are (in the bin too)."""
        return made_by_demo(Page, demo=self.demo)

    def seed(self, pages: dict[str, dict[str, Any] | None]) -> tuple[int, list[str]]:
        """Create and publish the pages of `pages` ({key: values as create_page takes them, or
        None when the module leaves that page out}) not made yet; a page whose address the site
        holds is left out. Answers how many were created and the keys left out."""
        made = self.made()
        created, left_out = 0, []
        for key, values in pages.items():
            if key in made:
                continue
            if values is None:
                left_out.append(key)
                continue
            try:
                page = operations.create_page(actor=None, values=values)
            except ValidationError:  # a page of the site holds the address: it stays, the demo's is left out
                left_out.append(key)
                continue
            mark_made(page, demo=self.demo, key=key)
            operations.publish_page(page, actor=None)
            created += 1
        return created, left_out

    def remove(self) -> int:
        """Delete the module's demo pages (their log lines stay, naming what was removed)."""
        made = self.made()
        for page in made.values():
            forget_routes(page)
            page.delete()
        forget_made(demo=self.demo, model=Page)
        return len(made)

    def published(self) -> dict[str, Page]:
        """{key: page} of the module's demo pages on the site now."""
        made = self.made()
        on_site = set(
            published().filter(pk__in=[page.pk for page in made.values()]).values_list("pk", flat=True)
        )
        return {key: page for key, page in made.items() if page.pk in on_site}


OWN = DemoPages(demo=DEMO)


# --- The list of the other demo content's pages ------------------------------------------------


class ListValues(BlockValues):
    pass


class DemoPagesBlock(BlockCode):
    """The pages of every module's demo content (the inbox's form pages, the services), as the
    host's own home page lists them, for the demo home page that stands in its place."""

    slug = LIST_SLUG
    label = _("Demo pages")
    values = ListValues
    template = "pages/blocks/demo_pages.html"

    def render(self, values: Any, context: dict[str, Any]) -> SafeString:
        return super().render(values, {**context, "pages": demo_pages()})


LIST_OFFER = Offer(slug=LIST_SLUG, name=_("Demo pages"), code=LIST_SLUG)


# --- Seed and remove -----------------------------------------------------------------------------


def _install_types() -> None:
    """The block types the demo pages use, installed as `frontdesk blocks_install` does; a row the
    demo made is marked, so that --remove takes it out when no page uses it."""
    states = offer_states(HOST_TYPES) + offer_states([LIST_SLUG], offers=[LIST_OFFER])
    for row in install_offers(states):
        mark_made(row, demo=DEMO, key=row.slug)


def _page_values(key: str, values: dict[str, Any], *, has_home: bool) -> dict[str, Any]:
    content = {language: list(blocks) for language, blocks in values["content"].items()}
    if key == "home":
        for language in content:
            content[language].append({"type": LIST_SLUG, "values": {}})
    return {
        "title": values["title"],
        "slug": values["slug"],
        "content": content,
        "in_menu": True,
        # A site's own home page keeps the flag.
        "is_home": values.get("is_home", False) and not has_home,
    }


def seed() -> str:
    _install_types()
    made = demo_pages_made()
    has_home = Page.objects.filter(is_home=True).exclude(pk__in=[page.pk for page in made.values()]).exists()
    created, taken = OWN.seed(
        {key: _page_values(key, values, has_home=has_home) for key, values in PAGES.items()}
    )
    for entry in DEMO_BLOCKS.all():
        place_demo_blocks(entry.name)
    note = f"; left out, their address is taken: {', '.join(taken)}" if taken else ""
    return f"{created} demo pages created ({len(made)} already there){note}"


def remove() -> str:
    removed = OWN.remove()
    removed_types = _remove_types()
    return f"{removed} demo pages removed" + (
        f", block types {', '.join(removed_types)}" if removed_types else ""
    )


def _remove_types() -> list[str]:
    """The block types the demo installed, when no row of any holder uses them any more."""
    rows = list(made_by_demo(BlockType, demo=DEMO).values())
    used = usage([row.slug for row in rows])
    unused = [row for row in rows if not any(counts.get(row.slug) for counts in used.values())]
    forget_made(demo=DEMO, model=BlockType, rows=unused)  # while the rows still have their ids
    for row in unused:
        row.delete()
    return [row.slug for row in unused]
