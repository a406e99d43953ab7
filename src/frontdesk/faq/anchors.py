"""The anchor: a question's fragment identifier, made once when the question is created and never
again (docs/faq.md, "Anchors").

It is the question in the site's default language (or, without one, in the first site language
that has it) written in ASCII (any script transliterated by `anyascii`: "Как оплатить?" gives
"kak-oplatit"), as a slug of lower-case letters, digits and single hyphens, at most 60
characters, cut at a word. A question whose text gives nothing (only signs or emoji) is
"question". A clash with any question's anchor, the bin's included, takes -2, -3, ...
"""

from __future__ import annotations

import re

from anyascii import anyascii
from django.utils.text import slugify

from frontdesk.core.languages import default_language, site_language_codes

LONGEST = 60
FALLBACK = "question"
SHAPE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z")


def anchor_text(question: dict[str, str]) -> str:
    """The text an anchor is made from: the default language's question, else the first site
    language's that has one."""
    for code in (default_language(), *site_language_codes()):
        text = (question.get(code) or "").strip()
        if text:
            return text
    return ""


def slug_of(text: str) -> str:
    """`text` as an anchor's stem: ASCII, lower case, hyphens, at most LONGEST characters."""
    slug = slugify(anyascii(text))
    if len(slug) > LONGEST:
        cut = slug[: LONGEST + 1]
        slug = cut.rsplit("-", 1)[0] if "-" in cut else slug[:LONGEST]
    return slug.strip("-") or FALLBACK


def new_anchor(question: dict[str, str], taken: set[str]) -> str:
    """The anchor of a new question: its stem, or the first of stem-2, stem-3, ... not in
    `taken` (the anchors of every question starting with the stem)."""
    stem = slug_of(anchor_text(question))
    if stem not in taken:
        return stem
    number = 2
    while f"{stem}-{number}" in taken:
        number += 1
    return f"{stem}-{number}"
