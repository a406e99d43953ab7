"""Who is calling the panel API: the browser's session (with CSRF) or a script's bearer token.

A bearer token acts as its account and within its scopes: reading routes need `<app>:read`,
changing routes `<app>:write`, where <app> is the first part of the route's permission.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.utils.translation import gettext as _
from ninja.security import HttpBearer, SessionAuth

from frontdesk.core.models import ApiToken

READ_METHODS = {"GET", "HEAD", "OPTIONS"}


class PanelSession(SessionAuth):
    """The browser: Django's session cookie, CSRF checked on changing methods."""

    def authenticate(self, request: HttpRequest, key: str | None):
        user = request.user
        if user.is_authenticated and user.is_active:
            request.api_token = None
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
        request.api_token = found
        return found.account


def scope_for(permission: str, method: str) -> str:
    app = permission.split(".", 1)[0]
    return f"{app}:{'read' if method.upper() in READ_METHODS else 'write'}"


def check_scope(request: HttpRequest, permission: str) -> None:
    """A bearer token must carry the scope that covers `permission` for this method."""
    token = getattr(request, "api_token", None)
    if token is not None:
        scope = scope_for(permission, request.method or "GET")
        if not token.has_scope(scope):
            raise PermissionDenied(_("This token lacks the scope %(scope)s.") % {"scope": scope})


def require(request: HttpRequest, permission: str) -> None:
    """Refuse with 403 unless the caller holds `permission` (and, for a token, its scope)."""
    check_scope(request, permission)
    if not request.user.has_perm(permission):
        raise PermissionDenied(_("You may not do this."))
