"""Addresses: the panel at /cms/, its API at /api/cms/, the media files at /media/ (when the site
serves them, pictures/media.py), the public site under language prefixes: the host's own pages,
then the modules' own patterns (registered in their `ready()`, routes/public_urls.py; this module
is imported once every app is ready), ending with the objects' stored addresses (routes).

/api/cms/mcp is not here: the WSGI app (frontdesk.wsgi, core/serving.py) routes it to the MCP server.
"""

from django.conf.urls.i18n import i18n_patterns
from django.urls import URLPattern, URLResolver, include, path

from frontdesk.core.api import api
from frontdesk.pictures.media import media_urlpatterns
from frontdesk.publishing import preview
from frontdesk.routes import sitemap
from frontdesk.routes.public_urls import public_urlpatterns

urlpatterns: list[URLPattern | URLResolver] = [
    path("cms/", include("frontdesk.core.panel.urls")),
    path("api/cms/", api.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("frontdesk.inbox.site.urls")),
    path("sitemap.xml", sitemap.sitemap, name="sitemap"),
    path("sitemap-<int:number>.xml", sitemap.sitemap_part, name="sitemap-part"),
    path("robots.txt", sitemap.robots, name="robots"),
    # The media storage's files (uploaded pictures), when the site serves them itself.
    *media_urlpatterns(),
]

urlpatterns += i18n_patterns(
    path("", include("frontdesk.publishing.site.urls")),
    path("", include("frontdesk.inbox.site.page_urls")),
    path("preview/<str:token>/", preview.preview_page, name="preview"),
    # The modules' own addresses (the events' index), each under its namespace.
    *public_urlpatterns(),
    # Last: an address stored for an object (routes), asked only when nothing above matched.
    path("", include("frontdesk.routes.urls")),
    prefix_default_language=False,
)

handler400 = "frontdesk.publishing.site.views.bad_request"
handler404 = "frontdesk.publishing.site.views.not_found"
