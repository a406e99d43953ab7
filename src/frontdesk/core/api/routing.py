"""PanelRouter: a ninja Router whose operations name their permission once.

    router = PanelRouter(tags=["inbox"])

    @router.get("/forms", permission="inbox.view", response=list[FormOut])
    def list_forms(request): ...

    @router.put("/me", scope="account:write", response=MeOut)
    def update_me(request, payload: MeIn): ...

The permission (and, for a bearer token, the matching scope) is checked during authentication,
before the body is parsed, and written into the OpenAPI document as `x-permission` and `x-scope`,
where the permission-matrix test reads them. A token's scope is `<app>:read` or `<app>:write`
from the permission; `permission=None` means any logged-in account, and such a route that
changes something must name its write scope (`scope=`), so no token changes anything its scopes
do not cover. A route whose permission depends on the record (the notes) passes a
`PermissionRule`, documented by its name. Every scope a route needs is declared to the token
registry, so `frontdesk token create --scopes` accepts it.

A path parameter the view takes as an `int` names a record: it is read as an id (1 to MAX_ID),
and anything else in its place (`abc`, `1.5`, `0`, a number beyond any id) is a 404 like an
unknown id (core/api/errors.py), on every route at once, before the body is read.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from ninja import Path, Router

from frontdesk.core.api.auth import READ_METHODS, PermissionRule, gates, scope_for
from frontdesk.core.limits import MAX_ID
from frontdesk.core.mcp.registry import known_scopes, register_scope

Permission = str | PermissionRule | None


def route_scope(methods: list[str], path: str, permission: Permission, scope: str | None) -> str | None:
    """The scope a token needs for the route (None: any token, or decided per record)."""
    changes = {method.upper() not in READ_METHODS for method in methods}
    if len(changes) > 1:
        raise ImproperlyConfigured(f"{methods} {path}: declare reading and changing methods apart.")
    if scope is None and permission is None and changes == {True}:
        raise ImproperlyConfigured(
            f"{methods} {path} changes something and names no permission: give it a write scope"
            " (scope='account:write'), or a token with any scope could call it."
        )
    if scope is None and isinstance(permission, str):
        return scope_for(permission, methods[0])
    return scope


def with_ids_in_path(view: Callable[..., Any], path: str) -> Callable[..., Any]:
    """`view`, its `int` path parameters read as ids (1 to MAX_ID): a value that cannot be one is
    a validation error of the path, which the API answers with 404 (core/api/errors.py)."""
    in_path = set(re.findall(r"\{(?:\w+:)?(\w+)\}", path))
    signature = inspect.signature(view, eval_str=True)
    ids = [
        name
        for name, param in signature.parameters.items()
        if name in in_path and param.annotation is int and param.default is param.empty
    ]
    if not ids:
        return view
    request, *others = signature.parameters.values()
    # Keyword-only, so an id with its default may come before parameters without one (ninja
    # passes everything but the request by name).
    parameters = [
        param.replace(kind=param.KEYWORD_ONLY, default=Path(..., ge=1, le=MAX_ID))
        if param.name in ids
        else param.replace(kind=param.KEYWORD_ONLY)
        for param in others
    ]
    view.__signature__ = signature.replace(parameters=[request, *parameters])  # type: ignore[attr-defined]
    return view


class PanelRouter(Router):
    def api_operation(
        self,
        methods,
        path,
        *,
        permission: Permission = None,
        scope: str | None = None,
        openapi_extra=None,
        **kwargs,
    ):
        documented = permission.name if isinstance(permission, PermissionRule) else permission
        needed = route_scope(methods, path, permission, scope)
        if needed and needed not in known_scopes():
            register_scope(needed, f"Panel API: {' '.join(methods)} {path}")
        extra = {"x-permission": documented, "x-scope": needed, **(openapi_extra or {})}
        if permission is not None or scope is not None:
            kwargs["auth"] = gates(permission, scope)
        register = super().api_operation(methods, path, openapi_extra=extra, **kwargs)
        return lambda view: register(with_ids_in_path(view, path))

    def get(self, path, *, permission: Permission = None, scope: str | None = None, **kwargs):
        return self.api_operation(["GET"], path, permission=permission, scope=scope, **kwargs)

    def post(self, path, *, permission: Permission = None, scope: str | None = None, **kwargs):
        return self.api_operation(["POST"], path, permission=permission, scope=scope, **kwargs)

    def put(self, path, *, permission: Permission = None, scope: str | None = None, **kwargs):
        return self.api_operation(["PUT"], path, permission=permission, scope=scope, **kwargs)

    def patch(self, path, *, permission: Permission = None, scope: str | None = None, **kwargs):
        return self.api_operation(["PATCH"], path, permission=permission, scope=scope, **kwargs)

    def delete(self, path, *, permission: Permission = None, scope: str | None = None, **kwargs):
        return self.api_operation(["DELETE"], path, permission=permission, scope=scope, **kwargs)
