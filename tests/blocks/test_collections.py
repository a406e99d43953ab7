"""The collections contract: pickers for the editor, items in a batch per collection."""

from __future__ import annotations

import dataclasses

import pytest
from django.core.exceptions import PermissionDenied

from frontdesk.blocks.collections import COLLECTIONS, Choice, picker_choices
from frontdesk.blocks.content import clean_content
from frontdesk.blocks.rendering import render_content
from frontdesk.core.errors import NotFound
from tests.testapp.blocks import COLLECTION, SnippetValues

pytestmark = pytest.mark.django_db


def test_a_picker_lists_hidden_items_too_and_marks_them(snippets, make_user):
    assert picker_choices(make_user(), "test-snippets", "groups", language="en") == [
        Choice("secret", "Secret", hidden=True),
        Choice("tips", "Tips", hidden=False),
    ]


def test_an_unknown_collection_or_picker_is_not_found(make_user):
    for collection, picker in [("nope", "groups"), ("test-snippets", "nope")]:
        with pytest.raises(NotFound, match=f"There is no picker {collection}/{picker}."):
            picker_choices(make_user(), collection, picker, language="en")


def test_a_collection_may_ask_a_permission_to_read_its_choices(snippets, make_user):
    guarded = dataclasses.replace(COLLECTION, permission="blocks.manage")
    with COLLECTIONS.scratch() as collections:
        collections["test-snippets"] = guarded
        with pytest.raises(PermissionDenied):
            picker_choices(make_user(), "test-snippets", "groups", language="en")
        assert len(picker_choices(make_user("blocks.manage"), "test-snippets", "groups", language="en")) == 2


@pytest.mark.parametrize("count", [1, 20])
def test_items_for_any_number_of_values_take_one_query(snippets, django_assert_num_queries, count):
    values = [SnippetValues(group="tips", limit=count), SnippetValues(group="secret")] * count
    with django_assert_num_queries(1):
        found = COLLECTION.items(values, "en")
    assert [len(items) for items in found] == [count, 1] * count


def test_the_collection_is_called_once_for_all_its_blocks_of_a_page(test_types, snippets, monkeypatch):
    calls = []
    original = COLLECTION.items

    def counting(values_list, language):
        calls.append([values.group for values in values_list])
        return original(values_list, language)

    blocks = clean_content(
        [{"type": "test-snippets", "values": {"group": group}} for group in ("tips", "secret", "tips")],
        stored=None,
        language="en",
    )
    with COLLECTIONS.scratch() as collections:
        collections["test-snippets"] = dataclasses.replace(COLLECTION, items=counting)
        render_content(blocks, request=None, language="en")
    assert calls == [["tips", "secret", "tips"]]
