"""The picture control of an editing screen: a hidden input holding a picture's key, its preview,
and buttons that open the library's picker (`panel/_picture_field.html`, mounted by
`static/frontdesk/js/picture-field.js`). The SEO card, the settings' picture kind, a service's
and a category's cover use it."""

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
