"""Panel section: Pictures, the library as a grid with search, upload, and a dialog per picture to
change its name and alt text, replace its file or delete it (js/pages/pictures.js, through
/api/cms/pictures)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.defaultfilters import filesizeformat

from frontdesk.core.panel.access import panel_page
from frontdesk.core.panel.profile_views import language_choices
from frontdesk.pictures.conf import picture_settings


@panel_page("pictures")
def index(request: HttpRequest) -> HttpResponse:
    limits = picture_settings()
    context = {
        "languages": language_choices(),
        "max_size": filesizeformat(limits["max_bytes"]),
        "max_megapixels": f"{limits['max_pixels'] / 1_000_000:g}",
    }
    return render(request, "panel/pictures.html", context)
