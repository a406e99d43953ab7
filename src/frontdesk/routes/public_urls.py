"""A module's own public addresses: fixed URL patterns (the events' index at /<prefix>, named
events:index; its calendar files at /<prefix>/<slug>.ics, events:ics) that the site's root
urls.py mounts in every language without importing the module (docs/host.md, "A module's public
addresses").

A module registers them in `AppConfig.ready()`; the root urls.py is imported after every app is
ready, so it finds them all:

    register_public_urls(PublicUrls(
        name="events",                                  # the namespace: reverse("events:index")
        patterns=site.urlpatterns,                      # () -> [path(...), ...], read once
        middleware=lambda: events_settings()["middleware"],  # () -> dotted paths, each request
    ))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.urls import URLPattern, URLResolver, include, path

from frontdesk.core.registry import Registry
from frontdesk.core.view_middleware import with_middleware

Patterns = list[URLPattern | URLResolver]


def _no_middleware() -> Sequence[str]:
    return ()


@dataclass(frozen=True)
class PublicUrls:
    """A module's public patterns, mounted under the namespace `name` inside the site's language
    prefixes (so /x, /de/x, /ru/x), after the host's own patterns and before the objects' stored
    addresses (routes/urls.py). `patterns()` is read once, when the root urls.py is imported (a
    module leaves out a pattern its settings switch off: the events' index). Every view among
    them runs inside the middleware `middleware()` names (core/view_middleware.py)."""

    name: str
    patterns: Callable[[], Patterns]
    middleware: Callable[[], Sequence[str]] = field(default=_no_middleware)


PUBLIC_URLS: Registry[PublicUrls] = Registry("public URL set")


def register_public_urls(urls: PublicUrls) -> PublicUrls:
    return PUBLIC_URLS.register(urls.name, urls)


def wrapped(
    patterns: Sequence[URLPattern | URLResolver], middleware: Callable[[], Sequence[str]]
) -> Patterns:
    """`patterns` with each view inside `middleware` (included patterns too)."""
    found: Patterns = []
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = wrapped(entry.url_patterns, middleware)
            found.append(
                URLResolver(entry.pattern, inner, entry.default_kwargs, entry.app_name, entry.namespace)
            )
        else:
            view = with_middleware(entry.callback, middleware)
            found.append(URLPattern(entry.pattern, view, entry.default_args, entry.name))
    return found


def public_urlpatterns() -> Patterns:
    """What the root urls.py mounts inside `i18n_patterns`: each registered set under its name."""
    return [
        path("", include((wrapped(urls.patterns(), urls.middleware), urls.name)))
        for urls in PUBLIC_URLS.all()
    ]
