"""Page fixtures: the host's block types installed, pages made through the operations."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from frontdesk.blocks.models import BlockType
from frontdesk.pages import operations
from frontdesk.pages.models import Page


@pytest.fixture
def host_types(db) -> dict[str, BlockType]:
    return {
        slug: BlockType.objects.create(slug=slug, code=slug, name={"en": slug})
        for slug in ("heading", "text")
    }


def heading(text: str, level: int = 2) -> dict:
    return {"type": "heading", "values": {"text": text, "level": level}}


def text(body: str) -> dict:
    return {"type": "text", "values": {"text": body}}


@pytest.fixture
def editor(make_user):
    return make_user("pages.view", "pages.manage", display_name="Edda Editor")


@pytest.fixture
def make_page(db, host_types) -> Callable[..., Page]:
    def make(
        slug: str | dict = "about", title: str | dict = "About us", *, publish: bool = False, **values
    ) -> Page:
        page = operations.create_page(
            actor=None,
            values={
                "title": {"en": title} if isinstance(title, str) else title,
                "slug": {"en": slug} if isinstance(slug, str) else slug,
                **values,
            },
        )
        return operations.publish_page(page, actor=None) if publish else page

    return make
