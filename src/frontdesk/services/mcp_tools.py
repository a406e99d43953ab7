"""The services' MCP tools (docs/services.md, "Agent tools"): thin doors over the operations.

services_list and services_get need the scope services:read and the permission services.view;
services_create and services_update services:write and services.manage, and take `dry_run`
(the server rolls the call back). Their parameters are the API's bodies (services/inputs.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from frontdesk.core.mcp.registry import register_tool
from frontdesk.services import operations, outputs, queries
from frontdesk.services.inputs import ServiceChange, ServiceIn
from frontdesk.services.permissions import MANAGE, VIEW

ServiceRef = Annotated[
    int | str,
    Field(
        description="The service's id, or its address in any language (/services/garden-design, "
        "/de/services/gartenplanung) or slug, as services_list shows them.",
        examples=[3, "/services/garden-design"],
    ),
]


def services_list(
    actor,
    trashed: Annotated[
        bool, Field(description="true: the services in the bin instead, newest first.")
    ] = False,
) -> dict[str, Any]:
    return {"services": outputs.services_out(queries.in_order(trashed=trashed))}


def services_get(actor, service: ServiceRef) -> dict[str, Any]:
    return {"service": outputs.service_out(queries.find_service(service))}


def services_create(actor, values: ServiceIn) -> dict[str, Any]:
    created = operations.create_service(actor=actor, values=values.values())
    return {"service": outputs.service_changed(actor, created)}


def services_update(actor, service: ServiceRef, changes: ServiceChange) -> dict[str, Any]:
    changed = operations.update_service(queries.find_service(service), actor=actor, values=changes.values())
    return {"service": outputs.service_changed(actor, changed)}


READ = {"scope": "services:read", "permission": VIEW}
WRITE = {"scope": "services:write", "permission": MANAGE, "changes": True}
TOOLS: list[tuple[Callable[..., Any], dict[str, Any], str]] = [
    (services_list, READ, "Every service in the site's order: id, title, slug and lead per language, whether "
     "it is visible on the site, its public address per language and the site's project fields (extra). "
     "trashed=true lists the bin instead."),
    (services_get, READ, "One service, named by id or by its address or slug in any language."),
    (services_create, WRITE, "Create a service at the end of the order. title is required (a plain string "
     "is the default language's); without slug, the title makes the address. Returns the service with "
     "its addresses."),
    (services_update, WRITE, "Change a service named by id or address. Only what is named changes; a "
     "translated value changes the languages it names (\"\" removes one). A new slug keeps the old "
     "address answering 301. Returns the service as saved."),
]  # fmt: skip


def register_services_tools() -> None:
    """Registered from ServicesConfig.ready()."""
    for fn, options, description in TOOLS:
        register_tool(fn.__name__, fn, description=description, **options)
