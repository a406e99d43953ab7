"""The picture library's settings: what a site sets in `FRONTDESK["pictures"]` over the defaults
here (docs/host.md, "The picture library"), read through `picture_settings()`."""

from __future__ import annotations

from typing import Any

from frontdesk.core.conf import module_settings

DEFAULTS: dict[str, Any] = {
    # The widths renditions are made at; a picture is never made wider than it is.
    "widths": [320, 640, 960, 1280, 1920],
    # The largest file an upload may be, and the most pixels its picture may have: a small file
    # can unpack into gigabytes (a "decompression bomb"), so the pixels are judged before decoding.
    "max_bytes": 20 * 1024 * 1024,
    "max_pixels": 50_000_000,
    # The most bytes decoding a picture may take: pixels x bytes per pixel as stored (a 16-bit
    # RGB PNG costs 6 a pixel, an 8-bit one 3; an animated picture 4 a pixel for every frame),
    # judged from the header too. 150 MB takes a 50 megapixel photo and refuses its 16-bit twin.
    "max_decoded_bytes": 150 * 1024 * 1024,
    # Uploads and replacements one account may make in a minute (0: no limit); more are refused
    # with 429 until the minute is over. Counted in the cache, so across workers with Redis.
    "uploads_per_minute": 20,
    # Encoder quality of JPEG and WebP renditions (1-100).
    "quality": 82,
    # The media storage's files are served by the site itself at MEDIA_URL (pictures/media.py);
    # false when a web server, a CDN or S3 serves them.
    "serve_media": True,
}


def picture_settings() -> dict[str, Any]:
    return module_settings("pictures", DEFAULTS)
