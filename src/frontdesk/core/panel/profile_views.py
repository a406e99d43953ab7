"""Panel section: My account. The form saves through PUT /api/cms/me (js/pages/profile.js)."""

from django.conf import settings
from django.shortcuts import render
from django.utils.translation import get_language_info

from frontdesk.core.panel.access import panel_page


def language_choices() -> list[tuple[str, str]]:
    """The site's languages, each named in its own language ("Deutsch", "Русский")."""
    return [(code, get_language_info(code)["name_local"]) for code, _name in settings.LANGUAGES]


@panel_page("profile")
def index(request):
    return render(request, "panel/profile.html", {"languages": language_choices()})
