"""The picture controls of an editing screen. One picture: a hidden input holding its key, its preview,
and buttons that open the library's picker (`panel/_picture_field.html`, mounted by
`static/frontdesk/js/picture-field.js`). The SEO card, the settings' picture kind, a service's
and a category's cover use it. A gallery: an ordered list of pictures (`GalleryControl`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import get_language

from frontdesk.pictures.queries import PictureView, resolve_pictures


@dataclass(frozen=True)
class PictureControl:
    id: str  # the Choose button's id (a label's `for`)
    name: str  # the hidden input's name: what formData() sends ("cover", "seo.image")
    label: str | Promise
    key: str  # "" for none
    view: PictureView | None  # None for none, or for a key whose picture is gone
    hint: str | Promise = ""
    error_key: str = ""  # where a refusal lands (data-error-key); default the name


def picture_control(
    key: str | None,
    *,
    id: str,
    name: str,
    label: str | Promise,
    hint: str | Promise = "",
    error_key: str = "",
) -> PictureControl:
    """The control with the picture `key` shows now (one query for a key, none without)."""
    key = key or ""
    view = resolve_pictures([key], language=get_language()).get(key) if key else None
    return PictureControl(
        id=id, name=name, label=label, key=key, view=view, hint=hint, error_key=error_key or name
    )


@dataclass(frozen=True)
class GalleryItem:
    key: str
    view: PictureView | None  # None for a key whose picture is gone or not ready yet


@dataclass(frozen=True)
class GalleryControl:
    """A gallery's control (`panel/_gallery_field.html`, mounted by
    `static/frontdesk/js/gallery-field.js`): its pictures in order, added from the library's
    picker, removed, and moved by dragging or by keyboard; the first is the cover."""

    id: str  # the Add button's id (a label's `for`)
    name: str  # what formData() sends: the keys in order, as a list ("photos")
    label: str | Promise
    items: list[GalleryItem]
    limit: int
    hint: str | Promise = ""
    error_key: str = ""


def gallery_control(
    keys: list[str] | None,
    *,
    id: str,
    name: str,
    label: str | Promise,
    hint: str | Promise = "",
    error_key: str = "",
) -> GalleryControl:
    """The control with the gallery `keys` shows now (one query for any number of keys)."""
    from frontdesk.pictures.gallery import MAX_GALLERY

    keys = list(keys or [])
    views = resolve_pictures(keys, language=get_language()) if keys else {}
    return GalleryControl(
        id=id,
        name=name,
        label=label,
        items=[GalleryItem(key, views.get(key)) for key in keys],
        limit=MAX_GALLERY,
        hint=hint,
        error_key=error_key or name,
    )
