"""The host's one order rule (core/ordering.reorder), on the test app's snippets: the list names
every row once and the rows take positions 1..n; any other list is refused under its location
and changes nothing."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.core.ordering import OrderWords, reorder
from tests.testapp.models import Snippet

pytestmark = pytest.mark.django_db


@pytest.fixture
def snippets() -> list[Snippet]:
    return [Snippet.objects.create(group="a", text=text, position=n) for n, text in enumerate("xyz", start=1)]


def positions() -> dict[str, int]:
    return dict(Snippet.objects.filter(group="a").values_list("text", "position"))


def test_the_rows_take_the_order_named(snippets):
    x, y, z = snippets
    ordered = reorder(Snippet.objects.filter(group="a"), [z.pk, x.pk, y.pk])
    assert [row.text for row in ordered] == ["z", "x", "y"]
    assert positions() == {"z": 1, "x": 2, "y": 3}


def test_only_the_rows_that_moved_are_written(snippets):
    x, y, z = snippets
    with CaptureQueriesContext(connection) as queries:
        reorder(Snippet.objects.filter(group="a"), [x.pk, z.pk, y.pk])
    updates = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("UPDATE")]
    assert len(updates) == 1 and str(z.pk) in updates[0] and str(x.pk) not in updates[0].split("WHERE")[1]
    assert positions() == {"x": 1, "z": 2, "y": 3}


def test_the_same_order_writes_nothing(snippets):
    with CaptureQueriesContext(connection) as queries:
        reorder(Snippet.objects.filter(group="a"), [row.pk for row in snippets])
    assert not [q for q in queries.captured_queries if q["sql"].lstrip().upper().startswith("UPDATE")]


def test_another_location(snippets):
    x = snippets[0]
    with pytest.raises(ValidationError) as refused:
        reorder(Snippet.objects.filter(group="a"), [x.pk], location="order")
    assert refused.value.message_dict == {"order": ["Name every item exactly once."]}


@pytest.mark.parametrize(
    "make_ids",
    [
        lambda x, y, z, other: "1,2,3",
        lambda x, y, z, other: [x.pk, y.pk, True],
        lambda x, y, z, other: [x.pk, y.pk, str(z.pk)],
        lambda x, y, z, other: [x.pk, y.pk, 0],
        lambda x, y, z, other: [x.pk, y.pk, 2**63],
    ],
    ids=["not a list", "a bool", "a string", "zero", "beyond any id"],
)
def test_a_list_that_is_not_of_ids_is_refused(snippets, make_ids):
    other = Snippet.objects.create(group="b", text="o")
    with pytest.raises(ValidationError) as refused:
        reorder(Snippet.objects.filter(group="a"), make_ids(*snippets, other))
    assert refused.value.message_dict == {"ids": ["Give the order as a list of ids."]}
    assert positions() == {"x": 1, "y": 2, "z": 3}


@pytest.mark.parametrize(
    "make_ids",
    [
        lambda x, y, z, other: [x.pk, y.pk],
        lambda x, y, z, other: [x.pk, y.pk, z.pk, z.pk],
        lambda x, y, z, other: [x.pk, y.pk, z.pk, other.pk],
        lambda x, y, z, other: [x.pk, y.pk, other.pk],
    ],
    ids=["incomplete", "repeated", "a foreign id added", "a foreign id instead"],
)
def test_a_list_that_does_not_name_every_row_once_is_refused(snippets, make_ids):
    other = Snippet.objects.create(group="b", text="o")
    with pytest.raises(ValidationError) as refused:
        reorder(Snippet.objects.filter(group="a"), make_ids(*snippets, other))
    assert refused.value.message_dict == {"ids": ["Name every item exactly once."]}
    assert positions() == {"x": 1, "y": 2, "z": 3}


def test_a_module_names_its_rows_and_the_ids_not_among_them(snippets):
    x, y, z = snippets
    words = OrderWords(incomplete="Name every snippet exactly once.", missing="There is no snippet %(ref)s.")
    rows = Snippet.objects.filter(group="a")
    with pytest.raises(ValidationError) as refused:
        reorder(rows, [x.pk, y.pk, z.pk, 999_999, 999_999], words=words)
    assert refused.value.message_dict == {"ids": ["There is no snippet 999999."]}
    with pytest.raises(ValidationError) as refused:
        reorder(rows, [x.pk, y.pk], words=words)
    assert refused.value.message_dict == {"ids": ["Name every snippet exactly once."]}
