"""Cleaning rich text on the way in: the one allow-list (see the package's docstring), the merge per
language, and what a stored text says about itself (empty? which pictures?)."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Mapping
from typing import Annotated

import nh3
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from pydantic import Field

from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import RichTextsIn
from frontdesk.pictures.models import KEY_PATTERN

ALLOWED_TAGS = frozenset({"p", "h2", "h3", "h4", "strong", "em", "a", "ul", "ol", "li", "br", "img"})
ALLOWED_ATTRIBUTES = {"a": {"href"}, "img": {"data-picture", "alt"}}
ALLOWED_URL_SCHEMES = frozenset({"http", "https", "mailto"})
LINK_REL = "noopener noreferrer"
# Taken out with their text: what is code or a control, not prose.
DROPPED_WITH_CONTENT = frozenset(
    {"script", "style", "template", "noscript", "iframe", "object", "textarea", "select", "title"}
)
MAX_RICH_TEXT_LENGTH = 200_000  # characters sent for one language, before cleaning

# nh3's output quotes every attribute value and escapes < > " & in it, so a tag is matched whole.
IMG_TAG = re.compile(r"<img\b[^>]*>")
PICTURE_KEY = re.compile(r'\sdata-picture="([^"]*)"')
TAG = re.compile(r"<[^>]*>")

RichTexts = Annotated[
    RichTextsIn,
    Field(
        description='HTML per language code, e.g. {"en": "<p>Hello</p>"}: p, h2-h4, strong, em,'
        ' a href, ul, ol, li, br and library pictures <img data-picture="KEY" alt="...">;'
        " anything else is taken out. A save changes the languages it names and keeps the others;"
        ' "", null or a text empty after cleaning removes a language; a plain string is the'
        " default language's.",
        examples=[{"en": '<p>Open <strong>daily</strong>.</p><img data-picture="k3x9q2" alt="">'}],
    ),
]


def _keep_attribute(tag: str, attribute: str, value: str) -> str | None:
    if tag == "img" and attribute == "data-picture":
        return value if KEY_PATTERN.match(value) else None
    return value


def _drop_loose_images(html: str) -> str:
    return IMG_TAG.sub(lambda match: match[0] if PICTURE_KEY.search(match[0]) else "", html)


def clean_rich_text(html: str) -> str:
    """`html` reduced to the allow-list; a ValidationError (unkeyed: the caller names the value)
    for a text longer than MAX_RICH_TEXT_LENGTH."""
    if not html:
        return ""
    if len(html) > MAX_RICH_TEXT_LENGTH:
        raise ValidationError(
            _("Use at most %(count)d characters.") % {"count": MAX_RICH_TEXT_LENGTH}, code="max_length"
        )
    return sanitize(html)


def sanitize(html: str) -> str:
    """`html` reduced to the allow-list, whatever its length (clean_rich_text judges that).

    Stored text must come through a second cleaning unchanged. It may not after the first: a
    dropped tag can leave its children nested where an HTML parser does not keep them
    (`<h2><form><h2>` becomes `<h2><h2>`, which parses as two headings side by side). So a text
    the cleaning changed is cleaned again until it holds still; clean text takes one pass.
    """
    cleaned = _sanitize_once(html)
    for _pass in range(MAX_PASSES):
        if cleaned == html:
            break
        html, cleaned = cleaned, _sanitize_once(cleaned)
    return cleaned


MAX_PASSES = 3  # one pass leaves the nesting of dropped tags; the second undoes it


def _sanitize_once(html: str) -> str:
    cleaned = nh3.clean(
        html,
        tags=set(ALLOWED_TAGS),
        clean_content_tags=set(DROPPED_WITH_CONTENT),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        attribute_filter=_keep_attribute,
        url_schemes=set(ALLOWED_URL_SCHEMES),
        link_rel=LINK_REL,
        strip_comments=True,
    )
    return _drop_loose_images(cleaned).strip()


def is_empty_rich_text(html: str | None) -> bool:
    """Whether `html` shows nothing: no picture, and no text but spaces (`<p><br></p>` is empty)."""
    if not html:
        return True
    if IMG_TAG.search(html):
        return False
    return not html_lib.unescape(TAG.sub("", html)).replace("\xa0", " ").strip()


def rich_text_picture_keys(html: str | None) -> set[str]:
    """The keys of the library pictures `html` shows."""
    if not html:
        return set()
    keys = set()
    for tag in IMG_TAG.findall(html):
        found = PICTURE_KEY.search(tag)
        if found and KEY_PATTERN.match(found[1]):
            keys.add(found[1])
    return keys


def clean_translated_rich_text(
    value: Mapping[str, str | None] | str | None, *, stored: Mapping[str, str] | None = None
) -> dict[str, str]:
    """What a save of `value` leaves of `stored`: each language named is cleaned and replaces its
    text; null, "" or a text empty after cleaning removes the language; the others stay. A plain
    string is the default language's; null for the whole value removes every language. Raises an
    unkeyed ValidationError for an unknown language, a value that is not text, or a text too long."""
    return merge_translations(stored, value, clean=stored_rich_text)


def stored_rich_text(html: str) -> str:
    """A rich text as stored: cleaned, and "" (the language removed) when nothing is left."""
    cleaned = clean_rich_text(html)
    return "" if is_empty_rich_text(cleaned) else cleaned
