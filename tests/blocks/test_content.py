"""clean_content: the one rule for a block list of one language."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.blocks.content import MAX_BLOCKS, MAX_VALUES_BYTES, clean_content
from frontdesk.blocks.models import BlockType
from tests.blocks.conftest import install

pytestmark = pytest.mark.django_db


def refusal(given, stored=None) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        clean_content(given, stored=stored, language="en")
    return caught.value.message_dict


def test_new_blocks_get_distinct_url_safe_ids_and_their_cleaned_values(host_types):
    cleaned = clean_content(
        [
            {"type": "heading", "values": {"text": "  Hello   there ", "level": 3}},
            {"type": "text", "values": {}},
        ],
        stored=None,
        language="en",
    )
    assert [block["type"] for block in cleaned] == ["heading", "text"]
    assert cleaned[0]["values"] == {"text": "Hello there", "level": 3}
    assert cleaned[1]["values"] == {"text": ""}
    ids = [block["id"] for block in cleaned]
    assert len(set(ids)) == 2
    assert all(
        len(block_id) == 12 and block_id.replace("-", "").replace("_", "").isalnum() for block_id in ids
    )


def test_a_stored_block_keeps_its_id_through_edits_and_moves(host_types):
    first = clean_content(
        [{"type": "heading", "values": {"text": "A"}}, {"type": "text", "values": {"text": "B"}}],
        stored=None,
        language="en",
    )
    heading, text = first
    again = clean_content(
        [
            {"id": text["id"], "values": {"text": "B2"}},
            {"id": heading["id"], "type": "heading", "values": {"text": "A"}},
        ],
        stored=first,
        language="en",
    )
    assert [(block["id"], block["type"], block["values"]) for block in again] == [
        (text["id"], "text", {"text": "<p>B2</p>"}),  # plain text is kept as rich text paragraphs
        (heading["id"], "heading", {"text": "A", "level": 2}),
    ]


def test_a_block_left_out_is_removed(host_types):
    first = clean_content([{"type": "text", "values": {"text": "x"}}] * 2, stored=None, language="en")
    assert clean_content([first[1]], stored=first, language="en") == [first[1]]


def test_a_new_block_may_bring_its_own_well_formed_id(host_types):
    cleaned = clean_content([{"id": "intro-1", "type": "text", "values": {}}], stored=None, language="en")
    assert cleaned[0]["id"] == "intro-1"
    assert refusal([{"id": "no spaces!", "type": "text", "values": {}}]) == {
        "content.0.id": ["A block id is 1 to 32 letters, digits, '-' or '_'."]
    }


def test_two_blocks_with_one_id_are_refused(host_types):
    given = [{"id": "same", "type": "text", "values": {}}, {"id": "same", "type": "text", "values": {}}]
    assert refusal(given) == {"content.1.id": ["Two blocks have the id same."]}


def test_values_are_refused_under_the_blocks_index_and_the_values_name(host_types):
    errors = refusal(
        [
            {"type": "heading", "values": {"text": "Fine"}},
            {"type": "heading", "values": {"text": "   ", "level": 4}},
            {"type": "text", "values": {"text": "x", "colour": "red"}},
        ]
    )
    assert errors["content.1.text"] == ["Give the heading a text."]
    assert list(errors) == ["content.1.text", "content.1.level", "content.2.colour"]


def test_a_new_block_of_a_type_not_installed_or_without_code_is_refused(db):
    install("orphan", code="gone-module")
    assert refusal([{"type": "nothing", "values": {}}, {"type": "orphan", "values": {}}]) == {
        "content.0.type": ["There is no installed block type nothing."],
        "content.1.type": ["There is no installed block type orphan."],
    }


def test_a_stored_block_whose_type_went_missing_is_kept_as_it_was(host_types):
    stored = clean_content([{"type": "heading", "values": {"text": "Old"}}], stored=None, language="en")
    BlockType.objects.filter(slug="heading").delete()
    kept = clean_content(
        [{"id": stored[0]["id"], "values": {"text": "Changed"}}], stored=stored, language="en"
    )
    assert kept == stored


def test_a_block_keeps_its_type(host_types):
    stored = clean_content([{"type": "heading", "values": {"text": "Old"}}], stored=None, language="en")
    assert refusal([{"id": stored[0]["id"], "type": "text", "values": {}}], stored=stored) == {
        "content.0.type": ["A block keeps its type: remove it and add a block of the other type."]
    }


def test_the_codes_own_check_refuses_under_the_value(test_types, snippets):
    assert refusal([{"type": "test-snippets", "values": {"group": "nope"}}]) == {
        "content.0.group": ["There is no group nope."]
    }
    cleaned = clean_content(
        [{"type": "test-snippets", "values": {"group": "tips"}}], stored=None, language="en"
    )
    assert cleaned[0]["values"] == {"group": "tips", "limit": 10}


@pytest.mark.parametrize(
    ("given", "errors"),
    [
        ({"type": "text"}, {"content": ["Give the blocks as a list."]}),
        (["text"], {"content.0": ["Give each block as an object with a type and values."]}),
        ([{"type": "text", "values": {}, "extra": 1}], {"content.0": ["Unknown key in a block: extra."]}),
        ([{"values": {}}], {"content.0.type": ["Name the block's type."]}),
        ([{"type": "text", "values": []}], {"content.0.values": ["Give the block's values as an object."]}),
        (
            [{"type": "text", "values": {"text": "a\x00b"}}],
            {"content.0.text": ["Remove the NUL character from this text."]},
        ),
    ],
)
def test_bad_shapes_are_refused_with_a_message_under_their_place(host_types, given, errors):
    assert refusal(given) == errors


def test_the_limits_on_blocks_and_value_sizes(host_types):
    assert refusal([{"type": "text", "values": {}}] * (MAX_BLOCKS + 1)) == {
        "content": [f"A list holds at most {MAX_BLOCKS} blocks."]
    }
    assert refusal([{"type": "text", "values": {"text": "x" * MAX_VALUES_BYTES}}]) == {
        "content.0.values": ["A block's values may take at most 64 KB."]
    }
    assert (
        len(clean_content([{"type": "text", "values": {}}] * MAX_BLOCKS, stored=None, language="en"))
        == MAX_BLOCKS
    )


def test_types_are_read_in_one_query_however_many_blocks(host_types, django_assert_num_queries):
    with django_assert_num_queries(1):
        clean_content([{"type": "heading", "values": {"text": "x"}}] * 50, stored=None, language="en")
