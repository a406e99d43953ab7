"""What the FAQ block prints beyond its order (issue 14, items 6 and 7): answers' library pictures
at their current address without a re-save, no script surviving, a site's own question view
printing a project field in German, and queries that do not grow with questions or blocks."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.faq.models import Question
from frontdesk.pictures.operations import create_picture, update_picture_file
from tests.faq.conftest import make_question
from tests.faq.pages import all_titles, faq, install_faq_type, markup_names, publish_page
from tests.picture_files import picture_file
from tests.project_fields import TAGLINE, project_fields

pytestmark = pytest.mark.django_db


def picture_answer(key: str) -> str:
    return f'<p>Look:</p><img data-picture="{key}" alt="">'


def image_sources(html: str) -> list[str]:
    return re.findall(r'<div class="faq-answer">.*?<img src="([^"]+)"', html, re.S)


def test_an_answers_picture_prints_its_current_address_after_the_file_is_replaced(client, media):
    install_faq_type()
    picture = create_picture(actor=None, values={"file": picture_file()})
    make_question("What does it look like?", picture_answer(picture.key), published=True)
    publish_page([faq()])
    (before,) = image_sources(client.get("/questions").text)
    assert before.startswith(f"/media/pictures/{picture.key}/")
    update_picture_file(picture, actor=None, values={"file": picture_file(colour=(10, 90, 200))})
    html = client.get("/questions").text
    (after,) = image_sources(html)
    assert after != before and after.startswith(f"/media/pictures/{picture.key}/")
    # The FAQPage's answer is the printed one, with the same address.
    assert after in html.partition("</head>")[0].replace("\\u003C", "<").replace("\\u003E", ">")


def test_script_and_event_attributes_never_reach_the_page(client):
    install_faq_type()
    question = make_question(
        "Safe?",
        '<p onclick="steal()">Yes<script>alert(1)</script></p><a href="javascript:x()">x</a>',
        published=True,
    )
    publish_page([faq()])
    html = client.get("/questions").text
    body = html.partition("<body")[2]
    assert "onclick" not in body and "alert(1)" not in body and "javascript:" not in body
    # Written past the operations, it is cleaned again on the way out.
    Question.objects.filter(pk=question.pk).update(
        answer={"en": '<p onmouseover="steal()">Yes</p><script>alert(2)</script><img src=x onerror="y()">'}
    )
    html = client.get("/questions").text
    assert all(word not in html for word in ("onmouseover", "alert(2)", "onerror"))
    assert all_titles(html) == [["Safe?"]]


QUESTION_VIEW = """{% load project_fields %}<details class="faq-question" data-faq-anchor="{{ question.anchor }}">
<summary class="faq-question-title">{{ question.title }}</summary>
<p class="tagline">{{ question|extra:"tagline" }}</p></details>
"""


def test_an_overridden_question_view_prints_a_project_field_in_the_pages_language(client, settings, tmp_path):
    folder = tmp_path / "templates" / "faq" / "block"
    folder.mkdir(parents=True)
    (folder / "question.html").write_text(QUESTION_VIEW)
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [str(tmp_path / "templates")]}]
    install_faq_type()
    with project_fields(TAGLINE, screen="faq.form"):
        make_question(
            {"en": "Fast?", "de": "Schnell?"},
            {"en": "<p>Yes.</p>", "de": "<p>Ja.</p>"},
            published=True,
            extra={"tagline": {"en": "Quick help", "de": "Schnelle Hilfe"}},
        )
        publish_page([faq()])
        german = client.get("/de/questions-de").text
        english = client.get("/questions").text
    assert '<p class="tagline">Schnelle Hilfe</p>' in german
    assert '<p class="tagline">Quick help</p>' in english
    # The frame is still ours: only the question view was replaced.
    assert 'class="faq-block"' in german and "faq-answer" not in german


def many_questions(count: int, key: str) -> None:
    for number in range(count):
        make_question(f"Question {number}", picture_answer(key), published=True)


def queries_for(client, path: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(path)
    assert response.status_code == 200
    return len(captured.captured_queries)


@pytest.mark.parametrize("blocks", [1, 2])
def test_the_same_queries_for_10_and_for_200_questions(client, media, blocks):
    install_faq_type()
    pictures = [create_picture(actor=None, values={"file": picture_file(40, 30)}) for _ in range(3)]
    publish_page([faq(), faq(limit=150)][:blocks])
    many_questions(10, pictures[0].key)
    client.get("/questions")  # warm the caches (SEO group, routes)
    few = queries_for(client, "/questions")
    for number in range(190):
        make_question(f"More {number}", picture_answer(pictures[number % 3].key), published=True)
    html = client.get("/questions").text
    assert [len(titles) for titles in all_titles(html)] == [200, 150][:blocks]
    assert len(markup_names(html) or []) == 200
    assert queries_for(client, "/questions") == few


def test_a_second_block_adds_no_query(client, media):
    install_faq_type()
    picture = create_picture(actor=None, values={"file": picture_file(40, 30)})
    many_questions(5, picture.key)
    publish_page([faq()], slug="one")
    publish_page([faq(), faq(limit=2)], slug="two")
    client.get("/one")
    client.get("/two")
    assert queries_for(client, "/two") == queries_for(client, "/one")
