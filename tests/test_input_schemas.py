"""One input per operation: for every changing operation that both the panel API and an agent tool
offer, the tool's parameters (as the MCP server lists them) and the API body (as the OpenAPI
document shows it) have the same names, types, limits, examples and descriptions
(docs/architecture.md, "Inputs")."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from frontdesk.core.inputs import NOT_GIVEN, NoteIn
from frontdesk.core.mcp.calls import Refusal
from frontdesk.core.mcp.registry import registered_tools, tool_spec
from frontdesk.core.mcp.server import _gather, build_mcp_server
from frontdesk.inbox.inputs import FormChange
from frontdesk.settings import OPTIONAL_APPS
from tests.optional import needs

# tool, the API route of the same operation, the tool's own parameters (what it acts on), and the
# properties each side has alone, by design, with the reason.
OPERATIONS: list[tuple[str, str, str, set[str], dict[str, str]]] = [
    ("inbox_form_save", "put", "/api/cms/inbox/forms/{form}", {"form"}, {}),
    ("services_create", "post", "/api/cms/services", set(), {}),
    ("services_update", "put", "/api/cms/services/{service}", {"service"}, {}),
    ("settings_update", "patch", "/api/cms/settings/{group}", {"group"}, {}),
    ("notes_add", "post", "/api/cms/entities/{entity}/{object_id}/notes", {"entity", "id"}, {}),
    # The shared categories' tools and router, as the test app mounts them for two types.
    ("testapp_topics_create", "post", "/api/cms/testapp/topics", set(), {}),
    ("testapp_topics_update", "put", "/api/cms/testapp/topics/{category}", {"category"}, {}),
    ("testapp_topics_reorder", "post", "/api/cms/testapp/topics/reorder", set(), {}),
    ("testapp_happening_categories_create", "post", "/api/cms/testapp/happening-categories", set(), {}),
    (
        "testapp_happening_categories_update",
        "put",
        "/api/cms/testapp/happening-categories/{category}",
        {"category"},
        {},
    ),
    (
        "testapp_happening_categories_reorder",
        "post",
        "/api/cms/testapp/happening-categories/reorder",
        set(),
        {},
    ),
    # The FAQ: the API's body holds the values under `values` (the panel's contract), which the
    # tools take as their own parameters (NESTED below).
    ("faq_create", "post", "/api/cms/faq/questions", set(), {}),
    ("faq_update", "put", "/api/cms/faq/questions/{question}", {"id"}, {}),
    ("faq_reorder", "post", "/api/cms/faq/questions/reorder", set(), {}),
    ("faq_categories_create", "post", "/api/cms/faq/categories", set(), {}),
    ("faq_categories_update", "put", "/api/cms/faq/categories/{category}", {"category"}, {}),
    ("faq_categories_reorder", "post", "/api/cms/faq/categories/reorder", set(), {}),
    ("pages_create", "post", "/api/cms/pages", set(), {}),
    ("events_create", "post", "/api/cms/events", set(), {}),
    # The API's save holds the values under `values` beside the revision; the tool takes the
    # revision beside the values as its own parameters (NESTED below).
    ("events_update", "put", "/api/cms/events/{event}", {"event", "revision"}, {}),
    ("events_duplicate", "post", "/api/cms/events/{event}/duplicate", {"event"}, {}),
    ("events_publish", "post", "/api/cms/events/{event}/publish", {"event"}, {}),
    ("events_unpublish", "post", "/api/cms/events/{event}/unpublish", {"event"}, {}),
    ("event_categories_create", "post", "/api/cms/events/categories", set(), {}),
    ("event_categories_update", "put", "/api/cms/events/categories/{category}", {"category"}, {}),
    ("event_categories_reorder", "post", "/api/cms/events/categories/reorder", set(), {}),
    ("pages_publish", "post", "/api/cms/pages/{page}/publish", {"page"}, {}),
    ("blocks_edit_content", "post", "/api/cms/pages/{page}/blocks", {"page"}, {}),
    (
        "inbox_set_status",
        "put",
        "/api/cms/inbox/submissions/{submission}",
        {"submission"},
        {
            "answers": "API only: the tool does not correct answers",
            "note": "tool only: the API adds notes through the notes route",
            # An agent names a status by its label and an account by its e-mail address
            # (docs/inbox.md, "Naming things"); the API takes ids.
            "status": "the tool also takes a label",
            "assignee": "the tool also takes an e-mail address",
        },
    ),
]
# Tools whose API twin holds the tool's parameters under one key of its body.
NESTED = {"faq_create": "values", "faq_update": "values", "events_update": "values"}
# What the two sides may show differently without a different meaning: the generated titles, a
# default of null (the OpenAPI document leaves it out), and the defaults of the tool's parameters
# (one left out keeps the stored value: the server shows none; see tool_properties).
IGNORED = {"title"}


def resolved(schema: Any, definitions: dict[str, Any]) -> Any:
    """`schema` with every `$ref` replaced by what it names, the IGNORED keys and null defaults left
    out."""
    if isinstance(schema, list):
        return [resolved(item, definitions) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        named = definitions[schema["$ref"].rsplit("/", 1)[1]]
        return resolved({**named, **{k: v for k, v in schema.items() if k != "$ref"}}, definitions)
    return {
        key: {name: resolved(value, definitions) for name, value in value.items()}
        if key == "properties"  # names of properties, not keywords: a field may be called title
        else resolved(value, definitions)
        for key, value in schema.items()
        if (key not in IGNORED or key == "properties") and not (key == "default" and value is None)
    }


@pytest.fixture(scope="module")
def tool_schemas() -> dict[str, dict[str, Any]]:
    tools = asyncio.run(build_mcp_server().list_tools())  # what tools/list answers
    return {tool.name: tool.input_schema for tool in tools}


@pytest.fixture
def openapi(admin_client) -> dict[str, Any]:
    response = admin_client.get("/api/cms/openapi.json")
    assert response.status_code == 200
    return response.json()


def tool_properties(schema: dict[str, Any], own: set[str]) -> dict[str, Any]:
    definitions = schema.get("$defs", {})
    properties = {
        name: resolved(value, definitions)
        for name, value in schema["properties"].items()
        if name not in own | {"dry_run"}
    }
    for value in properties.values():
        value.pop("default", None)
    return properties


def body_properties(
    document: dict[str, Any], method: str, path: str, key: str | None = None
) -> tuple[dict[str, Any], set[str]]:
    body = document["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]
    schema = resolved(body, document["components"]["schemas"])
    if "anyOf" in schema:  # a body that may be left out (a duplicate's): the object it may be
        schema = next(branch for branch in schema["anyOf"] if branch.get("type") != "null")
    if key is not None:
        # The key the tool spreads, and at most keys the tool takes as its own (a revision).
        assert schema.get("additionalProperties") is False and key in schema["required"]
        schema = schema["properties"][key]
        schema.pop("description", None)
    assert schema.get("additionalProperties") is False, "a body refuses keys it does not know"
    properties = schema["properties"]
    for value in properties.values():
        value.pop("default", None)
    return properties, set(schema.get("required", []))


def compared_operations() -> list:
    """OPERATIONS as parameters; a row of an optional app left out of this run is skipped (the
    app is the route's: blocks_edit_content is a page tool, at /api/cms/pages/...)."""
    params = []
    for row in OPERATIONS:
        app = row[2].split("/")[3]
        params.append(pytest.param(*row, id=row[0], marks=needs(app) if app in OPTIONAL_APPS else ()))
    return params


@pytest.mark.parametrize(("tool", "method", "path", "own", "alone"), compared_operations())
def test_the_tool_and_the_api_route_read_one_input(tool_schemas, openapi, tool, method, path, own, alone):
    parameters = tool_properties(tool_schemas[tool], own)
    body, required = body_properties(openapi, method, path, NESTED.get(tool))

    assert set(parameters) ^ set(body) == {
        name for name in alone if name not in parameters or name not in body
    }
    for name in set(parameters) & set(body) - set(alone):
        assert parameters[name] == body[name], name
    assert set(tool_schemas[tool].get("required", [])) - own == required


def test_every_changing_tool_with_an_api_twin_is_compared(tool_schemas):
    """A new changing tool that takes an input model must join OPERATIONS (or say why not)."""
    with_inputs = {spec.name for spec in registered_tools() if spec.changes and spec.inputs is not None}
    compared = {row[0] for row in OPERATIONS}
    assert with_inputs <= compared


def test_a_tool_gets_one_model_holding_only_what_the_call_gave():

    arguments = {"form": "contact", "title": "Contact", "slug": NOT_GIVEN, "fields": NOT_GIVEN}
    gathered = _gather(("changes", FormChange), arguments)
    assert gathered["form"] == "contact"
    assert gathered["changes"].model_dump(exclude_unset=True) == {"title": "Contact"}


def test_a_value_the_model_refuses_is_a_tool_refusal_keyed_by_the_field():

    with pytest.raises(Refusal) as refused:
        _gather(("changes", FormChange), {"slug": "con\x00tact"})
    assert set(refused.value.body["errors"]) == {"slug"}


def test_a_tool_whose_input_model_names_one_of_its_parameters_again_is_refused():
    def clash(actor, body: str, note: NoteIn) -> dict:
        return {}

    def two(actor, note: NoteIn, other: NoteIn) -> dict:
        return {}

    for fn, says in ((clash, "twice"), (two, "more than one")):
        with pytest.raises(ImproperlyConfigured, match=says):
            tool_spec("x_tool", fn, scope="x:write", permission=None, description="x", changes=True)
