"""One place where panel pages check who may open them (used by every section's views)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Protocol, cast

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from frontdesk.core.panel.sections import SECTIONS
from frontdesk.core.requests import FrontdeskRequest


class PanelPage(Protocol):
    """A view behind `panel_page`, marked with its section and permission."""

    panel_section: str
    panel_permission: str | None

    def __call__(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse: ...


def panel_page(section_key: str, permission: str | None = None) -> Callable:
    """Require a logged-in active account that may open the section (and `permission`, if given).

    Anonymous visitors go to the login page; an account without the permission gets 403.
    """

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            user = request.user
            if not (user.is_authenticated and user.is_active):
                return redirect_to_login(request.get_full_path())
            section = SECTIONS[section_key]
            if not section.visible_to(user) or (permission and not user.has_perm(permission)):
                raise PermissionDenied
            cast(FrontdeskRequest, request).panel_section = section
            return view(request, *args, **kwargs)

        # Read by the permission-matrix test, which walks every panel page.
        page = cast(PanelPage, wrapped)
        page.panel_section = section_key
        page.panel_permission = permission
        return page

    return decorate
