"""A picture a page prints, in a published or a drafted block or on its SEO card, is in use."""

from __future__ import annotations

import pytest

from frontdesk.blocks.models import BlockType
from frontdesk.core.errors import InUse
from frontdesk.pages import operations
from frontdesk.pictures.operations import create_picture, purge_picture
from tests.picture_files import picture_file


@pytest.fixture
def picture_type(host_types) -> BlockType:
    return BlockType.objects.create(slug="picture", code="picture", name={"en": "Picture"})


def picture_block(key: str) -> dict:
    return {"type": "picture", "values": {"picture": key}}


def test_a_picture_on_a_page_refuses_deletion_and_names_the_page(make_page, picture_type, media):
    shown, drafted, social, free = (
        create_picture(actor=None, values={"file": picture_file()}) for _ in range(4)
    )
    about = make_page("about", "About us", content={"en": [picture_block(shown.key)]}, publish=True)
    operations.update_page(
        about,
        actor=None,
        values={"content": {"de": [picture_block(drafted.key)]}},
        revision=about.revision,
    )
    make_page("team", "Team", seo={"image": social.key})
    for picture, where in (
        (shown, "Pages: About us"),
        (drafted, "Pages: About us"),
        (social, "Page SEO cards: Team"),
    ):
        with pytest.raises(InUse) as refused:
            purge_picture(picture, actor=None)
        assert refused.value.uses == [where]
    purge_picture(free, actor=None)  # a picture no page prints goes
