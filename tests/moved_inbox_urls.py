"""The site's addresses with the panel's sections placed where the settings say when this module
is first loaded (tests/inbox/test_moved_section.py moves the Inbox); the rest as frontdesk.urls."""

from django.urls import include, path

from frontdesk import urls as site
from frontdesk.core.panel import urls as panel

urlpatterns = [
    path("cms/", include(([*panel.own_patterns, *panel.section_patterns()], "panel"))),
    *(pattern for pattern in site.urlpatterns if str(getattr(pattern, "pattern", "")) != "cms/"),
]
handler400 = site.handler400
handler404 = site.handler404
