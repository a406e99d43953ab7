"""What every app's inputs share: the marker of a value the caller did not give, the base of every
input model (docs/architecture.md, "Inputs"), and the host's own inputs.

A change names only what it changes, so "left out" (keep the stored value) must differ from
`None` (clear it). Every operation, API door and agent tool uses this one marker, so a value
passed from one to the other keeps its meaning.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from copy import copy
from types import NoneType
from typing import Annotated, Any, ClassVar, Final, Union, cast, final, get_args

from django.core import exceptions
from django.utils.translation import gettext as _
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError, PydanticUndefined

from frontdesk.core.limits import (
    MAX_LANGUAGE_CODE_LENGTH,
    MAX_NAME_LENGTH,
    MAX_NOTE_LENGTH,
    MAX_RICH_TEXT_LENGTH,
    MAX_TEXT_LENGTH,
    MAX_TITLE_LENGTH,
)


@final
class NotGiven:
    """The type of `NOT_GIVEN`; there is one."""

    _instance: NotGiven | None = None

    def __new__(cls) -> NotGiven:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __bool__(self) -> bool:
        return False

    def __copy__(self) -> NotGiven:
        return self

    def __deepcopy__(self, memo: dict) -> NotGiven:
        return self


NOT_GIVEN: Final = NotGiven()


def not_given() -> Any:
    """The `default_factory` of an input field whose null means something (clear the assignee):
    left out, it holds NOT_GIVEN, and the schema shows no default."""
    return NOT_GIVEN


def text_problem(text: str) -> str | None:
    """Why `text` cannot be stored, or None: a NUL character (no database stores one; PostgreSQL
    fails on it), or a lone UTF-16 surrogate (JSON's "\\ud800" escape reads into one, and it
    cannot be written as UTF-8: every page printing it would fail)."""
    if "\x00" in text:
        return _("Remove the NUL character from this text.")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("Remove the invalid character (a lone UTF-16 surrogate) from this text.")
    return None


def unstorable_texts(
    value: Any, where: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """(location, problem) of every text in `value` that cannot be stored: `value` itself, the
    keys and items of its objects and lists, however deep (block values, project fields, settings
    values are JSON of any shape). A bad key is located at its object."""
    if isinstance(value, str):
        problem = text_problem(value)
        if problem is not None:
            yield where, problem
    elif isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key) if isinstance(key, str) else None
            if problem is not None:
                yield where, problem
            else:
                yield from unstorable_texts(item, (*where, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from unstorable_texts(item, (*where, index))


def refuse_unknown_keys(values: Mapping[str, object], known: Iterable[str], *, location: str = "") -> None:
    """Refuse, with Django's ValidationError, the keys of `values` that are not in `known`: under
    `location` one sentence naming them all ("Unknown setting: colour, size."), or without one
    each under its own name. An operation's second line behind its input model (which forbids
    extra keys too), for callers that pass a dict of their own."""
    unknown = sorted(set(values) - set(known))
    if not unknown:
        return
    if location:
        raise exceptions.ValidationError(
            {location: [_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)}]}
        )
    raise exceptions.ValidationError(
        {key: [_("Unknown setting: %(keys)s.") % {"keys": key}] for key in unknown}
    )


def refuse_unstorable_text(value: Any) -> Any:
    """`value` unchanged, or a refusal when a text in it cannot be stored (a field validator's
    form of the check every Input model makes, for the query schemas)."""
    for _where, problem in unstorable_texts(value):
        raise PydanticCustomError("text", problem)
    return value


# How pydantic names the branch of a union in an error's location: a type ("str", "int",
# "constrained-str"), a parametrised one ("dict[str,nullable[str]]", "function-after[...]") or a
# model ("ChoiceIn"). No input's key looks like one: names, language codes (pt-br) and machine
# names are lower-case words.
UNION_BRANCH = re.compile(
    r"(?:str|int|bool|float|none|constrained-[a-z]+|[a-z-]+\[.*\]|[A-Z][A-Za-z0-9]*)", re.DOTALL
)


def error_key(location: Iterable[str | int], *, names_a_key: bool = False) -> str:
    """The key a refusal is answered under: the value's own location, dotted (`title.en`,
    `categories.0`), without the union branches pydantic adds (`title.str`); `__all__` when
    the refusal is of the whole input. With `names_a_key` (a key unknown or missing), the last
    part is the key's name, whatever it looks like (`Title`)."""
    parts = list(location)
    last = parts.pop() if names_a_key and parts else None
    kept = [str(part) for part in parts if not (isinstance(part, str) and UNION_BRANCH.fullmatch(part))]
    if last is not None:
        kept.append(str(last))
    return ".".join(kept) or "__all__"


def keyed_errors(items: Iterable[tuple[Iterable[str | int], str, str]]) -> dict[str, list[str]]:
    """A refusal's errors by key (error_key) from pydantic's (location, type, message) items.

    A value that is none of a union's types gets a line per type ("a valid dictionary", "a valid
    string"); once an error lies inside the value (`title.en` too long), the value was of that
    branch, and the other branches' "not of my type" lines (under `title`) are left out."""
    keyed = [
        (error_key(location, names_a_key=kind in {"extra_forbidden", "missing"}), kind, message)
        for location, kind, message in items
    ]
    inside = {key for key, _kind, _message in keyed}
    errors: dict[str, list[str]] = {}
    for key, kind, message in keyed:
        if kind.endswith("_type") and any(other.startswith(key + ".") for other in inside):
            continue
        said = errors.setdefault(key, [])
        if message not in said:  # the branches of a union may say the same
            said.append(message)
    return errors


class Input(BaseModel):
    """The input of one changing operation: the API route's body and the MCP tool's parameters.

    Unknown keys are refused, values of the wrong JSON type too, and text that cannot be stored (a NUL character, a lone surrogate)
    anywhere in the input, under the text's own location. A tool function that takes one as
    a parameter gets its fields as the tool's own parameters (frontdesk.core.mcp.server), so an
    agent and an API client see the same names, types, limits and descriptions.
    """

    # Strict: a value of the wrong JSON type is refused, never converted ("yes" or 1 is no
    # boolean, true no number, "7" no id). A later input's date or time field says
    # `Strict(False)` on its annotation, so it still reads an ISO string.
    model_config = ConfigDict(extra="forbid", strict=True)
    # Fields of the parent model that a subclass asks for: a create body is the change body with
    # some keys required, so it derives from it instead of declaring those fields a second time.
    required_fields: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        if "required_fields" not in cls.__dict__:
            return
        for name in cls.required_fields:
            info = copy(cls.model_fields[name])
            info.default = PydanticUndefined
            kept = tuple(branch for branch in get_args(info.annotation) if branch is not NoneType)
            info.annotation = cast(Any, Union[kept])  # noqa: UP007  (a union built at run time)
            cls.__pydantic_fields__[name] = info
        cls.model_rebuild(force=True)

    @model_validator(mode="before")
    @classmethod
    def only_storable_text(cls, data: Any) -> Any:
        """Every text of the input, however deep, refused under its own location when it cannot be
        stored: the one check every door's input passes (API bodies, MCP arguments)."""
        found = list(unstorable_texts(data))
        if found:
            details = [
                InitErrorDetails(type=PydanticCustomError("text", problem), loc=where, input="")
                for where, problem in found
            ]
            raise ValidationError.from_exception_data(cls.__name__, details)
        return data


# Bounded texts, for every input model's fields (tests/test_input_limits.py walks them all). A
# translated value is {language code: text or null}, or a plain text for the default language.
LanguageCode = Annotated[str, Field(max_length=MAX_LANGUAGE_CODE_LENGTH)]
Name = Annotated[str, Field(max_length=MAX_NAME_LENGTH)]
Title = Annotated[
    str, Field(max_length=MAX_TITLE_LENGTH * 2)
]  # the rule refuses past MAX_TITLE_LENGTH in its words
Text = Annotated[str, Field(max_length=MAX_TEXT_LENGTH)]
RichText = Annotated[str, Field(max_length=MAX_RICH_TEXT_LENGTH)]
NameTexts = dict[LanguageCode, Name | None] | Name  # a slug per language
TitleTexts = dict[LanguageCode, Title | None] | Title
PlainTexts = dict[LanguageCode, Text | None] | Text
RichTextsIn = dict[LanguageCode, RichText | None] | RichText

NoteBody = Annotated[
    str,
    Field(
        # Twice the operation's limit: a note a little too long is refused by core/notes.py in the
        # panel's words; only an absurd body is stopped here, before it is read into a note.
        max_length=MAX_NOTE_LENGTH * 2,
        description=f"The note's text; plain text, at most {MAX_NOTE_LENGTH} characters.",
        examples=["Called back, waiting for the quote."],
    ),
]


class NoteIn(Input):
    """A staff note on a record (core/notes.py): the notes route's body, notes_add's parameters."""

    body: NoteBody
