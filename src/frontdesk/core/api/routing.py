"""PanelRouter: a ninja Router whose operations name their permission once.

    router = PanelRouter(tags=["inbox"])

    @router.get("/forms", permission="inbox.view", response=list[FormOut])
    def list_forms(request): ...

The permission is checked before the view runs (with the token's scope for bearer tokens) and
written into the OpenAPI document as `x-permission`, where the permission-matrix test reads it.
`permission=None` means any logged-in account; a route that decides per record (the notes)
says so with `x-permission: "per-entity"` and checks inside its operation.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from ninja import Router

from frontdesk.core.api.auth import require

PER_ENTITY = "per-entity"


def guarded_by(permission: str) -> Callable:
    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def guarded(request, *args, **kwargs):
            require(request, permission)
            return view(request, *args, **kwargs)

        return guarded

    return decorate


class PanelRouter(Router):
    def api_operation(self, methods, path, *, permission: str | None = None, openapi_extra=None, **kwargs):
        extra = {"x-permission": permission, **(openapi_extra or {})}
        register = super().api_operation(methods, path, openapi_extra=extra, **kwargs)

        def decorator(view: Callable) -> Callable:
            needs_check = permission is not None and permission != PER_ENTITY
            register(guarded_by(permission)(view) if needs_check else view)
            return view

        return decorator

    def get(self, path, *, permission: str | None = None, **kwargs):
        return self.api_operation(["GET"], path, permission=permission, **kwargs)

    def post(self, path, *, permission: str | None = None, **kwargs):
        return self.api_operation(["POST"], path, permission=permission, **kwargs)

    def put(self, path, *, permission: str | None = None, **kwargs):
        return self.api_operation(["PUT"], path, permission=permission, **kwargs)

    def patch(self, path, *, permission: str | None = None, **kwargs):
        return self.api_operation(["PATCH"], path, permission=permission, **kwargs)

    def delete(self, path, *, permission: str | None = None, **kwargs):
        return self.api_operation(["DELETE"], path, permission=permission, **kwargs)
