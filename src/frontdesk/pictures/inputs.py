"""The picture library's input: the change of a picture's name and alt text, the API body of
PUT /api/cms/pictures/{key} (a file travels as multipart form data, which is no JSON body)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from frontdesk.core.inputs import Input, PlainTexts
from frontdesk.pictures.operations import MAX_ALT_LENGTH, MAX_NAME_LENGTH

AltTexts = Annotated[
    PlainTexts,
    Field(
        description="The alternative text per language code, what a screen reader says instead of the"
        f' picture (at most {MAX_ALT_LENGTH} characters), e.g. {{"en": "Boats in the harbour"}}. A save'
        ' changes the languages it names and keeps the others; "" or null removes a language; a plain'
        " string is the site's default language's.",
        examples=[{"en": "Boats in the harbour at dawn", "de": "Boote im Hafen bei Sonnenaufgang"}],
    ),
]


class PictureChange(Input):
    """Only the keys given change."""

    name: str | None = Field(
        None,
        max_length=MAX_NAME_LENGTH * 2,  # the operation refuses past MAX_NAME_LENGTH in its own words
        description=f"What the library's search finds the picture by (at most {MAX_NAME_LENGTH} characters).",
        examples=["Harbour at dawn"],
    )
    alt: AltTexts | None = None
