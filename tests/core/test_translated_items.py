"""core/fields.merge_translated_items and TranslatedItemsField: list items holding a text per
language (an event's highlight cards), merged item by id and then by language."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.core.fields import merge_translated_items
from tests.testapp.models import Outing

KEYS = ("heading", "line")
STORED = [
    {"id": "hands", "heading": {"en": "Hands on", "de": "Zum Anfassen"}, "line": {"en": "Bring gloves"}},
    {"id": "out", "heading": {"en": "Outdoors"}, "line": {}},
]


def merge(sent, stored=STORED):
    return merge_translated_items(stored, sent, keys=KEYS, required=("heading",))


def test_a_plain_string_is_the_default_languages_text_and_keeps_the_others():
    assert merge([{"id": "hands", "heading": "Try it"}])[0]["heading"] == {
        "en": "Try it",
        "de": "Zum Anfassen",
    }


def test_null_for_a_key_removes_its_every_language_and_null_for_the_list_empties_it():
    assert merge([{"id": "hands", "line": None}])[0]["line"] == {}
    assert merge(None) == []


def test_an_id_the_list_does_not_hold_is_a_new_item_keeping_that_id():
    assert merge([{"id": "fresh", "heading": {"de": "Neu"}}]) == [
        {"id": "fresh", "heading": {"de": "Neu"}, "line": {}}
    ]


def test_new_items_get_ids_no_item_had():
    merged = merge([{"heading": "One"}, {"heading": "Two"}])

    ids = [item["id"] for item in merged]
    assert len(set(ids)) == 2 and not set(ids) & {"hands", "out"}


def test_the_item_order_is_the_order_sent():
    assert [item["id"] for item in merge([{"id": "out"}, {"id": "hands"}])] == ["out", "hands"]


def test_texts_are_trimmed_as_every_translated_text():
    assert merge([{"id": "out", "line": {"ru": "  Под открытым небом  "}}])[0]["line"] == {
        "ru": "Под открытым небом"
    }


def test_a_stored_list_of_another_shape_is_refused_by_the_field():
    outing = Outing(title={"en": "Walk"}, highlights=[{"id": "a", "heading": {"xx": "?"}}])

    with pytest.raises(ValidationError) as refused:
        outing.full_clean()

    assert "highlights" in refused.value.message_dict


@pytest.mark.parametrize(
    "highlights",
    [{"id": "a"}, [{"heading": {"en": "no id"}}], [{"id": "a"}, {"id": "a"}], [{"id": "a", "colour": "red"}]],
)
def test_every_bad_stored_shape_is_refused(highlights):
    with pytest.raises(ValidationError):
        Outing(title={"en": "Walk"}, highlights=highlights).full_clean()
