"""Block fixtures: installed block types (host types and the test module's), snippets to draw."""

from __future__ import annotations

import pytest

from frontdesk.blocks.models import BlockType
from tests.testapp.blocks import HEAD_CALLS
from tests.testapp.models import Snippet, SnippetGroup


def install(slug: str, code: str | None = None, name: str | None = None) -> BlockType:
    """A block type row as a site makes it (an offer's install is tested on its own)."""
    return BlockType.objects.create(
        slug=slug, code=code if code is not None else slug, name={"en": name or slug}
    )


@pytest.fixture
def host_types(db) -> dict[str, BlockType]:
    return {slug: install(slug) for slug in ("heading", "text")}


@pytest.fixture
def test_types(db) -> dict[str, BlockType]:
    return {slug: install(slug) for slug in ("test-snippets", "test-note")}


@pytest.fixture
def snippets(db) -> None:
    SnippetGroup.objects.create(slug="tips", name="Tips")
    SnippetGroup.objects.create(slug="secret", name="Secret", hidden=True)
    for position in range(30):
        Snippet.objects.create(group="tips", text=f"Tip {position}", position=position)
    Snippet.objects.create(group="secret", text="Hush", position=0)


@pytest.fixture(autouse=True)
def head_calls():
    HEAD_CALLS.clear()
    yield HEAD_CALLS
    HEAD_CALLS.clear()
