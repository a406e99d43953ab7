"""Hostile values in any field of any input model are refused under that field, never a server
error, and nothing is stored: a lone UTF-16 surrogate, a value of the wrong JSON type, a text one
character over its limit (docs/api.md, "Input strictness").

Every input model is found by walking core.inputs.Input's subclasses (tests/inputs.py); each is
validated as ninja validates a body (the JSON a client sends, decoded), and a sample of the same
values goes through the real API routes."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from frontdesk.core.api import api
from frontdesk.core.inputs import Input, keyed_errors
from frontdesk.core.models import LogEntry
from tests.inputs import input_models

# One value of each JSON type, and the JSON schema types that accept it.
JSON_VALUES: list[tuple[Any, set[str]]] = [
    (True, {"boolean"}),
    (7, {"integer", "number"}),
    (1.5, {"number"}),
    ("text", {"string"}),
    ([], {"array"}),
    ({}, {"object"}),
]
JSON_TYPE = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}
LONE_SURROGATES = st.sampled_from(["\ud800", "a\udfff", "\udbff\udbff"])


def resolved(schema: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = {
            **definitions[schema["$ref"].rsplit("/", 1)[1]],
            **{k: v for k, v in schema.items() if k != "$ref"},
        }
    return schema


def branches(schema: dict[str, Any], definitions: dict[str, Any]) -> list[dict[str, Any]]:
    """The alternatives a field's schema allows (anyOf flattened, references followed)."""
    schema = resolved(schema, definitions)
    if "anyOf" in schema:
        return [found for branch in schema["anyOf"] for found in branches(branch, definitions)]
    return [schema]


def json_types(schema: dict[str, Any], definitions: dict[str, Any]) -> set[str] | None:
    """The JSON types a field takes; None when it takes any value."""
    types: set[str] = set()
    for branch in branches(schema, definitions):
        if "type" in branch:
            types.add(branch["type"])
        elif "enum" in branch or "const" in branch:
            types |= {JSON_TYPE[type(value)] for value in branch.get("enum", [branch.get("const")])}
        else:
            return None
    return types


def text_limit(schema: dict[str, Any], definitions: dict[str, Any]) -> int | None:
    limits = [
        b["maxLength"]
        for b in branches(schema, definitions)
        if b.get("type") == "string" and "maxLength" in b
    ]
    return max(limits) if limits else None


def hostile_values(schema: dict[str, Any], definitions: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Values the field must refuse: a lone surrogate (as itself, in a translation, in a list),
    a value of a JSON type it does not take, a text one character over its limit."""
    types = json_types(schema, definitions)
    choices: list[st.SearchStrategy[Any]] = [
        LONE_SURROGATES,
        LONE_SURROGATES.map(lambda text: {"en": text}),
        LONE_SURROGATES.map(lambda text: [text]),
    ]
    if types is not None:
        wrong = [value for value, takes in JSON_VALUES if not takes & types]
        if wrong:
            choices.append(st.sampled_from(wrong))
    limit = text_limit(schema, definitions)
    if limit is not None:
        choices.append(st.just("x" * (limit + 1)))
    return st.one_of(choices)


def fields_of(model: type[Input]) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    schema = model.model_json_schema()
    return [(name, value, schema.get("$defs", {})) for name, value in schema.get("properties", {}).items()]


MODELS = [model for model in input_models() if model.model_fields]  # BlockValues itself has none
FIELDS = [
    (model, name, schema, definitions) for model in MODELS for name, schema, definitions in fields_of(model)
]


def as_ninja_reads_it(body: dict[str, Any]) -> Any:
    """The body as a client sends it (a lone surrogate as its escape) and the API decodes it."""
    return json.loads(json.dumps(body))


def refused_under(field: str, errors: dict[str, list[str]]) -> bool:
    return any(key == field or key.startswith(field + ".") for key in errors)


def test_every_input_model_is_under_test():
    assert len(MODELS) > 30 and len(FIELDS) > 150


@pytest.mark.parametrize("model", MODELS, ids=[model.__name__ for model in MODELS])
def test_a_hostile_value_in_any_field_is_refused_under_that_field(model):
    @settings(max_examples=25, deadline=None)
    @given(data=st.data())
    def check(data):
        name, schema, definitions = data.draw(st.sampled_from(fields_of(model)), label="field")
        value = data.draw(hostile_values(schema, definitions), label="value")
        with pytest.raises(ValidationError) as refused:
            model.model_validate(as_ninja_reads_it({name: value}))
        errors = keyed_errors((item["loc"], item["type"], item["msg"]) for item in refused.value.errors())
        # QuestionBody answers a value's refusal under the value's own name (faq/inputs.py).
        assert refused_under(name, errors) or (name == "values" and errors), (name, value, errors)

    check()


# --- through the real routes --------------------------------------------------------------------


def body_routes() -> list[tuple[str, str, type[Input] | None]]:
    """(method, address, the input model of its body, None when it is none) of every API route
    that reads a JSON body."""
    by_name = {model.__name__: model for model in MODELS}
    routes = []
    for path, operations in api.get_openapi_schema()["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if body is None:
                continue
            # A body that may be left out ({"anyOf": [{"$ref": ...}, {"type": "null"}]}) is read
            # as its model.
            schema = body["schema"]
            refs = [branch.get("$ref", "") for branch in schema.get("anyOf", [schema])]
            name = next((ref for ref in refs if ref), "").rsplit("/", 1)[-1]
            address = re.sub(
                r"\{(\w+)\}", lambda m: {"entity": "inbox_submission", "group": "seo"}.get(m[1], "1"), path
            )
            routes.append((method, address, by_name.get(name)))
    return routes


ROUTES = body_routes()


def test_every_json_body_of_the_api_is_an_input_model():
    """So every body passes Input's checks; a plain dict or a ninja Schema would not."""
    assert [(method, address) for method, address, model in ROUTES if model is None] == []
    assert len(ROUTES) >= 30 and len({model for _m, _a, model in ROUTES}) >= 20


@pytest.fixture
def admin(admin_user) -> Client:
    client = Client()
    client.force_login(admin_user)
    return client


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
@pytest.mark.django_db
def test_a_hostile_value_sent_to_any_route_is_a_422_under_its_field_and_stores_nothing(admin, data):
    method, address, model = data.draw(st.sampled_from(ROUTES), label="route")
    assert model is not None
    name, schema, definitions = data.draw(st.sampled_from(fields_of(model)), label="field")
    value = data.draw(hostile_values(schema, definitions), label="value")
    logged = LogEntry.objects.count()
    response = getattr(admin, method)(address, json.dumps({name: value}), content_type="application/json")
    assert response.status_code == 422, (address, name, value, response.content[:300])
    errors = response.json()["errors"]
    assert refused_under(name, errors) or (name == "values" and errors), (address, name, errors)
    assert LogEntry.objects.count() == logged
