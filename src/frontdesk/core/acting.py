"""Which API token the code running in this thread acts with, so that what it writes (the log)
can name the token without every operation being handed it.

An MCP call sets it for the call's duration (core/mcp/calls.py); a JSON API request with a bearer
token sets it when the token is accepted (core/api/auth.py), and `ActingTokenMiddleware` clears
it when the request ends, so a thread that serves the next request never inherits it. A session
in the panel acts with no token.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from frontdesk.core.models import ApiToken, User

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

# Who an operation acts for: an account, None for the system (commands, demo content, a
# visitor's post), which every operation's permission check lets through, or a door's
# `request.user` as Django types it (an anonymous one holds no permission, so it is refused).
type Actor = User | AnonymousUser | None

_token: ContextVar[ApiToken | None] = ContextVar("frontdesk_acting_token", default=None)


def require_permission(actor: Actor, permission: str) -> None:
    """Every operation's permission check: refuse `actor` without `permission` with
    PermissionDenied; None, the system (demo content, commands, a visitor's post), passes."""
    if actor is not None and not actor.has_perm(permission):
        raise PermissionDenied(_("You may not do this."))


def account_of(actor: Actor) -> User | None:
    """The account to write down as the one who acted: None for the system or an anonymous user."""
    return actor if isinstance(actor, User) else None


def current_token() -> ApiToken | None:
    """The token the running call or request acts with, or None."""
    return _token.get()


@contextmanager
def acting_with(token: ApiToken | None) -> Iterator[None]:
    """Act with `token` for the block."""
    marker = _token.set(token)
    try:
        yield
    finally:
        _token.reset(marker)


def accept_token(token: ApiToken) -> None:
    """Act with `token` until the request ends (the API's bearer door, inside the middleware)."""
    _token.set(token)


class ActingTokenMiddleware:
    """Every request starts with no token and leaves none behind in its thread."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with acting_with(None):
            return self.get_response(request)
