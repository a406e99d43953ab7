"""The services' panel API (/api/cms/services): thin doors over the operations, their bodies in the
OpenAPI document, the refusals in the host's one shape."""

from __future__ import annotations

import pytest

from frontdesk.core.api import api
from frontdesk.core.models import ApiToken
from frontdesk.services.models import Service
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db

BASE = "/api/cms/services"


def test_the_list_is_in_the_editors_order_with_addresses(editor_client):
    first, second = make_service("One", "one"), make_service("Two", {"en": "two", "de": "zwei"})
    editor_client.post(f"{BASE}/sorting", {"order": [second.pk, first.pk]}, content_type="application/json")
    rows = editor_client.get(BASE).json()
    assert [row["id"] for row in rows] == [second.pk, first.pk]
    assert rows[0]["addresses"] == {
        "en": "/services/two",
        "de": "/de/services/zwei",
        "ru": "/ru/services/two",
    }
    assert rows[0]["title_text"] == "Two" and rows[0]["deleted_at"] is None


def test_create_answers_201_and_a_bad_value_422_under_its_name(editor_client):
    response = editor_client.post(
        BASE, {"title": {"en": "Garden design"}, "lead": "Plans."}, content_type="application/json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["slug"] == {"en": "garden-design"} and body["lead"] == {"en": "Plans."}
    refused = editor_client.post(
        BASE, {"title": "X", "slug": {"en": "No Way"}}, content_type="application/json"
    )
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["slug"]
    missing = editor_client.post(BASE, {"lead": "No title"}, content_type="application/json")
    assert missing.status_code == 422 and "title" in missing.json()["errors"]
    taken = editor_client.post(BASE, {"title": "Y", "slug": "garden-design"}, content_type="application/json")
    assert taken.json()["errors"]["slug"][0] == "The address /services/garden-design is already taken."


def test_update_merges_by_language_and_keeps_what_is_not_named(editor_client):
    service = make_service({"en": "Garden", "de": "Garten"}, "garden", lead={"en": "Plans."})
    response = editor_client.put(
        f"{BASE}/{service.pk}",
        {"title": {"de": "Gartenplanung"}, "is_visible": False},
        content_type="application/json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["title"] == {"en": "Garden", "de": "Gartenplanung"}
    assert body["lead"] == {"en": "Plans."} and body["is_visible"] is False


def test_delete_puts_in_the_bin_which_the_list_shows_and_restore_brings_back(editor_client):
    service = make_service("Garden", "garden")
    assert editor_client.delete(f"{BASE}/{service.pk}").status_code == 204
    assert editor_client.get(BASE).json() == []
    assert editor_client.get(f"{BASE}/{service.pk}").status_code == 404
    binned = editor_client.get(BASE, {"trashed": "true"}).json()
    assert [row["id"] for row in binned] == [service.pk] and binned[0]["addresses"] == {}
    assert editor_client.delete(f"{BASE}/{service.pk}").status_code == 404
    restored = editor_client.post(f"{BASE}/{service.pk}/restore", content_type="application/json")
    assert restored.status_code == 200 and restored.json()["addresses"]["en"] == "/services/garden"
    assert editor_client.post(f"{BASE}/{service.pk}/restore").status_code == 404


@pytest.mark.parametrize("pk", [0, 2**63, 999999])
def test_an_unknown_or_impossible_id_is_404(editor_client, pk):
    assert editor_client.get(f"{BASE}/{pk}").status_code == 404
    assert editor_client.put(f"{BASE}/{pk}", {}, content_type="application/json").status_code == 404


def test_a_reorder_that_leaves_one_out_is_422(editor_client):
    one, _two = make_service("One", "one"), make_service("Two", "two")
    response = editor_client.post(f"{BASE}/sorting", {"order": [one.pk]}, content_type="application/json")
    assert response.status_code == 422 and "order" in response.json()["errors"]


def test_a_viewer_reads_but_may_not_change(client, viewer):
    service = make_service("Garden", "garden")
    client.force_login(viewer)
    assert client.get(f"{BASE}/{service.pk}").status_code == 200
    assert (
        client.put(f"{BASE}/{service.pk}", {"title": "X"}, content_type="application/json").status_code == 403
    )
    assert Service.objects.get().title == {"en": "Garden"}


def test_a_token_needs_the_services_scopes(client, editor):
    service = make_service("Garden", "garden")
    secret = ApiToken.issue(editor, "script", ["services:read"])[1]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert client.get(f"{BASE}/{service.pk}", **headers).status_code == 200
    assert client.delete(f"{BASE}/{service.pk}", **headers).status_code == 403


def test_the_bodies_are_in_the_openapi_document():
    document = api.get_openapi_schema()
    body = document["paths"][BASE]["post"]["requestBody"]["content"]["application/json"]["schema"]
    schema = document["components"]["schemas"][body["$ref"].rsplit("/", 1)[-1]]
    assert schema["required"] == ["title"]
    assert set(schema["properties"]) == {
        "title", "slug", "lead", "cover", "description", "seo", "is_visible", "extra",
    }  # fmt: skip
    assert "ServiceOut" in document["components"]["schemas"]
