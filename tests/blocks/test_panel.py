"""The Block types screen: each row with its code and how many rows of each holder use it."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from frontdesk.blocks.holders import BLOCK_HOLDERS
from frontdesk.blocks.models import BlockType
from tests.testapp.models import BlockPost

pytestmark = pytest.mark.django_db


def cells(html: str, slug: str) -> list[str]:
    """The texts of the table row of `slug`, tags and extra spaces taken out."""
    row = re.search(rf'<tr data-block-type="{slug}">(.*?)</tr>', html, re.S)
    assert row, f"no row for {slug}"
    found = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row.group(1), re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in found]


@pytest.fixture
def manager_client(client, make_user):
    client.force_login(make_user("blocks.manage"))
    return client


def test_the_screen_lists_types_with_code_state_and_use_counts(manager_client, host_types):
    BlockType.objects.create(slug="orphan", name={"en": "Orphan"}, code="gone")
    BlockPost.objects.create(title="a", content={"en": [{"id": "1", "type": "heading", "values": {}}]})
    BlockPost.objects.create(
        title="b",
        content={
            "de": [{"id": "1", "type": "heading", "values": {}}, {"id": "2", "type": "orphan", "values": {}}]
        },
    )
    answer = manager_client.get(reverse("panel:panel-blocks:index"))
    assert answer.status_code == 200
    html = answer.content.decode()
    # One column per registered holder, in their order (the pages app's, when installed, holds none).
    holders = [holder.name for holder in BLOCK_HOLDERS.all()]
    assert "test-posts" in holders

    def used(posts: int) -> list[str]:
        return [str(posts if name == "test-posts" else 0) for name in holders]

    assert cells(html, "heading") == ["heading", "heading", "Installed heading", *used(2)]
    assert cells(html, "text") == ["text", "text", "Installed text", *used(0)]
    assert cells(html, "orphan") == ["Orphan", "orphan", "Missing gone", *used(1)]
    assert 'data-offer="inbox-form"' in html


def test_queries_do_not_grow_with_the_types(manager_client, host_types):
    def count() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert manager_client.get(reverse("panel:panel-blocks:index")).status_code == 200
        return len(captured)

    before = count()
    for number in range(10):
        BlockType.objects.create(slug=f"more-{number}", code="text")
    assert count() == before


def test_the_editor_tag_prints_the_element_its_addresses_and_its_words():
    import json

    from django.template import engines
    from django.utils import translation

    with translation.override("de"):
        html = (
            engines["django"]
            .from_string('{% load blocks_editor %}{% blocks_editor "page-editor" name="content" %}')
            .render({})
        )
    assert 'id="page-editor"' in html and 'data-name="content"' in html
    assert 'data-types-url="/api/cms/blocks/types"' in html
    assert 'data-picker-url="/api/cms/blocks/pickers/COLLECTION/PICKER"' in html
    words = json.loads(
        re.search(r'<script id="page-editor-strings" type="application/json">(.*?)</script>', html).group(1)
    )
    assert words["add"] == "Block hinzufügen"


def test_the_sandbox_is_offered_only_when_types_are_installed(manager_client, db):
    assert (
        'id="blocks-sandbox"' not in manager_client.get(reverse("panel:panel-blocks:index")).content.decode()
    )
    BlockType.objects.create(slug="text", code="text")
    assert 'id="blocks-sandbox"' in manager_client.get(reverse("panel:panel-blocks:index")).content.decode()
