"""The shapes every API route shares: the error body and the list of answers a route documents."""

from __future__ import annotations

from typing import Any

from ninja import Schema
from pydantic import Field


class ErrorOut(Schema):
    """Every refusal's body (core/api/errors.py), whatever the status."""

    message: str = Field(examples=["Some values are not valid."])
    errors: dict[str, list[str]] | None = Field(
        None,
        description="Only with 422: messages keyed by the value they are about (dotted for nested"
        " values, `__all__` for the whole request).",
        examples=[{"slug": ["Another form already has this slug."]}],
    )
    in_use: int | None = Field(
        None,
        description="Only with 409 for a record still in use (a category that holds items, a picture"
        " shown somewhere): how many records use it.",
        examples=[3],
    )
    uses: list[str] | None = Field(
        None,
        description="Only with 409 for a record still in use, when the places can be named (a picture):"
        " each place, as people name it.",
        examples=[["Service covers: Garden design"]],
    )


class PictureViewOut(Schema):
    """A picture of the library as a page prints it (a cover): its widest rendition, every size."""

    key: str = Field(examples=["k3x9q2m7p1ab"])
    url: str = Field(description="The widest rendition (at most 1920 px wide).")
    srcset: str = Field(description='Every rendition: "<url> <width>w, ...".')
    width: int
    height: int
    alt: str = Field(description="The library's alternative text in the caller's language.")


class SeoCardOut(Schema):
    """An SEO card as stored (publishing/seo_card.py): every key, empty ones too."""

    title: dict[str, str] = Field(examples=[{"en": "Garden design in Kiel"}])
    description: dict[str, str]
    image: str | None = Field(description="The social image: a picture key, or null.")
    noindex: bool


ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 422: ErrorOut}


class WrittenOut(Schema):
    """What a change answers to a caller who may change the record but not read it (docs/api.md,
    "What a changing route answers"): which record it changed, nothing of its contents."""

    id: int


class WrittenPictureOut(Schema):
    """The same for a picture, named by its key."""

    key: str


def answers(code: int, schema: Any, *, conflict: bool = False) -> dict:
    """The documented answers of a route: its success and every error shape (409 too for a route
    guarded by a revision or refused while its record is in use)."""
    return {code: schema, **ERRORS, **({409: ErrorOut} if conflict else {})}
