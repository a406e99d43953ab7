"""Serving the media storage's files at MEDIA_URL from the site itself, so uploaded pictures are
reachable under `frontdesk serve` and runserver with nothing else set up (docs/host.md, "The
picture library", "Serving the files").

Only when the default storage is a file system storage and FRONTDESK["pictures"]["serve_media"]
is on (FRONTDESK_SERVE_MEDIA, default true); a site whose web server, CDN or S3 serves the files
turns it off. Files under pictures/ carry their content's digest in their name, so they are
cached for a year; anything else for an hour. The inbox's attachments live outside the media
root (its system check says so) and are never reachable here.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import SuspiciousFileOperation
from django.core.files.storage import FileSystemStorage, storages
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, path
from django.views.static import serve

from frontdesk.pictures.conf import picture_settings

YEAR, HOUR = 365 * 24 * 60 * 60, 60 * 60
# What the library writes into the media storage: renditions only (`<digest>-<width>w.<ext>`, a
# suffix when the storage made the name unique). An original a site kept there before the
# private storage existed is not served, even before `pictures_remake` has moved it.
RENDITION = re.compile(r"^pictures/[^/]+/[0-9a-f]+-[0-9]+w(_[A-Za-z0-9]+)?\.[a-z]+$")


def media_file(request: HttpRequest, name: str) -> HttpResponse | FileResponse:
    disk = storages["default"]
    if not picture_settings()["serve_media"] or not isinstance(disk, FileSystemStorage):
        raise Http404
    if name.startswith("pictures/") and not RENDITION.match(name):
        raise Http404
    try:
        response = serve(request, name, document_root=str(disk.location))
    except SuspiciousFileOperation:  # a name that leads out of the media root
        raise Http404 from None
    age = YEAR if name.startswith("pictures/") else HOUR
    response["Cache-Control"] = f"public, max-age={age}" + (", immutable" if age == YEAR else "")
    return response


def media_urlpatterns() -> list[URLPattern]:
    """The pattern for MEDIA_URL when it is an address on this site (not another host's)."""
    address = urlsplit(settings.MEDIA_URL or "")
    if address.netloc or not address.path.strip("/"):
        return []
    return [path(f"{address.path.strip('/')}/<path:name>", media_file, name="media")]
