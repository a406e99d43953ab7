"""Public pages for the `page_plain`, `page_blocks` and `page_faq` figures of bench/run.py.

Three published pages, made through the pages app's own operations in the server's database after
the host's block types are installed as `frontdesk blocks_install --no-input` installs them:

- `bench-plain`: a title and one text block of three short paragraphs, what an "About us" page
  holds;
- `bench-blocks`: twenty blocks of the host's types, headings and texts taking turns;
- `bench-faq`: one FAQ block (every category, filter on, markup on) of 200 published questions in
  two categories, each answer a paragraph and a picture of the library (200 pictures).

All are in the site's menu, so the layout prints a menu of three entries on every page, as on a
site with pages. The figures are a visitor's GET of each page's address in the default language.

    python -m bench.pages prepare      # in the server's environment: make the pages, print
                                       # {"page_plain": "/bench-plain", "page_blocks": "/bench-blocks",
                                       #  "page_faq": "/bench-faq"}
    python -m bench.pages prepare page_plain   # only the pages named (bench/events.py's plain page)
"""

from __future__ import annotations

import json
import sys

from bench.intake import in_server_environment

PLAIN, BLOCKS, FAQ = "bench-plain", "bench-blocks", "bench-faq"
BLOCK_COUNT = 20
QUESTION_COUNT = 200
PARAGRAPH = (
    "We answer the questions of our visitors, run the courses and keep the calendar. "
    "Write to us through the contact form; we answer within two working days."
)


def prepare(env: dict, *names: str) -> dict[str, str]:
    """Make the pages (those of `names` when given); {figure name: the page's address}."""
    return json.loads(in_server_environment(env, "prepare", *names, module="bench.pages"))


def _text(body: str) -> dict:
    return {"type": "text", "values": {"text": body}}


def _heading(words: str) -> dict:
    return {"type": "heading", "values": {"text": words, "level": 2}}


FIGURES = {"page_plain": PLAIN, "page_blocks": BLOCKS, "page_faq": FAQ}


def contents() -> dict[str, list[dict]]:
    plain = [_text("\n\n".join([PARAGRAPH] * 3))]
    blocks = [_heading(f"Part {n // 2 + 1}") if n % 2 == 0 else _text(PARAGRAPH) for n in range(BLOCK_COUNT)]
    faq = [{"type": "faq", "values": {"filter": True}}]
    return {PLAIN: plain, BLOCKS: blocks, FAQ: faq}


def _make_questions() -> None:
    """QUESTION_COUNT published questions in two categories, each answer with its own picture."""
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    from frontdesk.categories.operations import create_category
    from frontdesk.faq.models import Question
    from frontdesk.faq.operations import create_question
    from frontdesk.pictures.operations import create_picture

    if Question.objects.exists():
        return
    categories = [
        create_category("faq", actor=None, values={"name": {"en": name}}).pk for name in ("Orders", "Courses")
    ]
    for number in range(QUESTION_COUNT):
        out = io.BytesIO()
        Image.new("RGB", (64, 48), (number % 256, 90, 160)).save(out, "PNG")
        picture = create_picture(
            actor=None, values={"file": SimpleUploadedFile(f"q{number}.png", out.getvalue(), "image/png")}
        )
        create_question(
            actor=None,
            values={
                "question": {"en": f"Question {number + 1}: how does this part work?"},
                "answer": {"en": f'<p>{PARAGRAPH}</p><img data-picture="{picture.key}" alt="">'},
                "categories": [categories[number % 2]],
                "published": True,
            },
        )


def _make_pages(names: list[str]) -> dict[str, str]:
    """The pages of the figures `names` (all three when empty); {figure name: address}."""
    from frontdesk.blocks.offers import install_offers, offer_states
    from frontdesk.pages import operations
    from frontdesk.pages.models import Page

    wanted = {name: FIGURES[name] for name in names or FIGURES}
    install_offers(offer_states(["heading", "text", "faq"]))
    if FAQ in wanted.values():
        _make_questions()
    for slug, blocks in contents().items():
        if slug not in wanted.values() or Page.objects.filter(slug__en=slug).exists():
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
    return {name: f"/{slug}" for name, slug in wanted.items()}


def main(argv: list[str]) -> None:
    import django

    django.setup()
    if argv[:1] == ["prepare"] and set(argv[1:]) <= set(FIGURES):
        print(json.dumps(_make_pages(argv[1:])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
