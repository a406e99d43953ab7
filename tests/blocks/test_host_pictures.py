"""The host's text block as rich text and its picture block: values cleaned when saved, a picture
that is not in the library refused, both printed with the library's renditions (srcset), and the
pictures of every block of a page read in ONE query however many blocks."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from frontdesk.blocks.codes import BLOCK_CODES
from frontdesk.blocks.content import clean_content
from frontdesk.blocks.holders import picture_keys_in
from frontdesk.blocks.rendering import render_content
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture
from tests.blocks.conftest import install
from tests.picture_files import picture_file


@pytest.fixture
def types(host_types):
    return {**host_types, "picture": install("picture")}


@pytest.fixture
def harbour(db, media):
    return create_picture(
        actor=None, values={"file": picture_file(1200, 800), "alt": {"en": "The harbour", "de": "Der Hafen"}}
    )


def render(blocks, language="en") -> str:
    return str(render_content(blocks, request=RequestFactory().get("/"), language=language))


def test_a_text_block_is_rich_text_cleaned_on_the_way_in(types, harbour):
    (block,) = clean_content(
        [
            {
                "type": "text",
                "values": {
                    "text": f'<p onclick="x()">Hi <strong>there</strong></p><script>alert(1)</script><img data-picture="{harbour.key}" src="http://evil/x.png" alt="">'
                },
            }
        ],
        stored=None,
        language="en",
    )
    assert (
        block["values"]["text"]
        == f'<p>Hi <strong>there</strong></p><img data-picture="{harbour.key}" alt="">'
    )
    (plain,) = clean_content(
        [{"type": "text", "values": {"text": "One < two & three\nfour\n\nFive"}}], stored=None, language="en"
    )
    assert plain["values"]["text"] == "<p>One &lt; two &amp; three<br>four</p>\n\n<p>Five</p>"
    (empty,) = clean_content(
        [{"type": "text", "values": {"text": "<p><br></p>"}}], stored=None, language="en"
    )
    assert empty["values"]["text"] == "" and render([empty]) == ""


def test_a_picture_block_names_a_picture_of_the_library(types, harbour):
    with pytest.raises(ValidationError) as refused:
        clean_content(
            [{"type": "picture", "values": {"picture": "nosuchpicture"}}], stored=None, language="en"
        )
    assert refused.value.message_dict == {
        "content.0.picture": ["There is no picture nosuchpicture in the library."]
    }
    (block,) = clean_content(
        [{"type": "picture", "values": {"picture": harbour.key, "caption": "  At dawn\n "}}],
        stored=None,
        language="en",
    )
    assert block["values"] == {"picture": harbour.key, "caption": "At dawn"}


def test_text_and_picture_blocks_print_the_pictures_renditions_and_a_removed_one_drops_out(types, harbour):
    blocks = clean_content(
        [
            {"type": "text", "values": {"text": f'<p>Look:</p><img data-picture="{harbour.key}" alt="">'}},
            {"type": "picture", "values": {"picture": harbour.key, "caption": "At dawn"}},
        ],
        stored=None,
        language="en",
    )
    html = render(blocks, language="de")
    assert re.search(
        rf'<div class="site-text"><p>Look:</p><img src="/media/pictures/{harbour.key}/[^"]+-1200w.jpg" srcset="[^"]+" sizes="[^"]+" width="1200" height="800" alt="Der Hafen"',
        html,
    )
    assert re.search(
        rf'<figure class="site-picture"><img src="/media/pictures/{harbour.key}/[^"]+" srcset="[^"]+320w, [^"]+" sizes="\(max-width: 1200px\) 100vw, 1200px" width="1200" height="800" alt="Der Hafen" loading="lazy"><figcaption>At dawn</figcaption></figure>',
        html,
    )
    Picture.objects.filter(key=harbour.key).delete()  # gone past the operations: the page stands
    assert render(blocks) == '<div class="site-text"><p>Look:</p></div>'


@pytest.mark.parametrize("count", [1, 20])
def test_the_pictures_of_every_block_are_read_in_one_query(types, media, count, django_assert_num_queries):
    pictures = [
        create_picture(actor=None, values={"file": picture_file(320, 240)}) for _ in range(min(count, 3))
    ]
    given = []
    for number in range(count):
        key = pictures[number % len(pictures)].key
        given.append(
            {"type": "text", "values": {"text": f'<p>{number}</p><img data-picture="{key}" alt="">'}}
        )
        given.append({"type": "picture", "values": {"picture": key}})
    blocks = clean_content(given, stored=None, language="en")
    with CaptureQueriesContext(connection) as queries:
        html = render(blocks)
    assert html.count("<img ") == 2 * count
    assert len(queries) == 2  # the block types, the pictures
    assert sum("core_picture" in query["sql"] for query in queries.captured_queries) == 1


def test_a_holder_finds_the_pictures_a_block_list_prints(types, harbour):
    other = create_picture(actor=None, values={"file": picture_file()})
    blocks = clean_content(
        [
            {"type": "text", "values": {"text": f'<img data-picture="{harbour.key}" alt="">'}},
            {"type": "picture", "values": {"picture": other.key}},
            {"type": "heading", "values": {"text": "No picture"}},
        ],
        stored=None,
        language="en",
    )
    assert picture_keys_in(blocks) == {harbour.key, other.key}
    assert (
        picture_keys_in([{"type": "gone", "values": {"picture": "x"}}, "junk"])
        == set()
        == picture_keys_in(None)
    )


def test_the_editor_gets_a_rich_text_box_and_a_picture_field():
    text = BLOCK_CODES["text"].describe()["fields"]
    picture = BLOCK_CODES["picture"].describe()["fields"]
    assert [(field["name"], field["kind"]) for field in text] == [("text", "richtext")]
    assert [(field["name"], field["kind"], field["required"]) for field in picture] == [
        ("picture", "picture", True),
        ("caption", "text", False),
    ]
