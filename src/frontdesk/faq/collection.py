"""The collection "faq" (docs/host.md, "The collections contract"): the questions every FAQ block
of a page shows, read together (faq.queries.shown_questions), the category picker of the block's
editor, the pictures the answers print, and the FAQPage markup (docs/faq.md, "The FAQ block")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.http import HttpRequest
from django.utils.safestring import SafeString

from frontdesk.blocks.codes import register_block_code
from frontdesk.blocks.collections import Choice, Collection, register_collection
from frontdesk.blocks.offers import Offer, register_offer
from frontdesk.categories.models import Category
from frontdesk.core.languages import translate
from frontdesk.faq.block import COLLECTION, FaqBlock, FaqValues, markup_on
from frontdesk.faq.conf import markup_enabled
from frontdesk.faq.models import Question
from frontdesk.faq.panel.screens import CATEGORY_TYPE, FAQ_FORM
from frontdesk.faq.permissions import VIEW
from frontdesk.faq.queries import Selection, shown_questions
from frontdesk.publishing.head import head_of
from frontdesk.richtext.cleaning import rich_text_picture_keys
from frontdesk.richtext.rendering import render_rich_texts

JSON_LD_KEY = "faq"  # every FAQ block's questions merge into one FAQPage under this key


@dataclass
class FaqItem:
    """One question as one block prints it, in the page's language."""

    question: Question
    language: str
    categories: list[Category]
    # False when an earlier block of the page shows it already: the element id is printed once.
    first: bool = True
    answer: SafeString | None = None  # printed by the block, with the page's pictures
    # The `extra` template filter reads the question's project fields through these two.
    project_fields_screen: str = field(default=FAQ_FORM.id, init=False)

    @property
    def anchor(self) -> str:
        return self.question.anchor

    @property
    def title(self) -> str:
        return (self.question.question or {}).get(self.language, "")

    @property
    def answer_html(self) -> str:
        return (self.question.answer or {}).get(self.language, "")

    @property
    def category_ids(self) -> str:
        """The value of data-faq-categories: ids separated by spaces."""
        return " ".join(str(category.pk) for category in self.categories)

    @property
    def extra(self) -> dict:
        return self.question.extra or {}


def questions_for(values_list: Sequence[FaqValues], language: str) -> list[list[FaqItem]]:
    """Each block's questions in page order; three queries however many blocks and questions. A
    question an earlier block shows comes again with `first` false."""
    shown = shown_questions(
        [Selection(tuple(values.categories), values.limit) for values in values_list], language
    )
    seen: set[int] = set()
    lists = []
    for questions in shown.lists:
        items = []
        for question in questions:
            categories = [shown.categories[pk] for pk in question.category_ids]  # type: ignore[attr-defined]
            items.append(FaqItem(question, language, categories, first=question.pk not in seen))
            seen.add(question.pk)
        lists.append(items)
    return lists


def category_choices(language: str) -> list[Choice]:
    """Every FAQ category outside the bin in its order; a hidden one marked (pickable still)."""
    return [
        Choice(
            category.pk, translate(category.name, language) or f"#{category.pk}", hidden=not category.is_shown
        )
        for category in Category.objects.filter(type=CATEGORY_TYPE).order_by("position", "id")
    ]


def answer_pictures(items: list[FaqItem]) -> set[str]:
    keys: set[str] = set()
    for item in items:
        keys |= rich_text_picture_keys(item.answer_html)
    return keys


def faq_head(values: FaqValues, items: list[FaqItem], request: HttpRequest) -> None:
    """Add the block's questions to the page's one FAQPage, when its markup is on and the config
    key allows it. A question two blocks show gives two equal nodes, which the collector keeps
    once (publishing/head.merge_json_ld)."""
    if not items or not markup_enabled() or not markup_on(values):
        return
    page = request.build_absolute_uri(request.path)
    texts = [item.answer for item in items]
    if any(text is None for text in texts):  # a code that did not print the answers itself
        texts = list(render_rich_texts([item.answer_html for item in items], language=items[0].language))
    head_of(request).add_json_ld(
        JSON_LD_KEY,
        {
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "mainEntity": [
                {
                    "@type": "Question",
                    "name": item.title,
                    "url": f"{page}#{item.anchor}",
                    "inLanguage": item.language,
                    "acceptedAnswer": {"@type": "Answer", "text": str(text)},
                }
                for item, text in zip(items, texts, strict=True)
            ],
        },
    )


COLLECTION_ENTRY = Collection(
    name=COLLECTION,
    items=questions_for,
    pickers={"categories": category_choices},
    head=faq_head,
    permission=VIEW,
    picture_keys=answer_pictures,
)


def register() -> None:
    """Called by FaqConfig.ready() when the block system is installed."""
    register_collection(COLLECTION_ENTRY)
    register_block_code(FaqBlock())
    register_offer(Offer(slug=FaqBlock.slug, name=FaqBlock.label, code=FaqBlock.slug))
