"""Reading the library: a picture by key, the searched list, and `resolve_pictures`, which turns
any number of keys into what a page prints (one query)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.core.files.storage import FileSystemStorage, storages
from django.db.models import Q, QuerySet
from django.utils.encoding import filepath_to_uri
from django.utils.translation import gettext as _

from frontdesk.core.errors import NotFound
from frontdesk.core.languages import translate
from frontdesk.core.storage import private_storage  # noqa: F401  (where the originals live, for the library)
from frontdesk.pictures.models import KEY_PATTERN, Picture

MAX_KEYS = 1000  # keys one resolve reads; more in one page would be a page nobody loads
MAX_SEARCH_WORDS = 10


@dataclass(frozen=True)
class PictureView:
    """A picture as a page prints it: `url` is its widest rendition (at most the largest configured
    width), `width` and `height` that rendition's, `srcset` every rendition with its width."""

    key: str
    url: str
    srcset: str
    width: int
    height: int
    alt: str


def storage():
    """The media storage the renditions live in (STORAGES["default"]: files, or S3 when
    configured): public, every file in it has an address."""
    return storages["default"]


def file_url(name: str) -> str:
    disk = storage()
    if type(disk) is FileSystemStorage and disk.base_url:
        # What FileSystemStorage.url answers (its base_url always ends with "/"), without its
        # urljoin parsing the base address again for each of a page's hundreds of files.
        return disk.base_url + filepath_to_uri(name).lstrip("/")
    return disk.url(name)


def largest(picture: Picture) -> dict | None:
    """The rendition a page names in `src`; None while the renditions are being made. The
    original is never named: it lives in the private storage, with its metadata."""
    return picture.renditions[-1] if picture.renditions else None


def srcset_of(picture: Picture) -> str:
    if not picture.renditions:
        return ""
    return ", ".join(f"{file_url(item['name'])} {item['width']}w" for item in picture.renditions)


def view_of(picture: Picture, language: str | None = None) -> PictureView | None:
    src = largest(picture)
    if src is None:
        return None
    return PictureView(
        key=picture.key,
        url=file_url(src["name"]),
        srcset=srcset_of(picture),
        width=src["width"],
        height=src["height"],
        alt=translate(picture.alt, language),
    )


def valid_keys(keys: Iterable[str]) -> list[str]:
    """The keys that could name a picture (others cannot and are not asked for), each once."""
    return list(dict.fromkeys(key for key in keys if isinstance(key, str) and KEY_PATTERN.match(key)))


def resolve_pictures(keys: Iterable[str], *, language: str | None = None) -> dict[str, PictureView]:
    """{key: PictureView} for the pictures of `keys` that exist, in ONE query however many keys
    (none when there is no key); a key that names no picture, or a deleted one, is absent, and so
    is a new picture whose renditions are still being made (a page prints it once they are)."""
    wanted = valid_keys(keys)[:MAX_KEYS]
    if not wanted:
        return {}
    rows = Picture.objects.filter(key__in=wanted).only("key", "alt", "width", "height", "renditions")
    views = {picture.key: view_of(picture, language) for picture in rows}
    return {key: view for key, view in views.items() if view is not None}


def picture_exists(key: str) -> bool:
    """Whether `key` names a picture of the library (one query): asked of the row, not of
    `resolve_pictures`, so a picture whose renditions are still being made is one."""
    return bool(KEY_PATTERN.match(key)) and Picture.objects.filter(key=key).exists()


def clean_picture_key(value: object) -> str:
    """A picture key as an operation stores it (a cover): "" for none (None or ""), else a key
    that names a picture of the library (one query). Anything else is refused with an unkeyed
    ValidationError; the caller files it under its value's name."""
    if value is None or value == "":
        return ""
    key = value.strip() if isinstance(value, str) else ""
    if not key or not picture_exists(key):
        shown = value[:32] if isinstance(value, str) else repr(value)[:32]
        raise ValidationError(_("There is no picture %(key)s in the library.") % {"key": shown})
    return key


def picture_named(key: str, *, lock: bool = False) -> Picture:
    """The picture `key`, or NotFound."""
    rows = Picture.objects.select_for_update() if lock else Picture.objects.all()
    found = rows.filter(key=key).first() if KEY_PATTERN.match(key or "") else None
    if found is None:
        raise NotFound(_("There is no picture %(key)s.") % {"key": (key or "")[:32]})
    return found


def pictures(search: str = "", keys: Iterable[str] = ()) -> QuerySet[Picture]:
    """The library, newest first; `search`: every word is part of the name or an alt text (any
    language) or the key; `keys`: only these pictures."""
    rows = Picture.objects.order_by("-created_at", "-id")
    for word in search.casefold().split()[:MAX_SEARCH_WORDS]:
        rows = rows.filter(Q(search_text__contains=word) | Q(key=word))
    wanted = list(keys)
    if wanted:
        rows = rows.filter(key__in=valid_keys(wanted)[:MAX_KEYS])
    return rows
