"""Public pages for the `page_plain` and `page_blocks` figures of bench/run.py.

Two published pages, made through the pages app's own operations in the server's database after
the host's block types are installed as `frontdesk blocks_install --no-input` installs them:

- `bench-plain`: a title and one text block of three short paragraphs, what an "About us" page
  holds;
- `bench-blocks`: twenty blocks of the host's types, headings and texts taking turns.

Both are in the site's menu, so the layout prints a menu of two entries on every page, as on a
site with pages. The figures are a visitor's GET of each page's address in the default language.

    python -m bench.pages prepare      # in the server's environment: make the pages, print
                                       # {"page_plain": "/bench-plain", "page_blocks": "/bench-blocks"}
"""

from __future__ import annotations

import json
import sys

from bench.intake import in_server_environment

PLAIN, BLOCKS = "bench-plain", "bench-blocks"
BLOCK_COUNT = 20
PARAGRAPH = (
    "We answer the questions of our visitors, run the courses and keep the calendar. "
    "Write to us through the contact form; we answer within two working days."
)


def prepare(env: dict) -> dict[str, str]:
    """Make both pages; {figure name: the page's address}."""
    return json.loads(in_server_environment(env, "prepare", module="bench.pages"))


def _text(body: str) -> dict:
    return {"type": "text", "values": {"text": body}}


def _heading(words: str) -> dict:
    return {"type": "heading", "values": {"text": words, "level": 2}}


def contents() -> dict[str, list[dict]]:
    plain = [_text("\n\n".join([PARAGRAPH] * 3))]
    blocks = [_heading(f"Part {n // 2 + 1}") if n % 2 == 0 else _text(PARAGRAPH) for n in range(BLOCK_COUNT)]
    return {PLAIN: plain, BLOCKS: blocks}


def _make_pages() -> dict[str, str]:
    from frontdesk.blocks.offers import install_offers, offer_states
    from frontdesk.pages import operations
    from frontdesk.pages.models import Page

    install_offers(offer_states(["heading", "text"]))
    for slug, blocks in contents().items():
        if Page.objects.filter(slug__en=slug).exists():
            continue
        page = operations.create_page(
            actor=None,
            values={
                "title": {"en": slug.replace("-", " ").capitalize()},
                "slug": {"en": slug},
                "content": {"en": blocks},
                "in_menu": True,
            },
        )
        operations.publish_page(page, actor=None)
    return {"page_plain": f"/{PLAIN}", "page_blocks": f"/{BLOCKS}"}


def main(argv: list[str]) -> None:
    import django

    django.setup()
    if argv == ["prepare"]:
        print(json.dumps(_make_pages()))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
