"""What every app's inputs share: the marker of a value the caller did not give.

A change names only what it changes, so "left out" (keep the stored value) must differ from
`None` (clear it). Every operation, API door and agent tool uses this one marker, so a value
passed from one to the other keeps its meaning.
"""

from __future__ import annotations

from typing import Final, final


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
