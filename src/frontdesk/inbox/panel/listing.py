"""The list's address: filters and page read from the query string and written back into links,
so Back, a bookmark or a shared link restores the same form, tab, filters and page.

A bad value never reaches the queries: it is reported per key (the messages come from
queries.parse_filter, the one place that judges them) and the list falls back to its tab alone.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urlencode

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from frontdesk.inbox import queries

# A page deeper than this is not a real request; the API's pager stops at the same depth.
MAX_PAGE = 1_000_000


@dataclass(frozen=True)
class ListAddress:
    filter: queries.SubmissionFilter
    page: int = 1
    errors: dict[str, list[str]] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)  # what the address said, to fill the inputs

    def params(self, **changes: Any) -> dict[str, str]:
        """The address's parameters; `tab=` or `page=` given here replace the current ones."""
        page = changes.pop("page", self.page)
        flt = replace(self.filter, **changes) if changes else self.filter
        params = flt.as_params()
        if page and int(page) > 1:
            params["page"] = str(page)
        return params

    def query(self, **changes: Any) -> str:
        """`?tab=...&page=...` for a link, or "" when everything is at its default."""
        params = self.params(**changes)
        return f"?{urlencode(params)}" if params else ""


def _number(text: str) -> int | None:
    """The whole number `text` spells in ASCII digits (capped, so no huge conversion), else None."""
    text = text.strip()
    if not re.fullmatch(r"[0-9]+", text):
        return None
    return int(text) if len(text) <= 12 else 10**12


def _page(raw: object) -> int:
    text = str(raw or "").strip()
    if not text:
        return 1
    number = _number(text)
    if not number:
        raise ValidationError({"page": [_("Give a page number above zero.")]})
    return min(number, MAX_PAGE)


def read_address(params: Mapping[str, str]) -> ListAddress:
    """The filter and page an address names, with every bad value reported under its key."""
    typed = {key: str(params.get(key, "")) for key in (*queries.FILTER_KEYS, "page")}
    errors: dict[str, list[str]] = {}
    for key in queries.FILTER_KEYS:
        try:
            queries.parse_filter({key: typed[key]})
        except ValidationError as error:
            errors.update(error.message_dict)
    try:
        page = _page(typed["page"])
    except ValidationError as error:
        errors.update(error.message_dict)
        page = 1
    if not errors:
        try:
            return ListAddress(queries.parse_filter(typed), page, typed=typed)
        except ValidationError as error:  # rules between keys, such as since after until
            errors.update(error.message_dict)
    # The list is then shown without filters, but on the tab the address named when that was good.
    tab = (
        queries.SubmissionFilter().tab if "tab" in errors else queries.parse_filter({"tab": typed["tab"]}).tab
    )
    return ListAddress(queries.SubmissionFilter(tab=tab), 1, errors, typed)
