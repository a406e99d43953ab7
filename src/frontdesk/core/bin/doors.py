"""The bin's doors of one kind of row, built once: the API's route pair (DELETE puts a row in the
bin, POST .../restore takes it out) and the agent tool that puts one in the bin. A module writes
one call instead of a pair of views (docs/host.md, "The bin"):

    bin_routes(
        router, "/{service}", module=__name__, noun="service", permission=MANAGE,
        find=queries.find_service, find_in_bin=queries.find_in_bin,
        put_in_bin=operations.bin_service, restore=operations.restore_service,
        restored=outputs.service_changed, response=ServiceOut | WrittenOut,
        summaries=("Put a service in the bin ...", "Take a service out of the bin ..."),
    )

The views are named `delete_<noun>` and `restore_<noun>` in `module`, as a module's own views
would be, so their OpenAPI operation ids and URL names are the same as written by hand.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from django.http import HttpRequest
from ninja import Status as Reply

from frontdesk.core.api.routing import PanelRouter, Permission
from frontdesk.core.api.schemas import answers
from frontdesk.core.mcp.registry import TOOLS, ToolSpec, tool_spec

NO_OPTIONS: Mapping[str, Any] = {}


def _view(fn: Callable[..., Any], *, module: str, name: str, noun: str) -> Callable[..., Any]:
    """`fn(request, **{noun: id})` dressed as a module's own view `name(request, <noun>: int)`."""
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = module
    fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("request", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=HttpRequest),
            inspect.Parameter(noun, inspect.Parameter.KEYWORD_ONLY, annotation=int),
        ]
    )
    return fn


def bin_routes[Row](
    router: PanelRouter,
    path: str,
    *,
    module: str,
    noun: str,
    permission: Permission,
    find: Callable[[int], Row],
    find_in_bin: Callable[[int], Row],
    put_in_bin: Callable[..., object],
    restore: Callable[..., Row],
    restored: Callable[[Any, Row], Any],
    response: Any,
    summaries: tuple[str, str],
    scope: str | None = None,
    conflict: bool = False,
    bin_options: Mapping[str, Any] = NO_OPTIONS,
    restore_options: Mapping[str, Any] = NO_OPTIONS,
) -> None:
    """Add to `router` the pair for `path` (naming the row as `{<noun>}`): DELETE finds the row
    outside the bin and calls `put_in_bin(row, actor=...)`, answering 204 (409 documented with
    `conflict`, for a row in use); POST `<path>/restore` finds it in the bin, calls
    `restore(row, actor=...)` and answers `restored(actor, row)` as `response`. `*_options` go
    to the router as they are (operation_id, description)."""

    def delete(request: HttpRequest, **ids: int) -> Any:
        put_in_bin(find(ids[noun]), actor=request.user)
        return Reply(204, None)

    def take_out(request: HttpRequest, **ids: int) -> Any:
        return restored(request.user, restore(find_in_bin(ids[noun]), actor=request.user))

    router.delete(
        path,
        response=answers(204, None, conflict=conflict),
        permission=permission,
        scope=scope,
        summary=summaries[0],
        **bin_options,
    )(_view(delete, module=module, name=f"delete_{noun}", noun=noun))
    router.post(
        f"{path}/restore",
        response=answers(200, response),
        permission=permission,
        scope=scope,
        summary=summaries[1],
        **restore_options,
    )(_view(take_out, module=module, name=f"restore_{noun}", noun=noun))


def bin_tool[Row](
    name: str,
    *,
    parameter: str,
    reference: Any,
    find: Callable[[Any], Row],
    put_in_bin: Callable[..., Row],
    binned: Callable[[Any, Row], Any],
    scope: str,
    permission: str | None,
    description: str,
) -> ToolSpec:
    """The agent tool `name(actor, <parameter>: reference)` that finds the row, puts it in the bin
    and answers `{"binned": binned(actor, row)}` (a tool that changes, so with dry_run). Register
    it from `ready()` with `register_bin_tool`, which takes the same arguments."""

    def tool(actor: Any, **given: Any) -> dict[str, Any]:
        row = put_in_bin(find(given[parameter]), actor=actor)
        return {"binned": binned(actor, row)}

    tool.__name__ = tool.__qualname__ = name
    tool.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("actor", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            inspect.Parameter(parameter, inspect.Parameter.KEYWORD_ONLY, annotation=reference),
        ]
    )
    return tool_spec(name, tool, scope=scope, permission=permission, description=description, changes=True)


def register_bin_tool(name: str, **declared: Any) -> ToolSpec:
    """Register `bin_tool(name, **declared)`; from `AppConfig.ready()`."""
    return TOOLS.register(name, bin_tool(name, **declared))
