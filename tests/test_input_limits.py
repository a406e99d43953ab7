"""Every text of every input model has a limit: a walk over every subclass of core.inputs.Input of
every installed app (the category types' models, block values, nested models and translated
values included) fails on a string without a maximum length (docs/api.md, "Input strictness")."""

from __future__ import annotations

from typing import Any

import pytest

from frontdesk.core.limits import MAX_TITLE_LENGTH
from frontdesk.pages.models import Page
from frontdesk.services.models import Service
from tests.inputs import input_models


def unbounded_strings(schema: Any, definitions: dict[str, Any], where: str, seen: set[str]) -> list[str]:
    """The locations in a JSON schema where a string may be of any length."""
    if isinstance(schema, list):
        return [found for item in schema for found in unbounded_strings(item, definitions, where, seen)]
    if not isinstance(schema, dict):
        return []
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        if name in seen:
            return []
        return unbounded_strings(definitions[name], definitions, where, seen | {name})
    found = []
    if (
        schema.get("type") == "string"
        and "maxLength" not in schema
        and "enum" not in schema
        and "const" not in schema
    ):
        found.append(where or "(the model)")
    for name, value in schema.get("properties", {}).items():
        found += unbounded_strings(value, definitions, f"{where}.{name}".lstrip("."), seen)
    for key in ("anyOf", "oneOf", "allOf"):
        found += unbounded_strings(schema.get(key, []), definitions, where, seen)
    if isinstance(schema.get("items"), dict):
        found += unbounded_strings(schema["items"], definitions, f"{where}.<item>".lstrip("."), seen)
    if isinstance(schema.get("additionalProperties"), dict):
        found += unbounded_strings(
            schema["additionalProperties"], definitions, f"{where}.<key>".lstrip("."), seen
        )
    return found


def test_the_walk_finds_the_models_of_every_module():
    names = {model.__name__ for model in input_models()}
    assert {"PageChange", "ServiceChange", "QuestionValuesIn", "FormChange", "FieldIn", "SeoCardIn",
            "GroupIn", "PictureChange", "NoteIn", "MeIn", "FaqCategoryChange", "BlocksEditIn"} <= names  # fmt: skip


def test_every_text_of_every_input_model_has_a_limit():
    unbounded = {}
    for model in input_models():
        schema = model.model_json_schema()
        found = unbounded_strings(schema, schema.get("$defs", {}), "", set())
        if found:
            unbounded[f"{model.__module__}.{model.__qualname__}"] = sorted(set(found))
    assert not unbounded, unbounded


# --- the limits at work --------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_page_title_is_bounded_as_a_service_title_is(admin_client):
    def create(path: str, title: str, slug: str):
        body = {"title": {"en": title}, "slug": {"en": slug}}
        return admin_client.post(path, body, content_type="application/json")

    for path in ("/api/cms/pages", "/api/cms/services"):
        huge = create(path, "x" * 2_000_000, "huge")
        assert huge.status_code == 422 and list(huge.json()["errors"]) == ["title.en"], huge.content[:300]
        over = create(path, "x" * (MAX_TITLE_LENGTH + 1), "over")
        assert over.status_code == 422
        assert over.json()["errors"] == {"title": ["Keep each language's text to at most 200 characters."]}
        assert create(path, "x" * MAX_TITLE_LENGTH, "fits").status_code == 201
    assert Page.objects.count() == 1 and Service.objects.count() == 1
