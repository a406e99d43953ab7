"""The one paginator structure every list answers with (docs/architecture.md, "Lists"):

    {"rows": [...], "current_page": 2, "per_page": 25, "total": 240, "last_page": 10}

`last_page` is at least 1, so an empty list still has a page to show.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from django.db.models import QuerySet
from ninja import Schema
from pydantic import Field

from frontdesk.core.limits import DEFAULT_PER_PAGE, MAX_PER_PAGE
from frontdesk.core.lists import RowsInTurn

T = TypeVar("T")


class Page(Schema, Generic[T]):
    rows: list[T]
    current_page: int = Field(ge=1)
    per_page: int = Field(ge=1)
    total: int = Field(ge=0)
    last_page: int = Field(ge=1)


class PageQuery(Schema):
    page: int = Field(1, ge=1, le=1_000_000)
    per_page: int = Field(DEFAULT_PER_PAGE, ge=1, le=MAX_PER_PAGE)


def paginate(
    rows: QuerySet | RowsInTurn | Sequence,
    query: PageQuery,
    *,
    total: int | None = None,
    serialise: Callable[[Any], Any] | None = None,
) -> dict:
    """Cut one page out of `rows`; pass `total` when it is already known (kept counts)."""
    # len() of a RowsInTurn is its count; of a queryset it would read every row.
    count = total if total is not None else (rows.count() if isinstance(rows, QuerySet) else len(rows))
    last_page = max(1, math.ceil(count / query.per_page))
    start = (query.page - 1) * query.per_page
    chunk = list(rows[start : start + query.per_page])
    return {
        "rows": [serialise(row) for row in chunk] if serialise else chunk,
        "current_page": query.page,
        "per_page": query.per_page,
        "total": count,
        "last_page": last_page,
    }
