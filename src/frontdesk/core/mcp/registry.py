"""The MCP tool and resource registry. Apps register theirs in `AppConfig.ready()`.

    from frontdesk.core.mcp.registry import register_tool

    def set_status(actor, submission: Annotated[int, Field(description="Submission id")],
                   status: Annotated[str, Field(description="new, open or done")]) -> dict:
        return describe(operations.set_status(actor, submission, status))

    register_tool("inbox_set_status", set_status, scope="inbox:write", permission="inbox.update",
                  description="Set the status of one submission.", changes=True)

A description is a text, or a function of no arguments answering one: the server calls it each
time it lists the tools (or resources), so a description may name what a setting says now (the
application's time zone, say) and follows it when the setting changes (`described()`).

A tool is a plain sync function `fn(actor, **params)`: it calls the app's operations and turns
their result into JSON-able values; it never holds a rule. Its parameters (type hints, pydantic
`Field(description=...)`) become the tool's input schema. One parameter may be annotated with an
input model (core/inputs.Input, the API body of the same operation): the tool then offers that
model's fields as parameters of its own, and the function receives one validated model instance
holding the fields the call gave. The server (frontdesk.core.mcp.server)
checks the token's scope and the account's permission, runs the function as the token's account,
adds `dry_run` to tools registered with `changes=True`, and maps Django errors to tool errors.

This module only records what apps declare (in core/registry.Registry: a name once, nothing
added after start-up but for a test's `TOOLS.temporarily(name, tool_spec(...))`); it imports
nothing from the SDK.
"""

from __future__ import annotations

import inspect
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured

from frontdesk.core.inputs import Input
from frontdesk.core.registry import Registry

NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
SCOPE_RE = re.compile(r"^[a-z][a-z0-9_-]*:[a-z][a-z0-9_-]*$")
PERMISSION_RE = re.compile(r"^[a-z][a-z0-9_]*\.[A-Za-z0-9_.]+$")
# Parameters the server fills itself; a tool function must not declare them.
RESERVED_PARAMS = frozenset({"dry_run"})

ToolFunction = Callable[..., Any]
# A fixed text, or a function answering the text when the tools are listed (see `described`).
Description = str | Callable[[], str]


@dataclass(frozen=True)
class ToolSpec:
    name: str
    fn: ToolFunction
    scope: str
    permission: str | None
    description: Description
    changes: bool = False
    # The parameter annotated with an input model, and the model: its fields are the tool's own.
    inputs: tuple[str, type[Input]] | None = None

    def described(self) -> str:
        """The description as the tool list shows it now."""
        return described(self.description)


@dataclass(frozen=True)
class ResourceSpec:
    uri: str
    fn: ToolFunction
    name: str
    scope: str
    permission: str | None
    description: Description
    mime_type: str = "application/json"

    def described(self) -> str:
        """The description as the resource list shows it now."""
        return described(self.description)


TOOLS: Registry[ToolSpec] = Registry("MCP tool")
RESOURCES: Registry[ResourceSpec] = Registry("MCP resource")
_scopes: dict[str, str] = {}  # scopes declared on their own (the panel API's), with a description
_lock = threading.Lock()


def version() -> int:
    """Moves on every change of the tools or resources, so the running server mirrors them again."""
    return TOOLS.version + RESOURCES.version


def described(description: Description) -> str:
    """A description's text: the text itself, or what its function answers now, trimmed."""
    return (description() if callable(description) else description).strip()


def _checked_description(kind: str, key: str, description: Description) -> Description:
    """The description kept as declared (a text trimmed; a function as is, called once now so a
    broken one fails at start-up); refused when it says nothing."""
    if callable(description):
        text = description()
        if not isinstance(text, str):
            raise ImproperlyConfigured(f"The description of the MCP {kind} {key!r} must answer a text.")
    else:
        text = description
    if not (text or "").strip():
        raise ImproperlyConfigured(f"The MCP {kind} {key!r} needs a description a model can act on.")
    return description if callable(description) else description.strip()


def _check_common(
    kind: str, key: str, fn: ToolFunction, scope: str, permission: str | None
) -> list[inspect.Parameter]:
    if not SCOPE_RE.match(scope or ""):
        raise ImproperlyConfigured(f"The MCP {kind} {key!r} needs a scope like 'inbox:read', not {scope!r}.")
    if permission is not None and not PERMISSION_RE.match(permission):
        raise ImproperlyConfigured(
            f"The MCP {kind} {key!r} names the permission {permission!r}; use 'app.codename' or None."
        )
    try:
        # Resolved now so a bad annotation fails at start-up, not on the first call.
        signature = inspect.signature(fn, eval_str=True)
    except (NameError, TypeError, ValueError) as error:
        raise ImproperlyConfigured(f"The MCP {kind} {key!r} has an unreadable signature: {error}") from None
    params = list(signature.parameters.values())
    if not params or params[0].name != "actor":
        raise ImproperlyConfigured(f"The MCP {kind} {key!r} must take `actor` as its first parameter.")
    for param in params[1:]:
        if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD, param.POSITIONAL_ONLY):
            raise ImproperlyConfigured(f"The MCP {kind} {key!r} must name each parameter ({param.name}).")
        if param.name in RESERVED_PARAMS or param.name.startswith("_"):
            raise ImproperlyConfigured(
                f"The MCP {kind} {key!r} may not declare the parameter {param.name!r}."
            )
    if inspect.iscoroutinefunction(fn):
        raise ImproperlyConfigured(f"The MCP {kind} {key!r} must be a plain (sync) function.")
    return params[1:]


def _input_parameter(name: str, params: list[inspect.Parameter]) -> tuple[str, type[Input]] | None:
    """The parameter annotated with an input model, checked: one at the most, and none of its
    fields may clash with the tool's other parameters."""
    spread = [
        (param.name, param.annotation)
        for param in params
        if isinstance(param.annotation, type) and issubclass(param.annotation, Input)
    ]
    if not spread:
        return None
    if len(spread) > 1:
        raise ImproperlyConfigured(f"The MCP tool {name!r} takes more than one input model.")
    taken = {param.name for param in params} | RESERVED_PARAMS
    for field in spread[0][1].model_fields:
        if field in taken or field.startswith("_"):
            raise ImproperlyConfigured(
                f"The MCP tool {name!r} has the parameter {field!r} twice (its input model names it too)."
            )
    return spread[0]


def tool_spec(
    name: str,
    fn: ToolFunction,
    *,
    scope: str,
    permission: str | None,
    description: Description,
    changes: bool = False,
) -> ToolSpec:
    """`fn(actor, **params)` declared as the MCP tool `name`, checked; refused with one line.

    `scope` is what the token must carry (`inbox:read`); `permission` the Django permission the
    account needs (`inbox.view`), or None when the function's operations check per record.
    `changes=True` marks a tool that writes: it gets a `dry_run` parameter. `description` is a
    text or a function answering one when the tools are listed.
    """
    if not NAME_RE.match(name or ""):
        raise ImproperlyConfigured(f"An MCP tool name is lower case letters, digits and _, not {name!r}.")
    params = _check_common("tool", name, fn, scope, permission)
    text = _checked_description("tool", name, description)
    return ToolSpec(name, fn, scope, permission, text, changes, _input_parameter(name, params))


def register_tool(name: str, fn: ToolFunction, **declared: Any) -> ToolSpec:
    """Register the tool `tool_spec(name, fn, **declared)` describes; from `AppConfig.ready()`."""
    return TOOLS.register(name, tool_spec(name, fn, **declared))


def get_tool(name: str) -> ToolSpec | None:
    return TOOLS.get(name)


def registered_tools() -> list[ToolSpec]:
    return sorted(TOOLS.all(), key=lambda spec: spec.name)


def resource_spec(
    uri: str,
    fn: ToolFunction,
    *,
    name: str,
    scope: str,
    permission: str | None,
    description: Description,
    mime_type: str = "application/json",
) -> ResourceSpec:
    """`fn(actor, **uri_params)` declared as the MCP resource at `uri`, checked.

    `uri` may be a template (`inbox://submissions/{id}`): its variables are `fn`'s parameters.
    Resources are read-only, so there is no `changes`; scope and permission work as for tools.
    """
    if "://" not in (uri or ""):
        raise ImproperlyConfigured(f"An MCP resource address looks like 'inbox://forms', not {uri!r}.")
    if not NAME_RE.match(name or ""):
        raise ImproperlyConfigured(f"An MCP resource name is lower case letters, digits and _, not {name!r}.")
    _check_common("resource", uri, fn, scope, permission)
    text = _checked_description("resource", uri, description)
    return ResourceSpec(uri, fn, name, scope, permission, text, mime_type)


def register_resource(uri: str, fn: ToolFunction, **declared: Any) -> ResourceSpec:
    """Register the resource `resource_spec(uri, fn, **declared)` describes."""
    return RESOURCES.register(uri, resource_spec(uri, fn, **declared))


def get_resource(uri: str) -> ResourceSpec | None:
    return RESOURCES.get(uri)


def registered_resources() -> list[ResourceSpec]:
    return sorted(RESOURCES.all(), key=lambda spec: spec.uri)


def register_scope(scope: str, description: str = "") -> None:
    """Declare a scope no tool uses, e.g. one only the panel API checks, so tokens may carry it."""
    if not SCOPE_RE.match(scope or ""):
        raise ImproperlyConfigured(f"A scope looks like 'inbox:read', not {scope!r}.")
    with _lock:
        _scopes[scope] = description


def known_scopes() -> list[str]:
    """Every scope a tool or resource declares, or registered alone: what a token may be given."""
    with _lock:
        declared = {spec.scope for spec in TOOLS.all()} | {spec.scope for spec in RESOURCES.all()}
        return sorted(declared | set(_scopes))
