"""Who is calling the panel API: the browser's session (with CSRF) or a script's bearer token.

A bearer token acts as its account and within its scopes: reading routes need `<app>:read`,
changing routes `<app>:write`, where <app> is the first part of the route's permission. A route
without a permission names its scope itself (`PUT /api/cms/me` needs `account:write`).
"""

from __future__ import annotations

from typing import cast

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.security import HttpBearer, SessionAuth

from frontdesk.core.acting import accept_token, current_token
from frontdesk.core.models import ApiToken
from frontdesk.core.requests import FrontdeskRequest

READ_METHODS = {"GET", "HEAD", "OPTIONS"}


class PanelSession(SessionAuth):
    """The browser: Django's session cookie, CSRF checked on changing methods."""

    def authenticate(self, request: HttpRequest, key: str | None):
        user = request.user
        if user.is_authenticated and user.is_active:
            cast(FrontdeskRequest, request).api_token = None
            return user
        return None


class BearerToken(HttpBearer):
    """Scripts: `Authorization: Bearer fd_...`, a token issued by `frontdesk token create`."""

    def authenticate(self, request: HttpRequest, token: str):
        found = ApiToken.objects.find(token)
        if found is None:
            return None
        found.touch()
        request.user = found.account
        cast(FrontdeskRequest, request).api_token = found
        accept_token(found)  # named in the log lines this request writes
        return found.account


def scope_for(permission: str, method: str) -> str:
    app = permission.split(".", 1)[0]
    return f"{app}:{'read' if method.upper() in READ_METHODS else 'write'}"


def check_scope(request: HttpRequest, scope: str) -> None:
    """A bearer token must carry `scope`; a session is not limited by scopes."""
    token = getattr(request, "api_token", None)
    if token is not None and not token.has_scope(scope):
        raise PermissionDenied(_("This token lacks the scope %(scope)s.") % {"scope": scope})


def require(request: HttpRequest, permission: str | None, *, scope: str | None = None) -> None:
    """Refuse with 403 unless the caller holds `permission` and, for a token, the scope.

    The scope is `scope` when given, else the one that covers `permission` for this method.
    """
    needed = scope or (scope_for(permission, request.method or "GET") if permission else None)
    if needed:
        check_scope(request, needed)
    if permission and not request.user.has_perm(permission):
        raise PermissionDenied(_("You may not do this."))


def may_read(actor, permission: str | None, *, scope: str | None = None) -> bool:
    """The host's one rule "may read this record", asked by every changing route and tool before
    it answers a record: the caller acting now (`actor`, and the token it acts with on a token's
    call) may read what `permission` guards (None: any signed-in account reads it).

    A token also needs `scope`, by default `<app>:read` of the permission. The system (None)
    reads everything. A caller that may change a record but not read it gets only what it just
    set (core/outputs.py `written_out`, docs/api.md "What a changing route answers").
    """
    if actor is None:
        return True
    return may_read_as(actor, current_token(), permission, scope=scope)


def may_read_as(account, token, permission: str | None, *, scope: str | None = None) -> bool:
    """The same rule for a door that holds the account and its token (None: a session)."""
    needed = scope or (scope_for(permission, "GET") if permission else None)
    if token is not None and needed and not token.has_scope(needed):
        return False
    if permission is None:
        return bool(account.is_authenticated)
    return account.has_perm(permission)


class PermissionRule:
    """A permission that depends on the addressed record (e.g. notes: the entity decides).

    `resolve(request)` names the permission; it can read the path parameters from
    `request.resolver_match.kwargs`.
    """

    name = "per-record"

    def resolve(self, request: HttpRequest) -> str:
        raise NotImplementedError


def _required(request: HttpRequest, permission: str | PermissionRule | None) -> str | None:
    return permission.resolve(request) if isinstance(permission, PermissionRule) else permission


class PermissionSession(PanelSession):
    """The session door of one route that needs `permission`; checked before the body is read."""

    def __init__(self, permission: str | PermissionRule | None, scope: str | None = None):
        super().__init__()
        self.permission = permission
        self.scope = scope

    def authenticate(self, request: HttpRequest, key: str | None):
        user = super().authenticate(request, key)
        if user is not None:
            require(request, _required(request, self.permission), scope=self.scope)
        return user


class PermissionBearer(BearerToken):
    """The bearer door of one route that needs `permission` and the scope (named or derived)."""

    def __init__(self, permission: str | PermissionRule | None, scope: str | None = None):
        super().__init__()
        self.permission = permission
        self.scope = scope

    def authenticate(self, request: HttpRequest, token: str):
        user = super().authenticate(request, token)
        if user is not None:
            require(request, _required(request, self.permission), scope=self.scope)
        return user


def gates(permission: str | PermissionRule | None, scope: str | None = None) -> list:
    """The auth callbacks of a route that needs `permission` and, for a token, `scope`.

    Raising PermissionDenied inside authentication answers 403 before ninja parses the body,
    so a caller without the permission learns nothing from validation errors.
    """
    # The bearer door first: ninja's session door checks CSRF before it looks for a session and
    # would refuse a script's POST that carries a token and no cookie.
    return [PermissionBearer(permission, scope), PermissionSession(permission, scope)]
