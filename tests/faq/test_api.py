"""The FAQ's panel API (/api/cms/faq): a test per row of the spec's "States and transitions" and
"Errors" tables through the API, the list's filters, the two orders, the refusals' shapes and the
bodies in the OpenAPI document."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from frontdesk.core.api import api
from frontdesk.core.models import ApiToken
from frontdesk.faq.models import Placement, Question
from frontdesk.faq.operations import bin_question
from tests.faq.conftest import ANSWER, make_category, make_question
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.django_db

BASE = "/api/cms/faq/questions"
CATEGORIES = "/api/cms/faq/categories"
JSON = "application/json"


def snapshot() -> tuple:
    return (
        sorted(map(repr, Question.all_objects.values())),
        sorted(Placement.objects.values_list("question_id", "category_id", "position")),
    )


def post(client, path: str, body: dict[str, Any]):
    return client.post(path, body, content_type=JSON)


def put(client, pk: int, values: dict[str, Any]):
    return client.put(f"{BASE}/{pk}", {"values": values}, content_type=JSON)


# --- States and transitions ------------------------------------------------------------------


def test_a_first_save_creates_an_unpublished_question_at_the_end_with_its_anchor(editor_client):
    first = make_question("What do you ship?")
    response = post(
        editor_client,
        BASE,
        {"values": {"question": {"en": "How long does shipping take?"}, "answer": {"en": ANSWER}}},
    )
    assert response.status_code == 201
    body = response.json()
    row = body["question"]
    assert row["anchor"] == "how-long-does-shipping-take" and row["published"] is False
    assert row["visible_in"] == [] and row["question_text"] == "How long does shipping take?"
    assert body["values"]["answer"] == {"en": ANSWER} and body["values"]["anchor"] == row["anchor"]
    listed = editor_client.get(BASE).json()
    assert [item["id"] for item in listed] == [first.pk, row["id"]]


def test_a_question_may_be_published_at_creation(editor_client):
    values = {"question": "Returns?", "answer": {"en": ANSWER}, "published": True}
    row = post(editor_client, BASE, {"values": values}).json()["question"]
    assert row["published"] is True and row["visible_in"] == ["en"]


def test_publishing_needs_both_parts_in_some_language_and_shows_it_where_both_are(editor_client):
    question = make_question({"en": "Returns?", "de": "Rückgabe?"}, answer=None)
    refused = put(editor_client, question.pk, {"published": True})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["published"]
    assert not Question.objects.get().published
    answer = put(editor_client, question.pk, {"published": True, "answer": {"de": "<p>Ja.</p>"}})
    assert answer.status_code == 200
    assert answer.json()["question"]["visible_in"] == ["de"]


def test_unpublishing_takes_the_question_off_the_site_at_once(editor_client):
    question = make_question(published=True)
    row = put(editor_client, question.pk, {"published": False}).json()["question"]
    assert row["published"] is False and row["visible_in"] == []


def test_delete_puts_in_the_bin_keeping_the_anchor_and_restore_brings_it_back(editor_client):
    question = make_question(published=True)
    assert editor_client.delete(f"{BASE}/{question.pk}").status_code == 204
    assert editor_client.get(BASE).json() == []
    assert editor_client.get(f"{BASE}/{question.pk}").status_code == 404
    binned = editor_client.get(BASE, {"trashed": "true"}).json()
    assert [row["anchor"] for row in binned] == [question.anchor]
    assert binned[0]["deleted_at"] and binned[0]["visible_in"] == []
    # The anchor stays taken while the question sits in the bin.
    again = post(editor_client, BASE, {"values": {"question": question.question}}).json()
    assert again["question"]["anchor"] == f"{question.anchor}-2"
    restored = editor_client.post(f"{BASE}/{question.pk}/restore")
    assert restored.status_code == 200
    assert restored.json()["question"]["anchor"] == question.anchor
    assert restored.json()["question"]["deleted_at"] is None
    assert editor_client.post(f"{BASE}/{question.pk}/restore").status_code == 404


# --- Errors ---------------------------------------------------------------------------------


def test_an_invalid_value_is_422_under_its_name_and_nothing_is_written(editor_client):
    question = make_question()
    before = snapshot()
    cases = [
        ({"question": {"en": "x" * 301}}, "question"),
        ({"question": {"xx": "Hm?"}}, "question"),
        ({"published": "maybe"}, "published"),  # the wrong shape too, under the field's own name
        ({"answer": {"en": 5}}, "answer"),
        ({"categories": "3"}, "categories"),
    ]
    for values, name in cases:
        response = put(editor_client, question.pk, values)
        assert response.status_code == 422, values
        assert list(response.json()["errors"]) == [name], response.json()
        assert response.json()["message"] == "Some values are not valid."
    missing = post(editor_client, BASE, {"values": {"answer": {"en": ANSWER}}})
    assert missing.status_code == 422 and list(missing.json()["errors"]) == ["question"]
    assert snapshot() == before


def test_binning_a_category_that_holds_questions_is_409_with_the_count(client, category_manager):
    category = make_category("Shipping")
    for word in ("One", "Two", "Three"):
        make_question(f"{word}?", categories=[category.pk])
    client.force_login(category_manager)
    refused = client.delete(f"{CATEGORIES}/{category.pk}")
    assert refused.status_code == 409
    assert refused.json()["in_use"] == 3 and "3 questions" in refused.json()["message"]
    empty = make_category("Payment")
    assert client.delete(f"{CATEGORIES}/{empty.pk}").status_code == 204


def test_a_question_saved_back_as_read_while_its_category_is_binned_returns_to_it_with_the_category(
    client, make_user
):
    client.force_login(make_user("faq.view", "faq.manage", "faq.categories.manage"))
    returns, shipping = make_category("Returns"), make_category("Shipping")
    question = make_question("Refund?", categories=[returns.pk, shipping.pk])
    bin_question(question, actor=None)
    assert client.delete(f"{CATEGORIES}/{returns.pk}").status_code == 204
    assert client.post(f"{BASE}/{question.pk}/restore").status_code == 200
    # The editor's screen reads the question (Returns is not among its categories) and saves it.
    read = client.get(f"{BASE}/{question.pk}").json()["question"]
    assert read["categories"] == [shipping.pk]
    saved = put(client, question.pk, {"question": {"en": "Refunds?"}, "categories": read["categories"]})
    assert saved.status_code == 200
    assert client.post(f"{CATEGORIES}/{returns.pk}/restore").status_code == 200
    # Back in Returns, which is now last in the categories' order.
    assert client.get(f"{BASE}/{question.pk}").json()["question"]["categories"] == [shipping.pk, returns.pk]


def test_a_category_that_does_not_exist_is_422_under_categories_and_nothing_is_written(editor_client):
    category = make_category("Shipping")
    before = snapshot()
    response = post(
        editor_client, BASE, {"values": {"question": "Returns?", "categories": [category.pk, 987654]}}
    )
    assert response.status_code == 422
    assert response.json()["errors"] == {"categories": ["There is no category 987654."]}
    assert snapshot() == before


def test_a_create_failing_in_any_part_writes_nothing(editor_client):
    category = make_category("Shipping")
    before = snapshot()
    with project_fields(node("priority", "number", min=0, max=10), screen="faq.form"):
        response = post(
            editor_client,
            BASE,
            {
                "values": {
                    "question": "Returns?",
                    "answer": {"en": ANSWER},
                    "categories": [category.pk],
                    "published": True,
                    "extra": {"priority": 99},
                }
            },
        )
        assert response.status_code == 422 and list(response.json()["errors"]) == ["priority"]
        good = post(editor_client, BASE, {"values": {"question": "Returns?", "extra": {"priority": 3}}})
        assert good.status_code == 201 and good.json()["values"]["extra"] == {"priority": 3}
        Question.objects.filter(pk=good.json()["question"]["id"]).delete()
    assert snapshot() == before


def test_the_anchor_sent_back_unchanged_passes_and_another_is_422(editor_client):
    question = make_question()
    values = editor_client.get(f"{BASE}/{question.pk}").json()["values"]
    values["question"] = {"en": "Shipping times?"}
    saved = put(editor_client, question.pk, values)
    assert saved.status_code == 200 and saved.json()["values"]["anchor"] == question.anchor
    refused = put(editor_client, question.pk, {"anchor": "shipping-times"})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["anchor"]
    created = post(editor_client, BASE, {"values": {"question": "New?", "anchor": "chosen"}})
    assert created.status_code == 422 and list(created.json()["errors"]) == ["anchor"]
    assert Question.objects.get().anchor == question.anchor


# --- The list and the orders ----------------------------------------------------------------


def test_the_list_filters_by_category_in_its_order_by_words_and_shows_the_bin(editor_client):
    shipping, payment = make_category("Shipping"), make_category("Payment")
    one = make_question("Do you ship abroad?", categories=[shipping.pk, payment.pk])
    two = make_question("Can I pay by card?", categories=[payment.pk])
    three = make_question("Where is my parcel?", {"en": "<p>Ask the courier.</p>"}, categories=[shipping.pk])
    bin_question(make_question("Binned?"), actor=None)
    Placement.objects.filter(question=three, category=shipping).update(position=0)  # first in Shipping

    def ids(**query) -> list[int]:
        return [row["id"] for row in editor_client.get(BASE, query).json()]

    assert ids() == [one.pk, two.pk, three.pk]
    assert ids(category=shipping.pk) == [three.pk, one.pk]
    assert ids(search="COURIER") == [three.pk]
    assert ids(search="card", category=shipping.pk) == []
    assert [row["anchor"] for row in editor_client.get(BASE, {"trashed": "true"}).json()] == ["binned"]
    row = editor_client.get(BASE, {"category": payment.pk}).json()[0]
    assert row["categories"] == [shipping.pk, payment.pk]  # in the categories' order
    unknown = editor_client.get(BASE, {"category": 987654})
    assert unknown.status_code == 422 and list(unknown.json()["errors"]) == ["category"]


def test_reorder_the_whole_list_or_one_category_only(editor_client):
    shipping = make_category("Shipping")
    one, two, three = (
        make_question(f"{word}?", categories=[shipping.pk]) for word in ("One", "Two", "Three")
    )
    answer = post(
        editor_client, f"{BASE}/reorder", {"ids": [three.pk, one.pk, two.pk], "category": shipping.pk}
    )
    assert answer.status_code == 200
    assert [row["id"] for row in answer.json()] == [three.pk, one.pk, two.pk]
    assert [row["id"] for row in editor_client.get(BASE).json()] == [one.pk, two.pk, three.pk]
    whole = post(editor_client, f"{BASE}/reorder", {"ids": [two.pk, three.pk, one.pk], "category": None})
    assert [row["id"] for row in whole.json()] == [two.pk, three.pk, one.pk]
    in_shipping = editor_client.get(BASE, {"category": shipping.pk}).json()
    assert [row["id"] for row in in_shipping] == [three.pk, one.pk, two.pk]
    partial = post(editor_client, f"{BASE}/reorder", {"ids": [one.pk]})
    assert partial.status_code == 422 and list(partial.json()["errors"]) == ["ids"]
    unknown = post(editor_client, f"{BASE}/reorder", {"ids": [one.pk], "category": 987654})
    assert unknown.status_code == 422 and list(unknown.json()["errors"]) == ["category"]


# --- Refusals and permissions ---------------------------------------------------------------


@pytest.mark.parametrize("pk", [0, 2**63, 999999])
def test_an_unknown_or_impossible_id_is_404_in_the_one_shape(editor_client, pk):
    for response in (
        editor_client.get(f"{BASE}/{pk}"),
        put(editor_client, pk, {}),
        editor_client.delete(f"{BASE}/{pk}"),
        editor_client.post(f"{BASE}/{pk}/restore"),
    ):
        assert response.status_code == 404 and set(response.json()) == {"message"}


def test_a_viewer_reads_but_may_not_change(client, faq_viewer):
    question = make_question()
    before = snapshot()
    client.force_login(faq_viewer)
    assert client.get(BASE).status_code == 200
    assert client.get(f"{BASE}/{question.pk}").status_code == 200
    refusals = [
        post(client, BASE, {"values": {"question": "New?"}}),
        put(client, question.pk, {"published": True}),
        client.delete(f"{BASE}/{question.pk}"),
        post(client, f"{BASE}/reorder", {"ids": [question.pk]}),
    ]
    assert [response.status_code for response in refusals] == [403] * 4
    assert refusals[0].json() == {"message": "You may not do this."}
    assert snapshot() == before


def test_the_picker_is_readable_with_faq_view_only_and_the_categories_need_their_permission(
    client, faq_viewer
):
    make_category("Shipping", is_shown=False)
    client.force_login(faq_viewer)
    picker = client.get(reverse("cms-api:categories-faq-picker"))
    assert picker.status_code == 200
    assert [(row["name_text"], row["is_shown"]) for row in picker.json()] == [("Shipping", False)]
    assert client.get(CATEGORIES).status_code == 403
    assert post(client, CATEGORIES, {"name": "Payment"}).status_code == 403


def test_anonymous_is_401_and_a_token_needs_the_faq_scopes(client, editor):
    question = make_question()
    assert client.get(BASE).status_code == 401
    secret = ApiToken.issue(editor, "script", ["faq:read"])[1]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert client.get(f"{BASE}/{question.pk}", **headers).status_code == 200
    assert client.delete(f"{BASE}/{question.pk}", **headers).status_code == 403
    assert Question.objects.filter(pk=question.pk).exists()


def test_the_bodies_and_answers_are_in_the_openapi_document():
    document = api.get_openapi_schema()
    schemas = document["components"]["schemas"]
    body = document["paths"][BASE]["post"]["requestBody"]["content"]["application/json"]
    assert body["example"]["values"]["question"] == {"en": "How long does shipping take?"}
    wrapper = schemas[body["schema"]["$ref"].rsplit("/", 1)[-1]]
    values = schemas[wrapper["properties"]["values"]["$ref"].rsplit("/", 1)[-1]]
    assert set(values["properties"]) == {"question", "answer", "categories", "published", "anchor", "extra"}
    assert all(values["properties"][name].get("description") for name in values["properties"])
    assert {"QuestionOut", "QuestionRowOut", "ReorderIn"} <= set(schemas)
    assert "visible_in" in schemas["QuestionRowOut"]["properties"]
    assert 409 in document["paths"][f"{CATEGORIES}/{{category}}"]["delete"]["responses"]


def test_a_writer_who_may_not_read_learns_what_it_did_but_not_the_texts(client, make_user):
    question = make_question("Secret plans?", published=True)
    client.force_login(make_user("faq.manage"))
    assert client.get(f"{BASE}/{question.pk}").status_code == 403
    changed = put(client, question.pk, {"published": False})
    assert changed.status_code == 200 and changed.json()["question"]["published"] is False
    assert "Secret plans" not in changed.content.decode() and "Within three" not in changed.content.decode()
    client.delete(f"{BASE}/{question.pk}")
    restored = client.post(f"{BASE}/{question.pk}/restore")
    assert restored.status_code == 200 and "Secret plans" not in restored.content.decode()
