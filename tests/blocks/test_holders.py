"""Block holders: how many rows of each module use each block type."""

from __future__ import annotations

import pytest

from frontdesk.blocks.holders import BLOCK_HOLDERS, usage
from tests.testapp.models import BlockPost

pytestmark = pytest.mark.django_db


def test_each_holder_counts_its_rows_per_type_in_one_query(django_assert_num_queries):
    BlockPost.objects.create(title="a", content={"en": [{"id": "1", "type": "text", "values": {}}]})
    BlockPost.objects.create(
        title="b",
        content={
            "en": [{"id": "1", "type": "text", "values": {}}],
            "de": [{"id": "2", "type": "heading", "values": {}}],
        },
    )
    with django_assert_num_queries(len(BLOCK_HOLDERS.all())):  # one per holder (pages, when installed)
        counted = usage(["text", "heading", "unused"])
    assert counted["test-posts"] == {"text": 2, "heading": 1, "unused": 0}
