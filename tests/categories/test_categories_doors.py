"""Shared categories through the API router and the Categories screen, as the test app mounts them
(/api/cms/testapp/topics, /api/cms/testapp/happening-categories; /cms/testapp-topics/)."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.categories import operations
from frontdesk.categories.models import Category
from tests.clients import client_for
from tests.testapp.categories import HAPPENING, HAPPENINGS_MANAGE, TOPIC, TOPICS_EDIT, TOPICS_MANAGE
from tests.testapp.models import TopicQuestion

pytestmark = pytest.mark.django_db

TOPICS = "/api/cms/testapp/topics"
HAPPENINGS = "/api/cms/testapp/happening-categories"


@pytest.fixture
def manager(make_user) -> Client:
    return client_for(make_user(TOPICS_MANAGE))


def topic(name: str, *, shown: bool = True, items: int = 0) -> Category:
    category = operations.create_category(TOPIC, actor=None, values={"name": {"en": name}, "is_shown": shown})
    for number in range(items):
        TopicQuestion.objects.create(text=f"{name} {number}").categories.add(category)
    return category


def names(client: Client, path: str = TOPICS, **query) -> list[str]:
    return [row["name_text"] for row in client.get(path, query).json()]


# --- The API ----------------------------------------------------------------------------------


def test_the_list_is_in_order_with_item_counts_and_hidden_ones_marked(manager):
    topic("Shipping", items=2)
    topic("Returns", shown=False)
    rows = manager.get(TOPICS).json()
    assert [(row["name_text"], row["items"], row["is_shown"], row["position"]) for row in rows] == [
        ("Shipping", 2, True, 1),
        ("Returns", 0, False, 2),
    ]
    assert rows[0]["slug"] is None and rows[0]["addresses"] is None  # a type without addresses


def test_create_update_and_the_refusals_in_the_shared_shape(manager):
    created = manager.post(TOPICS, {"name": {"en": "Shipping"}}, content_type="application/json")
    assert created.status_code == 201 and created.json()["position"] == 1
    pk = created.json()["id"]
    changed = manager.put(f"{TOPICS}/{pk}", {"name": {"de": "Versand"}}, content_type="application/json")
    assert changed.json()["name"] == {"en": "Shipping", "de": "Versand"}
    refused = manager.put(f"{TOPICS}/{pk}", {"slug": {"en": "x"}}, content_type="application/json")
    assert refused.status_code == 422  # a type without addresses has no slug in its body at all
    missing = manager.post(TOPICS, {"is_shown": True}, content_type="application/json")
    assert missing.status_code == 422 and "name" in missing.json()["errors"]
    assert manager.put(f"{TOPICS}/999999", {"name": "X"}, content_type="application/json").status_code == 404


def test_deleting_a_category_that_holds_items_answers_409_with_the_count(manager):
    category = topic("Shipping", items=3)
    refused = manager.delete(f"{TOPICS}/{category.pk}")
    assert refused.status_code == 409
    assert refused.json() == {"message": "The topic Shipping holds 3 question(s).", "in_use": 3}
    assert names(manager) == ["Shipping"]


def test_an_empty_category_is_binned_listed_in_the_bin_and_restored_at_the_end(manager):
    shipping, _returns = topic("Shipping"), topic("Returns")
    assert manager.delete(f"{TOPICS}/{shipping.pk}").status_code == 204
    assert names(manager) == ["Returns"]
    binned = manager.get(TOPICS, {"trashed": "true"}).json()
    assert [(row["name_text"], row["in_bin"]) for row in binned] == [("Shipping", True)]
    assert manager.delete(f"{TOPICS}/{shipping.pk}").status_code == 404
    restored = manager.post(f"{TOPICS}/{shipping.pk}/restore")
    assert restored.status_code == 200 and restored.json()["in_bin"] is False
    assert names(manager) == ["Returns", "Shipping"]
    assert manager.post(f"{TOPICS}/{shipping.pk}/restore").status_code == 404  # not in the bin


def test_reorder_through_the_api_takes_the_whole_set(manager):
    a, b, c = topic("A"), topic("B"), topic("C")
    done = manager.post(f"{TOPICS}/reorder", {"ids": [c.pk, a.pk, b.pk]}, content_type="application/json")
    assert done.status_code == 200 and [row["name_text"] for row in done.json()] == ["C", "A", "B"]
    partial = manager.post(f"{TOPICS}/reorder", {"ids": [a.pk]}, content_type="application/json")
    assert partial.status_code == 422 and partial.json()["errors"] == {
        "ids": ["Name every category of the list exactly once."]
    }
    assert names(manager) == ["C", "A", "B"]


def test_the_picker_lists_hidden_categories_marked_for_an_editor(make_user):
    topic("Shipping")
    topic("Internal", shown=False)
    editor = Client()
    editor.force_login(make_user(TOPICS_EDIT))
    picked = editor.get(f"{TOPICS}/picker")
    assert [(row["name_text"], row["is_shown"]) for row in picked.json()] == [
        ("Shipping", True),
        ("Internal", False),
    ]
    assert editor.get(TOPICS).status_code == 403  # the editor does not manage the categories


def test_a_type_with_addresses_answers_slugs_and_addresses(make_user):
    client = Client()
    client.force_login(make_user(HAPPENINGS_MANAGE))
    created = client.post(
        HAPPENINGS,
        {"name": {"en": "Workshops"}, "introduction": {"en": "Hands on."}},
        content_type="application/json",
    ).json()
    assert created["slug"] == {"en": "workshops"} and created["introduction"] == {"en": "Hands on."}
    assert created["addresses"] == {
        "en": "/happenings/workshops",
        "de": "/de/happenings/workshops",
        "ru": "/ru/happenings/workshops",
    }
    taken = client.post(
        HAPPENINGS, {"name": "Other", "slug": {"en": "workshops"}}, content_type="application/json"
    )
    assert taken.status_code == 422 and list(taken.json()["errors"]) == ["slug"]
    assert Category.objects.filter(type=HAPPENING).count() == 1


def test_the_openapi_document_shows_each_types_bodies(admin_client):
    document = admin_client.get("/api/cms/openapi.json").json()
    schemas = document["components"]["schemas"]
    assert set(schemas["TestTopicCategoryIn"]["properties"]) == {"name", "is_shown", "extra"}
    assert schemas["TestTopicCategoryIn"]["required"] == ["name"]
    assert {"slug", "introduction"} <= set(schemas["TestHappeningCategoryChange"]["properties"])
    delete = document["paths"][f"{TOPICS}/{{category}}"]["delete"]
    assert "409" in delete["responses"]
    assert "in_use" in schemas["ErrorOut"]["properties"]


# --- The screen -------------------------------------------------------------------------------


def test_the_screen_lists_the_categories_with_counts_and_edits_one(manager):
    shipping = topic("Shipping", items=2)
    topic("Internal", shown=False)
    page = manager.get("/cms/testapp-topics/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Shipping" in text and "2 items" in text and "Hidden" in text
    assert 'id="fd-categories-order"' in text and "New category" in text
    assert 'id="project-fields"' in text
    editing = manager.get("/cms/testapp-topics/", {"category": shipping.pk}).content.decode()
    assert (
        "Edit Shipping" in editing and f'data-id="{shipping.pk}"' in editing and "Put into the bin" in editing
    )
    assert manager.get("/cms/testapp-topics/", {"category": "999999"}).status_code == 404
    assert manager.get("/cms/testapp-topics/", {"category": "nonsense"}).status_code == 404


def test_the_bin_tab_lists_binned_categories_with_restore(manager):
    operations.bin_category(topic("Old"), actor=None)
    page = manager.get("/cms/testapp-topics/bin/").content.decode()
    assert "Old" in page and "Restore Old" in page


def test_the_screen_of_a_type_with_addresses_has_slug_and_introduction(make_user):
    client = Client()
    client.force_login(make_user(HAPPENINGS_MANAGE))
    page = client.get("/cms/testapp-happenings/").content.decode()
    assert 'name="slug.en"' in page and 'name="introduction.de"' in page
    assert client.get("/cms/testapp-topics/").status_code == 403
