"""Public doors: views that take visitors' posts from pages that may be cached (the inbox's
POST {path}/<slug>), served through a short middleware chain of their own.

A post to a door needs none of what the panel and the site's pages need: no account or API token
(the visitor is anonymous and the door is exempt from CSRF), no language from the address or the
browser (the door answers in the language the page names), no static files, no 404 fallbacks
(only an address that resolves to the door's view takes this chain). Going through all of
settings.MIDDLEWARE cost a door post a tenth of its time in one process, and more under load
(docs/performance.md), so DoorMiddleware, first in settings.MIDDLEWARE, sends a request whose
address resolves to a registered door through DOOR_MIDDLEWARE only, in the order
settings.MIDDLEWARE lists them, and then the view. Every other request goes on through the whole
chain exactly as before; only an address under a door's prefix is resolved here at all.

Apps register a door in `AppConfig.ready()`: the URL name of its view and the address prefix it
answers under.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured, MiddlewareNotUsed
from django.core.handlers.exception import convert_exception_to_response
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.urls import Resolver404, get_resolver
from django.utils import translation
from django.utils.module_loading import import_string

from frontdesk.core.handler import refuse_if_unreadable
from frontdesk.core.languages import default_language
from frontdesk.core.registry import Registry

# What a door's answers still need, and why; the rest of settings.MIDDLEWARE is left out.
DOOR_MIDDLEWARE = (
    # HTTPS redirect, HSTS, nosniff, the referrer and cross-origin opener policies.
    "django.middleware.security.SecurityMiddleware",
    # The page a refused post without script answers with has the site's policy, like every page.
    "frontdesk.core.csp.ContentSecurityPolicyMiddleware",
    # A post without script carries its outcome back to the form in the session (inbox/door.py).
    "django.contrib.sessions.middleware.SessionMiddleware",
    # That page may not be framed either.
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
)
# Hooks the short chain does not run: a middleware that has one cannot be part of it.
UNRUN_HOOKS = ("process_view", "process_exception", "process_template_response")


@dataclass(frozen=True)
class Door:
    view_name: str  # the URL name of the door's view, "inbox:submit"
    prefix: str  # the address prefix it answers under, "/site/forms/"


DOORS: Registry[Door] = Registry("public door")


def register_door(name: str, view_name: str, prefix: str) -> Door:
    """Serve the view named `view_name`, at addresses under `prefix`, through the short chain."""
    return DOORS.register(name, Door(view_name, "/" + prefix.strip("/") + "/"))


def door_middleware() -> list[str]:
    """The middleware a door's request passes through, outermost first."""
    return [path for path in settings.MIDDLEWARE if path in DOOR_MIDDLEWARE]


Answerer = Callable[[HttpRequest], HttpResponseBase]


def build_door_chain(view: Answerer) -> Answerer:
    """`view` inside door_middleware(), each layer's exceptions turned into answers the way
    Django's own chain turns them, so an error page still gets every header."""
    handler = convert_exception_to_response(view)
    for path in reversed(door_middleware()):
        factory = import_string(path)
        unrun = [hook for hook in UNRUN_HOOKS if hasattr(factory, hook)]
        if unrun:
            raise ImproperlyConfigured(f"{path} has {', '.join(unrun)}, which a door's chain does not run.")
        try:
            middleware = factory(handler)
        except MiddlewareNotUsed:
            continue
        handler = convert_exception_to_response(middleware)
    return handler  # type: ignore[return-value]  # sync all the way: no awaitable


def call_view(request: HttpRequest) -> HttpResponse:
    """The resolved door's view. An unreadable Content-Type (core/handler.py) is refused first,
    as on every other address. No request-wide transaction (ATOMIC_REQUESTS, which frontdesk's
    settings never set): a door keeps its own as short as it can (inbox/operations/intake.py)."""
    refuse_if_unreadable(request)
    match = request.resolver_match
    assert match is not None  # DoorMiddleware resolved it
    response = match.func(request, *match.args, **match.kwargs)
    if not isinstance(response, HttpResponse):
        raise ValueError(f"The door's view {match.view_name} answered {response!r}, not an HttpResponse.")
    return response


class DoorMiddleware:
    """First in settings.MIDDLEWARE: a request whose address resolves to a registered door's
    view goes through the door's chain; any other goes on through the rest of the list."""

    def __init__(self, get_response: Answerer) -> None:
        self.get_response = get_response
        doors = DOORS.all()
        if not doors:
            raise MiddlewareNotUsed
        self.prefixes = tuple(door.prefix for door in doors)
        self.view_names = frozenset(door.view_name for door in doors)
        self.door_chain = build_door_chain(call_view)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info.startswith(self.prefixes) and self._resolves_to_door(request):
            # No middleware sets the language on this way: the site's default until the view
            # sets the page's, so an error page before that is in the default language.
            translation.activate(default_language())
            return self.door_chain(request)
        return self.get_response(request)

    def _resolves_to_door(self, request: HttpRequest) -> bool:
        try:
            match = get_resolver(getattr(request, "urlconf", None)).resolve(request.path_info)
        except Resolver404:
            return False
        # A view that is not exempt from CSRF keeps the whole chain, and with it the check.
        if match.view_name not in self.view_names or not getattr(match.func, "csrf_exempt", False):
            return False
        request.resolver_match = match
        return True
