"""The NinjaAPI instance behind /api/cms/ and the router registry."""

from __future__ import annotations

from functools import wraps

from django.http import JsonResponse
from django.utils.translation import gettext as _
from ninja import NinjaAPI, Router

from frontdesk.core.api.auth import BearerToken, PanelSession
from frontdesk.core.api.errors import install_error_handlers
from frontdesk.core.api.parser import JsonBodyParser
from frontdesk.core.registry import Registry


def logged_in_only(view):
    """The OpenAPI document is for the panel's users and scripts, not for the public."""

    @wraps(view)
    def guarded(request, *args, **kwargs):
        if not (request.user.is_authenticated or BearerToken()(request)):
            return JsonResponse({"message": _("Log in or send a valid bearer token.")}, status=401)
        return view(request, *args, **kwargs)

    return guarded


api = NinjaAPI(
    title="frontdesk panel API",
    version="1",
    description=(
        "The panel's JSON API. The browser authenticates with its session and the CSRF token;"
        " scripts send `Authorization: Bearer <token>` (see `frontdesk token create`)."
        " Errors: 422 {message, errors: {field: [..]}}, 401, 403, 404, 409 {message}."
        " Lists answer {rows, current_page, per_page, total, last_page}."
    ),
    auth=[BearerToken(), PanelSession()],  # bearer first: see auth.gates
    urls_namespace="cms-api",
    docs_url=None,
    docs_decorator=logged_in_only,
    parser=JsonBodyParser(),
)
install_error_handlers(api)

ROUTERS: Registry[Router] = Registry("API router")


def register_router(prefix: str, router: Router) -> None:
    """Mount an app's router under /api/cms/<prefix>; call it from `AppConfig.ready()`."""
    ROUTERS.register(prefix or "/", router)
    api.add_router(prefix, router)
