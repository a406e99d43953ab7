"""What every app's inputs share: the marker of a value the caller did not give, the base of every
input model (docs/architecture.md, "Inputs"), and the host's own inputs.

A change names only what it changes, so "left out" (keep the stored value) must differ from
`None` (clear it). Every operation, API door and agent tool uses this one marker, so a value
passed from one to the other keeps its meaning.
"""

from __future__ import annotations

from copy import copy
from types import NoneType
from typing import Annotated, Any, ClassVar, Final, Union, cast, final, get_args

from django.utils.translation import gettext as _
from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError, PydanticUndefined

from frontdesk.core.limits import MAX_NOTE_LENGTH


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


def refuse_nul(value: Any) -> Any:
    """`value` unchanged, or a refusal when a text in it holds a NUL character (no database stores
    one; PostgreSQL would fail on it)."""
    if isinstance(value, str) and "\x00" in value:
        raise PydanticCustomError("nul", _("Remove the NUL character from this text."))
    if isinstance(value, dict):
        for key, item in value.items():
            refuse_nul(key)
            refuse_nul(item)
    elif isinstance(value, list):
        for item in value:
            refuse_nul(item)
    return value


class Input(BaseModel):
    """The input of one changing operation: the API route's body and the MCP tool's parameters.

    Unknown keys are refused, and text with NUL characters too. A tool function that takes one as
    a parameter gets its fields as the tool's own parameters (frontdesk.core.mcp.server), so an
    agent and an API client see the same names, types, limits and descriptions.
    """

    model_config = ConfigDict(extra="forbid")
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

    @field_validator("*", mode="before")
    @classmethod
    def no_nul(cls, value: Any) -> Any:
        return refuse_nul(value)


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
