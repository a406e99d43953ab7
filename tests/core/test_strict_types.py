"""A value of the wrong JSON type is refused, never converted: "yes" or 1 is no boolean, true no
number, "7" no id (core/inputs.Input is strict). Through the API, a 422 under the field, and
nothing is stored (docs/api.md, "Input strictness"). The FAQ's cases, the agent tools' included,
are in tests/faq/test_strict_types.py."""

from __future__ import annotations

import pytest
from django.apps import apps

from frontdesk.inbox.models import Form
from tests.optional import needs

pytestmark = pytest.mark.django_db


def post(client, path: str, body: dict):
    return client.post(path, body, content_type="application/json")


@needs("pages")
@pytest.mark.parametrize("revision", [True, "1", 1.0])
def test_true_is_not_revision_1(admin_client, revision):
    from frontdesk.pages.operations import create_page

    page = create_page(actor=None, values={"title": {"en": "About"}, "slug": {"en": "about"}})
    assert page.revision == 1
    response = post(admin_client, f"/api/cms/pages/{page.pk}/publish", {"revision": revision})
    assert response.status_code == 422, response.content
    assert list(response.json()["errors"]) == ["revision"]
    assert apps.get_model("pages", "Page").objects.get().state == "draft"


def test_a_number_is_no_text_and_a_text_no_number(admin_client):
    response = admin_client.put(
        "/api/cms/me", {"display_name": 5, "panel_language": "en"}, content_type="application/json"
    )
    assert response.status_code == 422 and list(response.json()["errors"]) == ["display_name"]
    response = post(admin_client, "/api/cms/inbox/forms/sorting", {"order": ["1"]})
    assert response.status_code == 422 and list(response.json()["errors"]) == ["order.0"]


def test_a_refusal_is_under_the_field_not_under_a_branch_of_its_type(admin_client):
    response = post(admin_client, "/api/cms/inbox/forms", {"slug": "quote", "title": 5})
    assert response.status_code == 422
    assert list(response.json()["errors"]) == ["title"]  # not title.str, title.dict[str,nullable[str]]
    response = post(admin_client, "/api/cms/inbox/forms", {"slug": "quote", "title": {"en": 5}})
    assert list(response.json()["errors"]) == ["title.en"]
    assert not Form.objects.exists()


def test_an_unknown_key_is_refused_under_its_name_whatever_it_looks_like(admin_client):
    body = {"slug": "quote", "title": "Quote", "Title": "x", "str": 1}
    response = post(admin_client, "/api/cms/inbox/forms", body)
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"Title", "str"}


def test_values_of_the_right_type_are_read_as_before(admin_client):
    response = post(admin_client, "/api/cms/inbox/forms", {"slug": "quote", "title": {"en": "Quote"}})
    assert response.status_code == 201, response.content
