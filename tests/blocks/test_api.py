"""The editor's API: installed types with their forms, and a picker's choices."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.blocks.models import BlockType
from frontdesk.core.models import ApiToken

pytestmark = pytest.mark.django_db

TYPES = "/api/cms/blocks/types"
PICKER = "/api/cms/blocks/pickers/test-snippets/groups"


def test_types_list_every_row_with_its_form_and_whether_its_code_is_there(client, make_user, host_types):
    BlockType.objects.create(slug="orphan", name={"en": "Orphan", "de": "Waise"}, code="gone")
    client.force_login(make_user(language="de"))
    answer = client.get(TYPES, HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 200
    by_slug = {item["slug"]: item for item in answer.json()}
    assert set(by_slug) == {"heading", "text", "orphan"}
    assert by_slug["orphan"] == {
        "slug": "orphan",
        "name": "Waise",
        "code": "gone",
        "has_code": False,
        "fields": [],
    }
    heading = by_slug["heading"]
    assert heading["has_code"] is True
    assert [field["name"] for field in heading["fields"]] == ["text", "level"]
    assert heading["fields"][0] == {
        "name": "text", "kind": "text", "label": "Text", "help": "", "required": True, "choices": [],
        "picker": None, "max_length": 200, "min": None, "max": None, "auto_on_empty": None, "default": None,
    }  # fmt: skip


def test_a_picker_answers_its_choices_with_hidden_ones_marked(client, make_user, snippets):
    client.force_login(make_user())
    assert client.get(PICKER).json() == [
        {"value": "secret", "label": "Secret", "hidden": True},
        {"value": "tips", "label": "Tips", "hidden": False},
    ]
    assert client.get("/api/cms/blocks/pickers/test-snippets/nope").json() == {
        "message": "There is no picker test-snippets/nope."
    }


def test_a_token_needs_the_blocks_read_scope(make_user, snippets):
    owner = make_user(is_superuser=True)
    _row, without = ApiToken.issue(owner, "no scope", ["inbox:read"])
    _row, reader = ApiToken.issue(owner, "reader", ["blocks:read"])
    assert Client().get(PICKER, HTTP_AUTHORIZATION=f"Bearer {without}").status_code == 403
    assert Client().get(PICKER, HTTP_AUTHORIZATION=f"Bearer {reader}").status_code == 200
