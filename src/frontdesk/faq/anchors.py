"""The anchor: a question's fragment identifier, made once when the question is created and never
again (docs/faq.md, "Anchors").

It is the question in the site's default language (or, without one, in the first site language
that has it) written in ASCII (any script transliterated by `anyascii`: "Как оплатить?" gives
"kak-oplatit"), as a slug of lower-case letters, digits and single hyphens, at most 60
characters, cut at a word. Only letters and digits are spelled: a symbol or an emoji is a gap
between words (anyascii would spell "🙂" as ":slight_smile:"), so a question without a letter or a
digit (only signs or emoji) is "question". A clash with any question's anchor, the bin's
included, takes -2, -3, ...
"""

from __future__ import annotations

import re
import unicodedata

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


def _letters_and_digits(text: str) -> str:
    """`text` with its letters, digits and their accents kept, its punctuation dropped inside a
    word ("don't" gives "dont", as slugify does) and anything else (symbols, emoji, dashes,
    underscores) made a space."""
    kept = []
    for char in text:
        kind = unicodedata.category(char)
        if kind[0] in "LMN":
            kept.append(char)
        elif kind[0] == "P" and kind not in ("Pd", "Pc"):  # a dash or an underscore parts words
            continue
        else:
            kept.append(" ")
    return "".join(kept)


def slug_of(text: str) -> str:
    """`text` as an anchor's stem: ASCII letters and digits in lower case joined by single hyphens,
    at most LONGEST characters."""
    words = re.findall(r"[a-z0-9]+", slugify(anyascii(_letters_and_digits(text))))
    slug = "-".join(words)
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
