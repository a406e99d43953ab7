"""A picture shown in a FAQ answer is a use of it (issue 25, item 11), through the one mechanism
every rich text reports its pictures by (richtext/uses.register_rich_text_pictures): its
deletion is refused with 409 naming the question, as a page's text block refuses it."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.faq.operations import bin_question
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture
from frontdesk.pictures.uses import PICTURE_USES, uses_of
from tests.faq.conftest import make_question
from tests.picture_files import picture_file

pytestmark = pytest.mark.django_db


@pytest.fixture
def picture(media) -> Picture:
    return create_picture(actor=None, values={"file": picture_file(400, 300)})


@pytest.fixture
def picture_manager(make_user) -> Client:
    client = Client()
    # faq.view: a place is named only to an account that may open it (docs/host.md).
    client.force_login(make_user("core.pictures.manage", "faq.view"))
    return client


def test_a_picture_used_only_in_an_answer_is_not_deleted_and_the_refusal_names_the_question(
    picture, picture_manager
):
    question = make_question(
        "Where is the shop?", {"de": f'<p>Hier:</p><img data-picture="{picture.key}" alt="Laden">'}
    )
    answer = picture_manager.delete(f"/api/cms/pictures/{picture.key}")
    assert answer.status_code == 409, answer.content
    assert answer.json()["in_use"] == 1
    assert answer.json()["uses"] == ["FAQ answers: Where is the shop?"]
    assert Picture.objects.filter(key=picture.key).exists()
    (use,) = picture_manager.get(f"/api/cms/pictures/{picture.key}").json()["uses"]
    assert use["kind"] == "faq.answers" and use["url"] == f"/cms/faq/questions/{question.pk}/"


def test_a_question_in_the_bin_still_uses_its_answers_picture(picture):
    question = make_question("Where is the shop?", f'<img data-picture="{picture.key}" alt="">')
    bin_question(question, actor=None)
    assert [(kind.name, use.label) for kind, use in uses_of(picture.key)] == [
        ("faq.answers", "Where is the shop?")
    ]


def test_an_answer_that_only_mentions_the_key_as_a_word_does_not_use_the_picture(picture, picture_manager):
    make_question("What is the key?", f"<p>It is {picture.key}.</p>")
    assert uses_of(picture.key) == []
    assert picture_manager.delete(f"/api/cms/pictures/{picture.key}").status_code == 204


def test_every_modules_rich_text_reports_its_pictures_through_the_one_helper():
    from frontdesk.richtext.uses import rich_text_pictures

    helper_module = rich_text_pictures.__module__
    for name in ("faq.answers", "services", "core.categories"):
        assert PICTURE_USES.get(name).find.__module__ == helper_module, name
