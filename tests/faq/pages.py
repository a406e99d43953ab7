"""Pages with FAQ blocks for the block's tests: the type installed through its offer, pages made
and published through the pages operations, and what a visitor's browser would read from the
answer (the questions, ids, filter buttons, the FAQPage) parsed from its HTML."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from frontdesk.blocks.offers import install_offers, offer_states
from frontdesk.pages import operations
from frontdesk.pages.models import Page

LANGUAGES = ("en", "de", "ru")


def install_faq_type() -> None:
    install_offers(offer_states(["faq"]))


def faq(**values: Any) -> dict:
    return {"type": "faq", "values": values}


def publish_page(blocks: list[dict] | dict[str, list[dict]], slug: str = "questions") -> Page:
    """A published page at /<slug> (/de/<slug>-de, /ru/<slug>-ru) holding `blocks` (one list for
    every language, or a list per language)."""
    content = blocks if isinstance(blocks, dict) else {code: blocks for code in LANGUAGES}
    page = operations.create_page(
        actor=None,
        values={
            "title": {code: f"Questions {code}" for code in LANGUAGES},
            "slug": {"en": slug, "de": f"{slug}-de", "ru": f"{slug}-ru"},
            "content": content,
        },
    )
    return operations.publish_page(page, actor=None)


@dataclass
class Element:
    tag: str
    attrs: dict[str, str | None]
    text: str = ""
    children: list[Element] = field(default_factory=list)


class _Reader(HTMLParser):
    VOID = {"meta", "link", "img", "br", "input", "hr", "source"}

    def __init__(self) -> None:
        super().__init__()
        self.root = Element("root", {})
        self.stack = [self.root]
        self.all: list[Element] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(tag, dict(attrs))
        self.stack[-1].children.append(element)
        self.all.append(element)
        if tag not in self.VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        for element in self.stack[1:]:
            element.text += data


def parse(html: str) -> list[Element]:
    """Every element of the page, in document order."""
    reader = _Reader()
    reader.feed(html)
    return reader.all


def blocks(html: str) -> list[Element]:
    return [element for element in parse(html) if "data-faq-block" in element.attrs]


def questions(block: Element) -> list[Element]:
    found: list[Element] = []

    def walk(element: Element) -> None:
        for child in element.children:
            if child.tag == "details":
                found.append(child)
            walk(child)

    walk(block)
    return found


def titles(block: Element) -> list[str]:
    return [question.children[0].text.strip() for question in questions(block)]


def all_titles(html: str) -> list[list[str]]:
    return [titles(block) for block in blocks(html)]


def buttons(block: Element) -> list[tuple[str, str]]:
    """The filter's buttons: (data-faq-category, label)."""
    return [
        (element.attrs.get("data-faq-category") or "", element.text.strip())
        for element in _descendants(block)
        if element.tag == "button"
    ]


def _descendants(element: Element) -> list[Element]:
    out = []
    for child in element.children:
        out.append(child)
        out.extend(_descendants(child))
    return out


def ids(html: str) -> list[str]:
    return [str(element.attrs["id"]) for element in parse(html) if element.attrs.get("id")]


def faq_pages(html: str) -> list[dict]:
    """The FAQPage nodes of the page's JSON-LD."""
    nodes = [
        json.loads(text)
        for text in re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    ]
    return [node for node in nodes if node.get("@type") == "FAQPage"]


def markup_names(html: str) -> list[str] | None:
    """The names of the one FAQPage's questions; None without a FAQPage (two are an error)."""
    pages = faq_pages(html)
    assert len(pages) <= 1
    return [question["name"] for question in pages[0]["mainEntity"]] if pages else None
