"""PanelRouter: a ninja Router whose operations name their permission once.

    router = PanelRouter(tags=["inbox"])

    @router.get("/forms", permission="inbox.view", response=list[FormOut])
    def list_forms(request): ...

The permission (and, for a bearer token, the matching scope) is checked during authentication,
before the body is parsed, and written into the OpenAPI document as `x-permission`, where the
permission-matrix test reads it. `permission=None` means any logged-in account; a route whose
permission depends on the record (the notes) passes a `PermissionRule`, documented by its name.
"""

from __future__ import annotations

from ninja import Router

from frontdesk.core.api.auth import PermissionRule, gates

Permission = str | PermissionRule | None


class PanelRouter(Router):
    def api_operation(self, methods, path, *, permission: Permission = None, openapi_extra=None, **kwargs):
        documented = permission.name if isinstance(permission, PermissionRule) else permission
        extra = {"x-permission": documented, **(openapi_extra or {})}
        if permission is not None:
            kwargs["auth"] = gates(permission)
        return super().api_operation(methods, path, openapi_extra=extra, **kwargs)

    def get(self, path, *, permission: Permission = None, **kwargs):
        return self.api_operation(["GET"], path, permission=permission, **kwargs)

    def post(self, path, *, permission: Permission = None, **kwargs):
        return self.api_operation(["POST"], path, permission=permission, **kwargs)

    def put(self, path, *, permission: Permission = None, **kwargs):
        return self.api_operation(["PUT"], path, permission=permission, **kwargs)

    def patch(self, path, *, permission: Permission = None, **kwargs):
        return self.api_operation(["PATCH"], path, permission=permission, **kwargs)

    def delete(self, path, *, permission: Permission = None, **kwargs):
        return self.api_operation(["DELETE"], path, permission=permission, **kwargs)
