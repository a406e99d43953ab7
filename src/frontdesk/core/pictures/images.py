"""What the library does with an uploaded file (Pillow): judge it, measure it, make its renditions.

A file is accepted when Pillow reads it as JPEG, PNG, WebP or GIF, its header passes Pillow's
`verify()`, it is at most `max_bytes` long and has at most `max_pixels` pixels (judged from the
header, before anything is decoded: a small file can unpack into gigabytes). Anything else is a
`ValidationError` under `file`.

Renditions keep the original's format (a still GIF's are PNG), are turned upright by the EXIF
orientation and carry no metadata but the colour profile (no camera, no GPS position). An
animated GIF or WebP gets none: it is shown as uploaded, so it keeps moving.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

from frontdesk.core.pictures.conf import picture_settings

# Pillow's format name -> (the file's extension, the renditions' format).
FORMATS = {"JPEG": ("jpg", "JPEG"), "PNG": ("png", "PNG"), "WEBP": ("webp", "WEBP"), "GIF": ("gif", "PNG")}
EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "WEBP": "webp"}


@dataclass
class Rendition:
    width: int
    height: int
    content: bytes
    extension: str


@dataclass
class Judged:
    """An accepted file: its bytes and what the library stores about it."""

    content: bytes
    format: str  # "jpeg", "png", "webp", "gif"
    extension: str
    width: int
    height: int
    digest: str  # the start of its SHA-256: part of every stored name, so a new file is a new address
    animated: bool
    renditions: list[Rendition] = field(default_factory=list)


def _refuse(message: str) -> ValidationError:
    return ValidationError({"file": [message]})


def judge(upload) -> Judged:
    """The uploaded file (a Django `UploadedFile` or any file object) read and judged, with its
    renditions made; a `ValidationError` under `file` when it is not a picture the library takes."""
    limits = picture_settings()
    if upload is None:
        raise _refuse(_("Choose a picture file."))
    size = getattr(upload, "size", None)
    if size is not None and size > limits["max_bytes"]:
        raise _refuse(_("The file is larger than %(size)s.") % {"size": filesizeformat(limits["max_bytes"])})
    upload.seek(0)
    content = upload.read(limits["max_bytes"] + 1)
    if len(content) > limits["max_bytes"]:
        raise _refuse(_("The file is larger than %(size)s.") % {"size": filesizeformat(limits["max_bytes"])})
    if not content:
        raise _refuse(_("The file is empty."))
    not_a_picture = _("This file is not a picture the library takes (JPEG, PNG, WebP or GIF).")
    too_large = _("The picture has more than %(count)s million pixels.") % {
        "count": f"{limits['max_pixels'] / 1_000_000:g}"
    }
    with warnings.catch_warnings():
        # Pillow warns, then refuses, past its own limit; both mean the same here.
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(io.BytesIO(content)) as probe:
                kind = probe.format or ""
                if kind not in FORMATS:
                    raise _refuse(not_a_picture)
                width, height = probe.size
                if width < 1 or height < 1:
                    raise _refuse(not_a_picture)
                if width * height > limits["max_pixels"]:
                    raise _refuse(too_large)
                probe.verify()
            with Image.open(io.BytesIO(content)) as image:
                animated = getattr(image, "n_frames", 1) > 1
                image.load()  # a truncated body fails here, not half-way through a rendition
                upright = ImageOps.exif_transpose(image)
                judged = Judged(
                    content=content,
                    format=kind.lower(),
                    extension=FORMATS[kind][0],
                    width=upright.width,
                    height=upright.height,
                    digest=hashlib.sha256(content).hexdigest()[:16],
                    animated=animated,
                )
                if not animated:
                    judged.renditions = _renditions(upright, FORMATS[kind][1], image.info.get("icc_profile"))
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _refuse(too_large) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
            raise _refuse(not_a_picture) from None
    return judged


def rendition_widths(width: int) -> list[int]:
    """The widths made for a picture `width` pixels wide: each configured one below it, and the
    picture's own width up to the largest configured one (never wider than the original)."""
    widths = sorted(picture_settings()["widths"])
    return sorted({w for w in widths if w < width} | {min(width, widths[-1])})


def _renditions(image: Image.Image, kind: str, icc_profile: bytes | None) -> list[Rendition]:
    if image.mode not in ("RGB", "RGBA", "L", "LA"):
        transparent = image.mode in ("P", "PA", "RGBa", "La") and (
            "transparency" in image.info or image.mode != "P"
        )
        image = image.convert("RGBA" if transparent else "RGB")
    if kind == "JPEG" and image.mode in ("RGBA", "LA"):
        image = image.convert("RGB")
    made = []
    for width in rendition_widths(image.width):
        height = max(1, round(image.height * width / image.width))
        resized = image if width == image.width else image.resize((width, height), Image.Resampling.LANCZOS)
        made.append(Rendition(width, height, _encode(resized, kind, icc_profile), EXTENSIONS[kind]))
    return made


def _encode(image: Image.Image, kind: str, icc_profile: bytes | None) -> bytes:
    quality = picture_settings()["quality"]
    options: dict = {"icc_profile": icc_profile} if icc_profile else {}
    if kind == "JPEG":
        options.update(quality=quality, optimize=True, progressive=True)
    elif kind == "WEBP":
        options.update(quality=quality, method=4)
    else:
        options.update(optimize=True)
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()
