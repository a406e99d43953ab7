"""The panel speaks each account's own panel language; public pages follow the address prefix.

Django's LocaleMiddleware gives every address without a language prefix the default language
(the public site uses `i18n_patterns(prefix_default_language=False)`). The panel has no prefix,
so here a visitor who is not logged in (the login and password pages) gets the language of
their cookie or browser instead, and a logged-in account its panel language.
"""

from __future__ import annotations

from django.utils import translation

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
