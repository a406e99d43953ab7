"""Head order with real blocks (issue 13, "what it must show"): a block code that adds JSON-LD through
the head collector prints it in the head of the default layout, two such blocks under one key make
ONE node; under a layout that prints the head first the page still answers whole, without JSON-LD
and without a log line above debug."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from tests.blocks.conftest import install
from tests.head import json_ld
from tests.testapp.models import BlockPost

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.testapp.urls")]

HEAD_FIRST = "testapp/head_first_layout.html"
QUESTIONS = ["Where is the harbour?", "When does the ferry leave?"]


@pytest.fixture
def post(db) -> BlockPost:
    install("test-question")
    install("heading")
    blocks = [
        {"id": "q1", "type": "test-question", "values": {"question": QUESTIONS[0]}},
        {"id": "h1", "type": "heading", "values": {"text": "Between the questions", "level": 2}},
        {"id": "q2", "type": "test-question", "values": {"question": QUESTIONS[1]}},
    ]
    return BlockPost.objects.create(title="Harbour questions", content={"en": blocks})


def test_two_blocks_under_one_key_print_one_merged_node_in_the_head_of_the_default_layout(
    client: Client, post
):
    response = client.get(f"/test-posts/{post.pk}/")
    assert response.status_code == 200
    head, _sep, body = response.content.decode().partition("</head>")
    pages = [node for node in json_ld(head) if node.get("@type") == "FAQPage"]
    assert len(pages) == 1
    assert [question["name"] for question in pages[0]["mainEntity"]] == QUESTIONS
    assert json_ld(body) == []
    assert body.count('class="test-question"') == 2 and "<h2>Between the questions</h2>" in body


def test_under_a_layout_that_prints_the_head_first_the_content_is_whole_and_no_json_ld_is_printed(
    client: Client, post, settings, caplog
):
    settings.FRONTDESK = {**settings.FRONTDESK, "site": {"layout": HEAD_FIRST}}
    with caplog.at_level(logging.DEBUG):
        response = client.get(f"/test-posts/{post.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert json_ld(html) == []
    _head, _sep, body = html.partition("</head>")
    assert body.count('class="test-question"') == 2
    assert "<h2>Between the questions</h2>" in body
    assert '<p class="test-end">End of the post.</p>' in body
    assert [record.getMessage() for record in caplog.records if record.levelno > logging.DEBUG] == []
    assert any("dropped" in record.getMessage() for record in caplog.records)
