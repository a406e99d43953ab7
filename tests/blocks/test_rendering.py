"""render_content: blocks printed in order; a missing row, code or collection prints nothing."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from frontdesk.blocks.codes import BLOCK_CODES
from frontdesk.blocks.collections import COLLECTIONS
from frontdesk.blocks.content import clean_content
from frontdesk.blocks.models import BlockType
from frontdesk.blocks.rendering import render_content

pytestmark = pytest.mark.django_db


def render(blocks, language="en") -> str:
    return str(render_content(blocks, request=RequestFactory().get("/"), language=language))


def test_host_blocks_print_in_order(host_types):
    blocks = clean_content(
        [
            {"type": "heading", "values": {"text": "Welcome <home>", "level": 2}},
            {"type": "text", "values": {"text": "First line\nsame paragraph\n\nSecond"}},
            {"type": "heading", "values": {"text": "Small", "level": 3}},
        ],
        stored=None,
        language="en",
    )
    assert render(blocks) == (
        "<h2>Welcome &lt;home&gt;</h2>"
        '<div class="site-text"><p>First line<br>same paragraph</p>\n\n<p>Second</p></div>'
        "<h3>Small</h3>"
    )


def test_a_block_whose_row_or_code_is_missing_prints_nothing(host_types, test_types, snippets):
    blocks = clean_content(
        [
            {"type": "heading", "values": {"text": "Kept"}},
            {"type": "text", "values": {"text": "Row goes"}},
            {"type": "test-note", "values": {"text": "Code goes"}},
            {"type": "test-snippets", "values": {"group": "tips", "limit": 1}},
        ],
        stored=None,
        language="en",
    )
    BlockType.objects.filter(slug="text").delete()
    with BLOCK_CODES.scratch() as codes, COLLECTIONS.scratch() as collections:
        del codes["test-note"]
        del collections["test-snippets"]
        assert render(blocks) == "<h2>Kept</h2>"


def test_values_the_code_no_longer_accepts_and_junk_print_nothing(host_types):
    junk = [
        {"id": "a", "type": "heading", "values": {"text": "x" * 500}},
        {"id": "b", "type": "heading"},
        "not a block",
        {"id": "c", "type": "heading", "values": {"text": "Fine"}},
    ]
    assert render(junk) == "<h2>Fine</h2>"
    assert render(None) == render([]) == ""


def test_collection_items_reach_the_template_in_order_with_the_limit(test_types, snippets):
    blocks = clean_content(
        [
            {"type": "test-snippets", "values": {"group": "tips", "limit": 2}},
            {"type": "test-snippets", "values": {"group": "secret"}},
        ],
        stored=None,
        language="en",
    )
    assert render(blocks) == (
        '<ul class="site-snippets"><li>Tip 0</li><li>Tip 1</li></ul><ul class="site-snippets"><li>Hush</li></ul>'
    )


def test_each_block_makes_its_head_contributions(test_types, snippets, head_calls):
    blocks = clean_content(
        [
            {"type": "test-note", "values": {"text": "one"}},
            {"type": "test-snippets", "values": {"group": "tips", "limit": 1}},
            {"type": "test-note", "values": {"text": "two"}},
        ],
        stored=None,
        language="en",
    )
    render(blocks)
    assert head_calls == [("test-note", "one"), ("snippets-collection", ["Tip 0"]), ("test-note", "two")]


def test_blocks_print_in_the_language_asked_for(host_types):
    from django.utils import translation

    blocks = [{"id": "x", "type": "test-lang", "values": {}}]
    BlockType.objects.create(slug="test-lang", code="test-lang")
    from frontdesk.blocks.codes import BlockCode, BlockValues

    class LanguageBlock(BlockCode):
        slug = "test-lang"
        label = "Language"
        values = BlockValues

        def render(self, values, context):
            return f"{translation.get_language()}/{context['language']}"

    with BLOCK_CODES.temporarily("test-lang", LanguageBlock()):
        assert render(blocks, language="de") == "de/de"


@pytest.mark.parametrize("count", [1, 20])
def test_queries_do_not_grow_with_the_blocks(
    host_types, test_types, snippets, django_assert_num_queries, count
):
    given = [
        {"type": "heading", "values": {"text": "Hi"}},
        {"type": "text", "values": {"text": "Body"}},
        {"type": "test-snippets", "values": {"group": "tips", "limit": 20}},
    ] * count
    blocks = clean_content(given, stored=None, language="en")
    # One read of the types, one of the collection's items: for 3 blocks or 60.
    with django_assert_num_queries(2):
        html = render(blocks)
    assert html.count("<li>") == 20 * count
