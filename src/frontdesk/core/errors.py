"""The errors operations raise, and the one table that says what each means to a caller.

Operations raise Django's own `ValidationError` (a value refused, under the field's name) and
`PermissionDenied`, and the two below; they never raise an HTTP type. The doors turn an error into
their own shape through `problem()`: the JSON API into a status and `{"message", "errors"?}`
(core/api/errors.py), the MCP calls into a tool error with the same words (core/mcp/calls.py), the
panel and the public pages into Django's own 403 and 404 pages (core/middleware.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.http import Http404
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


class NotFound(Exception):
    """The record the caller named does not exist, or is not one they may reach (404)."""


class Conflict(Exception):
    """The caller's revision is stale: someone else saved in the meantime (409)."""


class InUse(Exception):
    """The record is still used by others and refuses the change (409): a category that holds
    questions will not go into the bin, a picture shown on a page will not be deleted. `count`
    says how many use it and `uses`, when the operation can name them, where ("Posters: Summer
    fair"); every door shows both beside the words (the API's body `in_use` and `uses`, the tool
    error's), so no door counts or looks again."""

    def __init__(self, message: str, *, count: int, uses: Sequence[str] | None = None) -> None:
        super().__init__(message)
        self.count = count
        self.uses = [str(use) for use in uses] if uses is not None else None


class TooMany(Exception):
    """The caller did this too often in a short time (429): the words say when it may again."""


@dataclass(frozen=True)
class Problem:
    """What an error means to a caller: a status, a sentence, and per-field messages."""

    status: int
    message: str
    errors: dict[str, list[str]] | None = None
    in_use: int | None = None  # only for InUse: how many records use the one named
    uses: list[str] | None = None  # only for InUse, when it names them: each place, for people


@dataclass(frozen=True)
class _Meaning:
    status: int
    default: Promise
    own_words: bool  # whether the error's own text, when it has one, is shown instead


# Most specific first: the first row whose type the error is an instance of answers. Django's
# Http404 is here for the views' own get_object_or_404; a model's DoesNotExist never shows its
# text ("Form matching query does not exist.") to a caller.
MEANINGS: tuple[tuple[type[Exception], _Meaning], ...] = (
    (ValidationError, _Meaning(422, _("Some values are not valid."), own_words=False)),
    (PermissionDenied, _Meaning(403, _("You may not do this."), own_words=True)),
    (NotFound, _Meaning(404, _("There is no such record."), own_words=True)),
    (Http404, _Meaning(404, _("There is no such record."), own_words=True)),
    (ObjectDoesNotExist, _Meaning(404, _("There is no such record."), own_words=False)),
    (Conflict, _Meaning(409, _("Someone else changed this in the meantime."), own_words=True)),
    (InUse, _Meaning(409, _("This record is still in use."), own_words=True)),
    (TooMany, _Meaning(429, _("Too many requests; try again in a minute."), own_words=True)),
)

# The errors `problem()` knows, for an `except` clause.
KNOWN: tuple[type[Exception], ...] = tuple(kind for kind, _meaning in MEANINGS)


def field_errors(error: ValidationError) -> dict[str, list[str]]:
    """{field: [message, ...]} of a ValidationError; `__all__` for one not tied to a field."""
    if hasattr(error, "error_dict"):
        return {
            field: [str(message) for message in ValidationError(items).messages]
            for field, items in error.error_dict.items()
        }
    return {"__all__": [str(message) for message in error.messages]}


def problem(error: Exception) -> Problem | None:
    """What `error` means to a caller, in the active language; None for an error not in the table
    (a fault, which the door lets through as one)."""
    for kind, meaning in MEANINGS:
        if isinstance(error, kind):
            own = str(error) if meaning.own_words else ""
            errors = field_errors(error) if isinstance(error, ValidationError) else None
            in_use = error.count if isinstance(error, InUse) else None
            uses = error.uses if isinstance(error, InUse) else None
            return Problem(meaning.status, own or str(meaning.default), errors, in_use, uses)
    return None
