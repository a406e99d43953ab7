"""The FAQ's inputs are strict (core/inputs.Input): "yes" or 1 does not publish a question, true
is not category 1, through the API (a 422 under the field) and the agent tools alike (the tools'
usual refusal, a line per field, not pydantic's report); nothing is stored (docs/api.md, "Input
strictness")."""

from __future__ import annotations

import pytest

from frontdesk.core.models import ApiToken
from frontdesk.faq.models import Question
from tests.faq.conftest import make_category, make_question
from tests.mcp_client import refusal

pytestmark = pytest.mark.django_db

FAQ = "/api/cms/faq/questions"


def post(client, path: str, body: dict):
    return client.post(path, body, content_type="application/json")


@pytest.mark.parametrize("published", ["yes", "true", 1, 0, "1"])
def test_a_question_is_not_published_by_a_value_that_is_no_boolean(admin_client, published):
    values = {"question": "Shipping?", "answer": "<p>In three days.</p>", "published": published}
    response = post(admin_client, FAQ, {"values": values})
    assert response.status_code == 422, response.content
    assert list(response.json()["errors"]) == ["published"]
    assert not Question.all_objects.exists()


def test_true_is_not_category_1(admin_client):
    make_category("Shipping")
    response = post(admin_client, FAQ, {"values": {"question": "Shipping?", "categories": [True]}})
    assert response.status_code == 422
    assert list(response.json()["errors"]) == ["categories"]
    assert not Question.all_objects.exists()


def test_values_of_the_right_type_are_read_as_before(admin_client):
    response = post(admin_client, FAQ, {"values": {"question": "Shipping?", "published": False}})
    assert response.status_code == 201, response.content


@pytest.fixture
def faq_secret(make_user) -> str:
    return ApiToken.issue(make_user("faq.view", "faq.manage"), "agent", ["faq:read", "faq:write"])[1]


@pytest.mark.live
def test_a_tool_argument_of_the_wrong_type_gets_the_tools_usual_refusal(
    live_server_url, transactional_db, faq_secret
):
    arguments = {"question": "Shipping?", "answer": "<p>In three days.</p>", "published": "yes"}
    said = refusal(live_server_url, faq_secret, "faq_create", arguments)
    assert said == "Some values are not valid.\npublished: Input should be a valid boolean"
    said = refusal(live_server_url, faq_secret, "faq_create", {"question": "Shipping?", "categories": [True]})
    assert said.startswith("Some values are not valid.\ncategories.0: ")
    # A parameter of the tool's own, outside its input model, is judged the same way.
    question = make_question("Shipping?")
    said = refusal(
        live_server_url, faq_secret, "faq_update", {"id": question.pk, "published": 1, "dry_run": "no"}
    )
    assert said.startswith("Some values are not valid.\n")
    assert "dry_run: Input should be a valid boolean" in said and "published: " in said
    assert Question.all_objects.count() == 1 and not Question.objects.get().published
