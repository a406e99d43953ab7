"""What the library does with an uploaded file (Pillow): judge it, then make its renditions.

`judge(upload)` runs in the request: a file is accepted when Pillow reads it as JPEG, PNG, WebP
or GIF, its header passes Pillow's `verify()`, it is at most `max_bytes` long, has at most
`max_pixels` pixels, and decoding it costs at most `max_decoded_bytes` (pixels x bytes per pixel
as decoded, x frames for an animated one), all judged from the header before anything is
decoded: a small file can unpack into gigabytes. Only then is its first frame decoded, so that a
truncated body is refused here. Anything else is a `ValidationError` under `file`.

`make_renditions(content)` runs in the picture's task (pictures/tasks.py): the renditions
keep the original's format (a still GIF's are PNG), are turned upright by the EXIF orientation
and carry no metadata but the colour profile (no EXIF, no GPS position, no XMP, no comment). An
animated GIF or WebP gets one rendition of its own, every frame re-encoded the same way, at its
width up to the largest configured one, so it keeps moving without its original being served.
"""

from __future__ import annotations

import hashlib
import io
import warnings
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, ImageSequence, UnidentifiedImageError

from frontdesk.pictures.conf import picture_settings

# Pillow's format name -> (the file's extension, the renditions' format).
FORMATS = {"JPEG": ("jpg", "JPEG"), "PNG": ("png", "PNG"), "WEBP": ("webp", "WEBP"), "GIF": ("gif", "PNG")}
ANIMATED_FORMATS = {"GIF": "GIF", "WEBP": "WEBP"}
EXTENSIONS = {"JPEG": "jpg", "PNG": "png", "WEBP": "webp", "GIF": "gif"}
ORIENTATION = 0x0112
TURNED = {5, 6, 7, 8}  # EXIF orientations that swap width and height
# A frame of an animated picture is worked on as RGBA, whatever it is stored as.
FRAME_BYTES = 4


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
    width: int  # upright, after the EXIF orientation
    height: int
    digest: str  # the start of its SHA-256: part of every stored name, so a new file is a new address
    animated: bool


def _refuse(message: str) -> ValidationError:
    return ValidationError({"file": [message]})


def bytes_per_pixel(image: Image.Image) -> int:
    """What one pixel costs once decoded: a byte per band, two at 16 bits, four for 32-bit
    integers or floats, read from the header's raw mode (a 16-bit RGB PNG is RGB;16B)."""
    tile = getattr(image, "tile", None)  # an opened file's, not in Image.Image's stubs
    rawmode = tile[0].args if tile else image.mode
    rawmode = rawmode[0] if isinstance(rawmode, tuple) else rawmode
    if not isinstance(rawmode, str):  # GIF's tile names no raw mode: a palette index per pixel
        rawmode = image.mode
    if image.mode in ("I", "F") or "32" in rawmode:
        sample = 4
    elif "16" in rawmode:
        sample = 2
    else:
        sample = 1
    return len(image.getbands()) * sample


def decoding_cost(image: Image.Image, frames: int = 1) -> int:
    """The bytes decoding the picture takes, from its header alone."""
    if frames > 1:
        return image.width * image.height * FRAME_BYTES * frames
    return image.width * image.height * bytes_per_pixel(image)


def judge(upload) -> Judged:
    """The uploaded file (a Django `UploadedFile` or any file object) read and judged; a
    `ValidationError` under `file` when it is not a picture the library takes."""
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
    too_costly = _(
        "The picture would take more than %(size)s to decode; make it smaller or save it with 8 bits per"
        " colour."
    ) % {"size": filesizeformat(limits["max_decoded_bytes"])}
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
                if decoding_cost(probe) > limits["max_decoded_bytes"]:
                    raise _refuse(too_costly)
                probe.verify()  # before anything else reads the file: Pillow's rule
            with Image.open(io.BytesIO(content)) as image:
                frames = getattr(image, "n_frames", 1)  # counted from the frames' headers
                if decoding_cost(image, frames) > limits["max_decoded_bytes"]:
                    raise _refuse(too_costly)
                turned = image.getexif().get(ORIENTATION) in TURNED
                image.seek(0)
                if (
                    kind == "JPEG"
                ):  # read at an eighth of the size: every scan still, in a fraction of the time
                    image.draft(image.mode, (max(1, width // 8), max(1, height // 8)))
                image.load()  # a truncated body fails here, not later in the renditions' task
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise _refuse(too_large) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
            raise _refuse(not_a_picture) from None
    return Judged(
        content=content,
        format=kind.lower(),
        extension=FORMATS[kind][0],
        width=height if turned else width,
        height=width if turned else height,
        digest=hashlib.sha256(content).hexdigest()[:16],
        animated=frames > 1,
    )


def make_renditions(content: bytes) -> list[Rendition]:
    """The renditions of an accepted file (`judge` took it), upright and without metadata."""
    with Image.open(io.BytesIO(content)) as image:
        kind = image.format or ""
        icc_profile = image.info.get("icc_profile")
        if getattr(image, "n_frames", 1) > 1:
            return [_animated_rendition(image, ANIMATED_FORMATS[kind], icc_profile)]
        return _renditions(ImageOps.exif_transpose(image), FORMATS[kind][1], icc_profile)


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
    source = image
    # Widest first, each narrower one from the one before: a 1920 px copy is made once from the
    # whole picture (reduced by whole factors first, as thumbnail() does), the rest from it.
    for width in reversed(rendition_widths(image.width)):
        height = max(1, round(image.height * width / image.width))
        if width != source.width:
            source = source.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
        made.append(Rendition(width, height, _encode(source, kind, icc_profile), EXTENSIONS[kind]))
    return made[::-1]


TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT,
    3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270,
    7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}


def _animated_rendition(image: Image.Image, kind: str, icc_profile: bytes | None) -> Rendition:
    """Every frame upright, at most the largest configured width, re-encoded without metadata."""
    turn = TRANSPOSE.get(image.getexif().get(ORIENTATION, 1))
    frames, durations = [], []
    for frame in ImageSequence.Iterator(image):
        durations.append(frame.info.get("duration", 100))
        upright = frame.convert("RGBA")
        if turn is not None:
            upright = upright.transpose(turn)
        width = rendition_widths(upright.width)[-1]
        if width != upright.width:
            height = max(1, round(upright.height * width / upright.width))
            upright = upright.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=3.0)
        frames.append(upright)
    first = frames[0]
    options = {
        "save_all": True,
        "append_images": frames[1:],
        "duration": durations,
        "loop": image.info.get("loop", 0),
    }
    return Rendition(
        first.width, first.height, _encode(first, kind, icc_profile, **options), EXTENSIONS[kind]
    )


def _encode(image: Image.Image, kind: str, icc_profile: bytes | None, **options) -> bytes:
    """The image in `kind`, with nothing of the original's metadata but its colour profile: Pillow
    carries some of `info` (a GIF's comment, XMP) into what it saves, so `info` is emptied first."""
    image.info = {}
    quality = picture_settings()["quality"]
    if icc_profile and kind != "GIF":
        options["icc_profile"] = icc_profile
    if kind == "JPEG":
        options.update(quality=quality, optimize=True, progressive=True)
    elif kind == "WEBP":
        options.update(quality=quality, method=4)
    else:
        options.update(optimize=True)
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()
