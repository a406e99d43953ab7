"""The NinjaAPI instance behind /api/cms/ and the router registry."""

from __future__ import annotations

from ninja import NinjaAPI, Router

from frontdesk.core.api.auth import BearerToken, PanelSession
from frontdesk.core.api.errors import install_error_handlers

api = NinjaAPI(
    title="frontdesk panel API",
    version="1",
    description=(
        "The panel's JSON API. The browser authenticates with its session and the CSRF token;"
        " scripts send `Authorization: Bearer <token>` (see `frontdesk token create`)."
        " Errors: 422 {message, errors: {field: [..]}}, 401, 403, 404, 409 {message}."
        " Lists answer {rows, current_page, per_page, total, last_page}."
    ),
    auth=[PanelSession(), BearerToken()],
    urls_namespace="cms-api",
    docs_url=None,
)
install_error_handlers(api)

_mounted: set[str] = set()


def register_router(prefix: str, router: Router) -> None:
    """Mount an app's router under /api/cms/<prefix>; call it from `AppConfig.ready()`."""
    if prefix in _mounted:
        return
    _mounted.add(prefix)
    api.add_router(prefix, router)
