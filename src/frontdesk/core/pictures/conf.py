"""The picture library's settings: what a site sets in `FRONTDESK["pictures"]` over the defaults
here (docs/host.md, "The picture library"), read through `picture_settings()`."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

DEFAULTS: dict[str, Any] = {
    # The widths renditions are made at; a picture is never made wider than it is.
    "widths": [320, 640, 960, 1280, 1920],
    # The largest file an upload may be, and the most pixels its picture may have: a small file
    # can unpack into gigabytes (a "decompression bomb"), so the pixels are judged before decoding.
    "max_bytes": 20 * 1024 * 1024,
    "max_pixels": 50_000_000,
    # Encoder quality of JPEG and WebP renditions (1-100).
    "quality": 82,
    # The media storage's files are served by the site itself at MEDIA_URL (core/pictures/media.py);
    # false when a web server, a CDN or S3 serves them.
    "serve_media": True,
}


@cache
def picture_settings() -> dict[str, Any]:
    return {**DEFAULTS, **settings.FRONTDESK.get("pictures", {})}


@receiver(setting_changed)
def _forget(setting: str, **kwargs: Any) -> None:
    if setting == "FRONTDESK":
        picture_settings.cache_clear()
