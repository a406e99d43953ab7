"""The panel speaks each account's own panel language; public pages follow the address prefix."""

from __future__ import annotations

from django.utils import translation

PANEL_PREFIXES = ("/cms/", "/api/cms/")


class PanelLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if request.path.startswith(PANEL_PREFIXES) and user is not None and user.is_authenticated:
            translation.activate(user.panel_language)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
