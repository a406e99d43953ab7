"""The host's own block types: a heading (h2 or h3) and a text of plain paragraphs. Offered by the
block system itself (`frontdesk blocks_install heading text`).

The text block is plain text for now: its values and template are the seam where rich text
(frontdesk.core.richtext) takes over (docs/host.md, "Blocks").
"""

from __future__ import annotations

from typing import Annotated, Literal

from django.utils.translation import gettext_lazy as _
from pydantic import Field, field_validator

from frontdesk.blocks.codes import BlockCode, BlockValues, EditorField

MAX_HEADING = 200
MAX_TEXT = 20_000


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
    text: Annotated[str, Field(max_length=MAX_TEXT)] = ""

    @field_validator("text")
    @classmethod
    def trimmed(cls, value: str) -> str:
        return value.strip()


class TextBlock(BlockCode):
    slug = "text"
    label = _("Text")
    values = TextValues
    template = "blocks/site/text.html"
    editor = (
        EditorField(
            "text",
            "textarea",
            _("Text"),
            help=_("An empty line starts a new paragraph."),
            max_length=MAX_TEXT,
        ),
    )
