"""Helpers for the picture library's tests: made-up image files and a media storage per test."""

from __future__ import annotations

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

CONTENT_TYPES = {"JPEG": "image/jpeg", "PNG": "image/png", "WEBP": "image/webp", "GIF": "image/gif"}


def image_bytes(
    width: int = 800, height: int = 600, kind: str = "JPEG", colour=(200, 40, 40), **options
) -> bytes:
    mode = "RGBA" if kind == "PNG" else "RGB"
    image = Image.new(mode, (width, height), colour)
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def picture_file(
    width: int = 800, height: int = 600, kind: str = "JPEG", name: str | None = None, **options
) -> SimpleUploadedFile:
    extension = {"JPEG": "jpg"}.get(kind, kind.lower())
    return SimpleUploadedFile(
        name or f"holiday_photo.{extension}",
        image_bytes(width, height, kind, **options),
        content_type=CONTENT_TYPES[kind],
    )


def stored_files(location) -> set[str]:
    return {str(path.relative_to(location)) for path in location.rglob("*") if path.is_file()}
