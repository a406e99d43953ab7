"""The host's own block types: a heading (h2 or h3), a rich text (frontdesk.richtext) and a
picture of the library with a caption. Offered by the block system itself (`frontdesk
blocks_install heading text picture`). The pictures of every text and picture block of a page are
read in one query (`picture_keys`, rendering.render_content)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from django.core.exceptions import ValidationError
from django.utils.html import linebreaks
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from pydantic import Field, field_validator

from frontdesk.blocks.codes import BlockCode, BlockValues, EditorField, refuse
from frontdesk.pictures.queries import clean_picture_key
from frontdesk.richtext.cleaning import (
    MAX_RICH_TEXT_LENGTH,
    clean_rich_text,
    is_empty_rich_text,
    rich_text_picture_keys,
)
from frontdesk.richtext.rendering import render_rich_text

MAX_HEADING = 200
MAX_CAPTION = 300
# A text holding a tag is HTML; one without is plain paragraphs.
TAG_START = re.compile(r"<[A-Za-z/!]")


class HeadingValues(BlockValues):
    text: Annotated[str, Field(min_length=1, max_length=MAX_HEADING)]
    level: Literal[2, 3] = 2

    @field_validator("text")
    @classmethod
    def stripped(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value:
            raise ValueError(_("Give the heading a text."))
        return value


class HeadingBlock(BlockCode):
    slug = "heading"
    label = _("Heading")
    values = HeadingValues
    template = "blocks/site/heading.html"
    editor = (
        EditorField("text", "text", _("Text"), required=True, max_length=MAX_HEADING),
        EditorField("level", "select", _("Level"), choices=((2, _("Heading 2")), (3, _("Heading 3")))),
    )


class TextValues(BlockValues):
    """Rich text (richtext): cleaned against the one allow-list when saved and again when
    printed. A text without any tag (a block saved before the text became rich, an agent's plain
    text) is taken as plain paragraphs: an empty line starts one, a line break is a <br>."""

    text: Annotated[str, Field(max_length=MAX_RICH_TEXT_LENGTH)] = ""

    @field_validator("text")
    @classmethod
    def cleaned(cls, value: str) -> str:
        value = value.strip()
        if value and not TAG_START.search(value):
            value = str(linebreaks(value, autoescape=True))
        try:
            html = clean_rich_text(value)
        except ValidationError as error:
            raise ValueError(" ".join(error.messages)) from None
        return "" if is_empty_rich_text(html) else html


class TextBlock(BlockCode):
    slug = "text"
    label = _("Text")
    values = TextValues
    template = "blocks/site/text.html"
    editor = (
        EditorField(
            "text",
            "richtext",
            _("Text"),
            help=_("Paragraphs, headings, bold, italic, links, lists and pictures from the library."),
            max_length=MAX_RICH_TEXT_LENGTH,
        ),
    )

    def picture_keys(self, values: TextValues) -> set[str]:
        return rich_text_picture_keys(values.text)

    def render(self, values: TextValues, context: dict[str, Any]) -> SafeString:
        # The page's pictures were resolved once for all its blocks (rendering.render_content).
        html = render_rich_text(values.text, language=context.get("language"), pictures=context["pictures"])
        return super().render(values, {**context, "html": html})


class PictureValues(BlockValues):
    picture: Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
    caption: Annotated[str, Field(max_length=MAX_CAPTION)] = ""

    @field_validator("caption")
    @classmethod
    def one_line(cls, value: str) -> str:
        return " ".join(value.split())


class PictureBlock(BlockCode):
    """A picture of the library with an optional caption, printed with every size (srcset); a
    picture no longer in the library prints nothing."""

    slug = "picture"
    label = _("Picture")
    values = PictureValues
    template = "blocks/site/picture.html"
    editor = (
        EditorField("picture", "picture", _("Picture"), required=True),
        EditorField(
            "caption",
            "text",
            _("Caption"),
            help=_("Optional; shown under the picture."),
            max_length=MAX_CAPTION,
        ),
    )

    def check(self, values: PictureValues, *, language: str) -> None:
        try:
            clean_picture_key(values.picture)
        except ValidationError as error:
            raise refuse("picture", " ".join(error.messages)) from None

    def picture_keys(self, values: PictureValues) -> set[str]:
        return {values.picture}

    def render(self, values: PictureValues, context: dict[str, Any]) -> SafeString:
        view = context["pictures"].get(values.picture)
        if view is None:
            return mark_safe("")
        return super().render(values, {**context, "picture": view})
