"""core/lists.RowsInTurn: querysets read one after the other as one list that Django's Paginator
and the API's paginate cut into pages, asking each part only for the rows a page takes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.paginator import Paginator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.lists import RowsInTurn

pytestmark = pytest.mark.django_db


@pytest.fixture
def in_turn() -> RowsInTurn[Group]:
    """Eleven groups read as "b" ones by name descending, then "a" ones by name ascending."""
    for name in ["a1", "a2", "a3", "a4", "a5", "a6", "b1", "b2", "b3", "b4", "b5"]:
        Group.objects.create(name=name)
    return RowsInTurn(
        Group.objects.filter(name__startswith="b").order_by("-name"),
        Group.objects.filter(name__startswith="a").order_by("name"),
    )


def names(groups) -> list[str]:
    return [group.name for group in groups]


ORDER = ["b5", "b4", "b3", "b2", "b1", "a1", "a2", "a3", "a4", "a5", "a6"]


def test_the_parts_are_read_in_turn_each_in_its_own_order(in_turn):
    assert names(in_turn) == ORDER
    assert in_turn.count() == len(in_turn) == 11
    assert names(in_turn[3:8]) == ORDER[3:8]  # across the seam
    assert names(in_turn[6:100]) == ORDER[6:] and in_turn[20:30] == []
    assert in_turn[0].name == "b5" and in_turn[5].name == "a1" and in_turn[-1].name == "a6"
    with pytest.raises(IndexError):
        in_turn[11]


def test_a_page_asks_only_the_parts_it_reaches_and_counts_once(in_turn):
    with CaptureQueriesContext(connection) as asked:
        assert in_turn.count() == 11
        assert names(in_turn[0:4]) == ORDER[0:4]
        assert names(in_turn[7:11]) == ORDER[7:11]
    assert len(asked) == 2 + 1 + 1  # a COUNT per part, then one SELECT for each page


def test_djangos_paginator_and_the_apis_paginate_take_it_as_a_queryset(in_turn):
    page = Paginator(in_turn, 4).page(2)
    assert names(page.object_list) == ORDER[4:8] and page.paginator.num_pages == 3
    answer = paginate(in_turn, PageQuery(page=3, per_page=4))
    assert names(answer["rows"]) == ORDER[8:] and answer["total"] == 11 and answer["last_page"] == 3


def test_the_first_rows_are_read_part_by_part_without_counting(in_turn):
    with CaptureQueriesContext(connection) as asked:
        assert names(in_turn[:3]) == ORDER[:3]
    assert len(asked) == 1  # the first part holds them: one SELECT, no COUNT
    with CaptureQueriesContext(connection) as asked:
        assert names(in_turn[:7]) == ORDER[:7]
    assert len(asked) == 2 and "COUNT" not in " ".join(query["sql"] for query in asked)
