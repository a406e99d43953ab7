"""The last public pattern: a path that is some object's address in the page's language.

Included at the end of the site's `i18n_patterns`, so the language prefix is already read off
and every address of the site's own patterns wins over a stored one.
"""

from __future__ import annotations

from django.urls import URLPattern
from django.urls.resolvers import RegexPattern
from django.utils import translation

from frontdesk.routes import serving


class StoredAddressPattern(RegexPattern):
    """Matches only a path stored in `Route` for the active language (one indexed question), so
    any other path stays unmatched: Django's 404, APPEND_SLASH and the alias fallback see it as
    they would without this pattern. Paths are stored without outer slashes, so a path with one
    is never asked about."""

    def __init__(self) -> None:
        super().__init__(r"^(?P<path>[^/].*)$", name=None, is_endpoint=True)

    def match(self, path: str):
        found = super().match(path)
        if found is None or not serving.storable_path(path):
            return None
        hit = serving.find_route(translation.get_language(), path)
        if hit is None:
            return None
        remaining, args, kwargs = found
        return remaining, args, {**kwargs, "route": hit}


app_name = "routes"
urlpatterns = [URLPattern(StoredAddressPattern(), serving.route_page, name="page")]
