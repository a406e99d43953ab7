"""The panel's language, its answers kept out of caches, and the operations' own errors on the
panel's and the site's pages.

The panel speaks each account's own panel language; public pages follow the address prefix.

Django's LocaleMiddleware gives every address without a language prefix the default language
(the public site uses `i18n_patterns(prefix_default_language=False)`). The panel has no prefix,
so here a visitor who is not logged in (the login and password pages) gets the language of
their cookie or browser instead, and a logged-in account its panel language.
"""

from __future__ import annotations

from django.core.handlers.exception import response_for_exception
from django.http import Http404
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.deprecation import MiddlewareMixin

from frontdesk.core.errors import NotFound

PANEL_PREFIXES = ("/cms/", "/api/cms/")


class PanelLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(PANEL_PREFIXES):
            user = getattr(request, "user", None)
            if user is not None and user.is_authenticated:
                language = user.panel_language
            else:
                language = translation.get_language_from_request(request, check_path=False)
            translation.activate(language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)


class PrivateAnswersMiddleware(MiddlewareMixin):
    """Every answer of the panel and its API (the MCP server's too, core/serving.py) is one
    account's: `Cache-Control: private, no-store`, so no shared cache keeps it and no browser
    keeps it on disk. A directive a view set stays beside them; public pages keep their own."""

    def process_response(self, request, response):
        if request.path_info.startswith(PANEL_PREFIXES):
            patch_cache_control(response, private=True, no_store=True)
        return response


class NotFoundMiddleware:
    """An operation's NotFound (core/errors.py), raised under a page, answers as Django's own
    Http404 does: the site's 404 page, with the operation's words where DEBUG shows them. The
    API and the MCP calls answer it themselves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, NotFound):
            return response_for_exception(request, Http404(str(exception)))
        return None
