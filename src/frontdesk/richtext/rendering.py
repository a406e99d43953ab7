"""Printing rich text: the stored HTML, cleaned again (a value written past the operations cannot
carry a script to the page), with each library picture resolved to its current address. Every
picture of every text handed over is read in ONE query; a picture no longer in the library is
left out."""

from __future__ import annotations

import html as html_lib
import re
from collections.abc import Mapping
from functools import lru_cache

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.richtext.cleaning import IMG_TAG, PICTURE_KEY, rich_text_picture_keys, sanitize

ALT = re.compile(r'\salt="([^"]*)"')
# Texts up to this length are cleaned once per process and remembered (at most REMEMBERED of
# them, a few MB): cleaning is a pure function of the text, and a page of two hundred answers
# would otherwise clean them all again on every request.
REMEMBER_UP_TO = 16_000
REMEMBERED = 2048


@lru_cache(maxsize=REMEMBERED)
def _remembered_sanitize(html: str) -> str:
    return sanitize(html)


def _clean(html: str) -> str:
    return _remembered_sanitize(html) if len(html) <= REMEMBER_UP_TO else sanitize(html)


def _picture_tag(view: PictureView, alt: str) -> str:
    sizes = f"(max-width: {view.width}px) 100vw, {view.width}px"
    if view.srcset:
        return format_html(
            '<img src="{}" srcset="{}" sizes="{}" width="{}" height="{}" alt="{}" loading="lazy">',
            view.url, view.srcset, sizes, view.width, view.height, alt,
        )  # fmt: skip
    return format_html(
        '<img src="{}" width="{}" height="{}" alt="{}" loading="lazy">',
        view.url, view.width, view.height, alt,
    )  # fmt: skip


def _printed(html: str, views: Mapping[str, PictureView]) -> SafeString:
    def replace(match: re.Match) -> str:
        tag = match[0]
        key = PICTURE_KEY.search(tag)
        view = views.get(key[1]) if key else None
        if view is None:
            return ""
        own_alt = ALT.search(tag)
        # The text's own alt wins (the author's words for this place); an empty one reads the
        # library's alt in the page's language, so correcting it there corrects every text.
        alt = html_lib.unescape(own_alt[1]) if own_alt and own_alt[1].strip() else view.alt
        return _picture_tag(view, alt)

    return mark_safe(IMG_TAG.sub(replace, html))  # noqa: S308  (cleaned above, tags built by format_html)


def render_rich_texts(
    htmls: list[str | None],
    *,
    language: str | None = None,
    pictures: Mapping[str, PictureView] | None = None,
) -> list[SafeString]:
    """Each text as a page prints it, in order; the pictures of all of them in one query. A
    caller that resolved the pictures already, with others of its page in the same query (a
    cover, every block of a page), hands them over as `pictures` and this asks nothing; a key
    missing from them is a picture no longer there."""
    cleaned = [_clean(html) if html else "" for html in htmls]
    if pictures is None:
        keys = set().union(*(rich_text_picture_keys(html) for html in cleaned)) if cleaned else set()
        pictures = resolve_pictures(keys, language=language)
    return [_printed(html, pictures) for html in cleaned]


def render_rich_text(
    html: str | None, *, language: str | None = None, pictures: Mapping[str, PictureView] | None = None
) -> SafeString:
    return render_rich_texts([html], language=language, pictures=pictures)[0]
