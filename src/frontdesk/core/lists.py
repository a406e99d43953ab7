"""A list read from several querysets in turn, for an order no single index can walk.

    rows = RowsInTurn(undated.order_by("id"), dated.order_by("starts_at", "id"))
    Paginator(rows, 25).page(3)            # or core/api/pagination.paginate(rows, query)

Every row of the first queryset comes before every row of the second, and so on; each queryset
keeps its own order. Django's `Paginator` and the API's `paginate` take it as they take a
queryset: `count()` is one COUNT per part (counted once), and a slice asks only the parts the
slice reaches, each with its own LIMIT and OFFSET; a slice from the first row (`rows[:3]`) counts
nothing, reading each part in turn until it is full. Iterating reads every part in turn.

It exists for the events' Upcoming list (events/queries.py): "no date first, then the nearest
start" is `ORDER BY starts_at ASC NULLS FIRST`, which PostgreSQL's plain index (NULLS LAST) does
not walk, so it read and sorted every event to come; read as the undated events, then the dated
ones, each part walks the index in order and a page reads about a page of rows
(docs/performance.md, "Events panel at 100k events").
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Generic, TypeVar, overload

from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)


class RowsInTurn(Generic[M]):
    def __init__(self, *parts: QuerySet[M]) -> None:
        self.parts = parts

    @cached_property
    def sizes(self) -> list[int]:
        return [part.count() for part in self.parts]

    def count(self) -> int:
        return sum(self.sizes)

    def __len__(self) -> int:
        return self.count()

    @overload
    def __getitem__(self, index: int) -> M: ...

    @overload
    def __getitem__(self, index: slice) -> list[M]: ...

    def __getitem__(self, index: int | slice) -> M | list[M]:
        if isinstance(index, int):
            found = self[index : index + 1] if index >= 0 else self[len(self) + index :][:1]
            if not found:
                raise IndexError(index)
            return found[0]
        if index.step not in (None, 1):
            raise ValueError("RowsInTurn is sliced with a step of 1 only.")
        start, stop = index.start or 0, index.stop
        if start < 0 or (stop is not None and stop < 0):
            start, stop, _step = index.indices(len(self))
        rows: list[M] = []
        for position, part in enumerate(self.parts):
            if stop is not None and stop <= 0:
                break
            if start:  # rows before the slice: this part's size says whether it holds any
                size = self.sizes[position]
                rows += part[start:stop] if start < size else []
                start, stop = max(start - size, 0), None if stop is None else stop - size
            else:  # from this part's first row: read until the slice is full, no count needed
                taken = list(part[:stop])
                rows += taken
                stop = None if stop is None else stop - len(taken)
        return rows

    def __iter__(self) -> Iterator[M]:
        for part in self.parts:
            yield from part
