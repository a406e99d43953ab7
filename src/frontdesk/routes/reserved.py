"""The paths the host keeps for itself: no object's address may be one or lie under one."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings

from frontdesk.routes.registry import register_reserved_path


def register_reserved_paths() -> None:
    register_reserved_path("panel", "cms")
    register_reserved_path("api", "api")  # the panel's API and the MCP server under it
    register_reserved_path("languages", "i18n")
    # Only their path counts: on another host (a CDN) they take nothing from the site.
    register_reserved_path("static", urlsplit(settings.STATIC_URL).path)
    register_reserved_path("media", urlsplit(settings.MEDIA_URL).path)
    register_reserved_path("favicon", "favicon.ico")
    register_reserved_path("sitemap", "sitemap.xml")
    register_reserved_path("robots", "robots.txt")
    register_reserved_path("preview", "preview")  # publishing/preview.py, in every language
