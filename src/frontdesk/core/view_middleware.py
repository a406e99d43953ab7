"""Middleware for some views only: a module's public routes run the middleware its settings name
(the events' `middleware` key), the rest of the site does not (docs/host.md, "A module's public
addresses").

    page = with_middleware(event_page, lambda: events_settings()["middleware"])

Each name is a dotted path to a Django middleware, as in MIDDLEWARE: a class or a factory taking
`get_response` and answering a callable `(request) -> response`; its `process_view` and
`process_exception` hooks run as Django's handler runs them. The chain runs inside the site's own
MIDDLEWARE, around the view alone. Why not `django.utils.decorators.decorator_from_middleware`: it
runs only the hooks, never a middleware's `__call__`, which is where most middleware does its work
today.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextvars import ContextVar
from functools import wraps
from typing import Any

from django.core.exceptions import MiddlewareNotUsed
from django.http import HttpRequest, HttpResponse
from django.utils.module_loading import import_string

View = Callable[..., HttpResponse]
Handler = Callable[[HttpRequest], HttpResponse]

# The view's own arguments for the request being answered: a chain is made once per view and list
# of names, and Django's middleware hands on the request alone.
_arguments: ContextVar[tuple[tuple[Any, ...], dict[str, Any]]] = ContextVar("view_arguments")


class _Chain:
    """The named middleware around one view, made once (each middleware's `__init__` runs once,
    as the site's own do at start-up)."""

    def __init__(self, view: View, names: Sequence[str]) -> None:
        self.view = view
        self.view_hooks: list[Callable[..., HttpResponse | None]] = []
        self.exception_hooks: list[Callable[..., HttpResponse | None]] = []
        handler: Handler = self.call_view
        for name in reversed(names):
            try:
                middleware = import_string(name)(handler)
            except MiddlewareNotUsed:  # as Django's handler: a middleware may bow out at start-up
                continue
            if hasattr(middleware, "process_view"):
                self.view_hooks.insert(0, middleware.process_view)
            if hasattr(middleware, "process_exception"):
                self.exception_hooks.append(middleware.process_exception)
            handler = middleware
        self.handler = handler

    def call_view(self, request: HttpRequest) -> HttpResponse:
        args, kwargs = _arguments.get()
        for hook in self.view_hooks:  # in the order named, as Django's
            answered = hook(request, self.view, args, kwargs)
            if answered is not None:
                return answered
        try:
            return self.view(request, *args, **kwargs)
        except Exception as exception:
            for hook in self.exception_hooks:  # the last named first, as Django's
                answered = hook(request, exception)
                if answered is not None:
                    return answered
            raise


def with_middleware(view: View, names: Callable[[], Sequence[str]]) -> View:
    """`view` run inside the middleware `names()` lists (read at every request, so a changed
    setting is followed; an empty list calls the view as it is)."""
    chains: dict[tuple[str, ...], _Chain] = {}

    @wraps(view)  # keeps csrf_exempt and the other marks Django reads off a view
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        listed = tuple(names())
        if not listed:
            return view(request, *args, **kwargs)
        chain = chains.get(listed)
        if chain is None:
            chain = chains[listed] = _Chain(view, listed)
        token = _arguments.set((args, kwargs))
        try:
            return chain.handler(request)
        finally:
            _arguments.reset(token)

    return wrapped
