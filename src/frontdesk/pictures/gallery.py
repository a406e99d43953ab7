"""A gallery (docs/host.md, "Galleries"): an ordered list of pictures of the library, the first
being the cover, as an event's photos are.

    class Event(Versioned):
        versioned_fields = ("title", "photos")
        photos = GalleryField()

    # in the app's ready(): every picture a gallery holds is a use, refusing its deletion
    register_gallery_pictures("events.photos", "events.Event", field="photos",
                              label=_("Event photos"), url=edit_url, permission="events.view")

The value is a JSON list of picture keys, as a cover is one key: one column, so a versioned
holder drafts, previews, publishes and restores it like any other value. `clean_gallery` judges a
list on the way in (the model's `full_clean()` does too), `gallery_pictures` reads it as a page
prints it, `gallery_control` (pictures/controls.py) is its panel control.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from frontdesk.pictures.models import KEY_PATTERN, Picture
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.pictures.uses import PictureUse, register_picture_use, uses_in

# The most pictures one gallery holds: a page with more is a page nobody loads.
MAX_GALLERY = 50


def gallery_keys(given: object) -> list[str]:
    """`given` as a list of picture keys in its order, a repeat dropped (its first place counts);
    anything but a list of at most MAX_GALLERY keys is refused (an unkeyed ValidationError). Whether
    each key names a picture is `missing_pictures`'s question."""
    if not isinstance(given, list | tuple):
        raise ValidationError(_("Give a list of picture keys."))
    if len(given) > MAX_GALLERY:
        raise ValidationError(_("A gallery holds at most %(count)d pictures.") % {"count": MAX_GALLERY})
    keys: list[str] = []
    for item in given:
        if not isinstance(item, str) or not KEY_PATTERN.match(item):
            raise ValidationError(
                _("%(value)s is not a picture key.")
                % {"value": str(item)[:40] if isinstance(item, str) else repr(item)[:40]}
            )
        if item not in keys:
            keys.append(item)
    return keys


def missing_pictures(keys: list[str]) -> list[str]:
    """A refusal for each key the library has no picture for. One query, however many keys."""
    found = set(Picture.objects.filter(key__in=keys).values_list("key", flat=True)) if keys else set()
    return [
        _("There is no picture %(key)s in the library.") % {"key": key} for key in keys if key not in found
    ]


def clean_gallery(given: object, *, field: str) -> list[str]:
    """`given` as a gallery stores it: the keys in the given order, a repeat dropped, or
    ValidationError({field: [...]}) naming every key that names no picture of the library, or
    saying why the list is no gallery. One query."""
    try:
        keys = gallery_keys(given)
    except ValidationError as error:
        raise ValidationError({field: error.messages}) from None
    problems = missing_pictures(keys)
    if problems:
        raise ValidationError({field: problems})
    return keys


class GalleryField(models.JSONField):
    """An ordered list of picture keys, `["a1b2c3", "d4e5f6"]`; the first is the cover.

    `full_clean()` refuses, under the field, what `clean_gallery` refuses."""

    description = gettext_lazy("Ordered pictures of the library")

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("default", list)
        kwargs.setdefault("blank", True)
        super().__init__(*args, **kwargs)

    def validate(self, value: Any, model_instance: models.Model | None) -> None:
        super().validate(value, model_instance)
        problems = missing_pictures(gallery_keys(value))
        if problems:
            raise ValidationError(problems)


def gallery_pictures(keys: Iterable[str], *, language: str | None = None) -> list[PictureView]:
    """The gallery's pictures as a page prints them, in its order, the cover first (one query); a
    picture whose renditions are still being made is left out until they are."""
    keys = list(keys or [])
    views = resolve_pictures(keys, language=language)
    return [views[key] for key in keys if key in views]


def gallery_cover(keys: Iterable[str], *, language: str | None = None) -> PictureView | None:
    """The gallery's cover: its first picture a page can print, or None."""
    pictures = gallery_pictures(keys, language=language)
    return pictures[0] if pictures else None


def gallery_uses(
    model: str | type[models.Model],
    *,
    field: str,
    url: Callable[[Any], str | None] | None = None,
    label: Callable[[Any], str] = str,
    permission: Callable[[Any], str] | None = None,
) -> Callable[[str], list[Any]]:
    """The `find` of a PictureUse for the galleries `field` of `model`: every row that holds the
    picture, binned ones too (a restore brings its gallery back), and for a versioned row a
    gallery waiting in its draft too (publishing it would show the picture). One query narrows
    to the rows whose JSON holds the key's text; each list is then read."""
    from django.apps import apps

    def holds(row: Any, key: str) -> bool:
        draft = getattr(row, "draft", None)
        pending = draft.get(field) if isinstance(draft, dict) else None
        return key in (getattr(row, field) or []) or (isinstance(pending, list) and key in pending)

    def find(key: str) -> list[Any]:
        rows_model = apps.get_model(model) if isinstance(model, str) else model
        wanted = Q(**{f"{field}__icontains": key})
        if any(each.name == "draft" for each in rows_model._meta.concrete_fields):
            wanted |= Q(draft__icontains=key)
        rows = rows_model._base_manager.filter(wanted).order_by("pk")
        return uses_in([row for row in rows if holds(row, key)], label, url, permission)

    return find


def register_gallery_pictures(
    name: str,
    model: str | type[models.Model],
    *,
    label: str | Promise,
    field: str = "gallery",
    url: Callable[[Any], str | None] | None = None,
    permission: str | Callable[[Any], str] | None = None,
) -> None:
    """Register the galleries `field` of `model` as a place pictures are used, in the owning app's
    ready(): a picture a gallery holds is named where it is used (to a caller with `permission`,
    or `permission(row)`) and refuses deletion (pictures/uses.py)."""
    per_row = permission if callable(permission) else None
    register_picture_use(
        PictureUse(
            name=name,
            label=label,
            find=gallery_uses(model, field=field, url=url, permission=per_row),
            permission=None if callable(permission) else permission,
        )
    )
