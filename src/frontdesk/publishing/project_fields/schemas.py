"""The JSON schema of a screen's `extra`, for the API's OpenAPI document and the agent tools:
each project field a named property with its type's shape, read from the patch list whenever a
schema is built. The values themselves are judged by the operations (values.clean_extra), so
every door refuses with the same words."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from frontdesk.publishing.project_fields.patches import ProjectField, fields_of

EXTRA_HELP = (
    "The site's project fields of this screen, by name (only those given change): a value in "
    "the field's type; a localized field takes a text per language, merged by language like "
    'any translated value. null or "" removes a value. Errors come back under the field\'s name.'
)


def value_schema(field: ProjectField) -> dict[str, Any]:
    one = field.type.schema(field.props)
    described = f"{field.label_text} ({field.type.name}{', per language' if field.localized else ''})"
    if field.localized:
        per_language = {"type": "object", "additionalProperties": {"anyOf": [one, {"type": "null"}]}}
        return {"anyOf": [per_language, one, {"type": "null"}], "description": described}
    return {"anyOf": [one, {"type": "null"}], "description": described}


def extra_schema(screen_id: str) -> Callable[[dict[str, Any]], None]:
    """A pydantic `json_schema_extra` that names the screen's fields in the `extra` object."""

    def add_properties(schema: dict[str, Any]) -> None:
        branches = [schema, *schema.get("anyOf", [])]
        target = next(branch for branch in branches if branch.get("type") == "object")
        target["properties"] = {field.name: value_schema(field) for field in fields_of(screen_id)}

    return add_properties
