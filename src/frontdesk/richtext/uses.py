"""The one way a model's rich text reports its pictures (docs/host.md, "Rich text"): the owning app
registers the model's rich text fields once, in its ready(), and every picture they show is a
use of that picture: named where it is used, and refusing its deletion (pictures/uses.py).

    register_rich_text_pictures(
        "faq.answers", "faq.Question", label=_("FAQ answers"), fields=["answer"], url=edit_url,
        permission="faq.view",
    )

A field holds rich text per language (a TranslatedField) or one text. `keys` names fields that
hold a picture key as it is (a cover), so one row using a picture twice is one place.
`permission` is who may learn which row uses a picture (pictures/uses.py): a permission, or
`permission(row)` when it depends on the row (a category: its type's).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db import models
from django.db.models import Q
from django.utils.functional import Promise

from frontdesk.pictures.uses import PictureUse, register_picture_use, uses_in
from frontdesk.richtext.cleaning import rich_text_picture_keys


def _texts(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [text for text in value.values() if isinstance(text, str)]
    return [value] if isinstance(value, str) else []


def rich_text_pictures(
    model: str | type[models.Model],
    *,
    fields: Sequence[str],
    keys: Sequence[str] = (),
    url: Callable[[Any], str | None] | None = None,
    label: Callable[[Any], str] = str,
    order_by: Sequence[str] = (),
    permission: Callable[[Any], str] | None = None,
) -> Callable[[str], list[Any]]:
    """The `find` of a PictureUse for the rich text `fields` (and the key `keys`) of `model` (a
    class or "app.Model"): every row that shows the picture, binned ones too (a restore brings
    its text back), in one query that narrows to the rows whose text holds the key; each text's
    pictures are then read (`rich_text_picture_keys`), so a key that is only a word is no use."""
    from django.apps import apps

    def shows(row: Any, key: str) -> bool:
        return any(getattr(row, field) == key for field in keys) or any(
            key in rich_text_picture_keys(text) for field in fields for text in _texts(getattr(row, field))
        )

    def find(key: str) -> list[Any]:
        rows_model = apps.get_model(model) if isinstance(model, str) else model
        wanted = Q()
        for field in keys:
            wanted |= Q(**{field: key})
        for field in fields:
            wanted |= Q(**{f"{field}__icontains": key})
        rows = rows_model._base_manager.filter(wanted).order_by(*(order_by or ["pk"]))
        return uses_in([row for row in rows if shows(row, key)], label, url, permission)

    return find


def register_rich_text_pictures(
    name: str,
    model: str | type[models.Model],
    *,
    label: str | Promise,
    fields: Sequence[str],
    keys: Sequence[str] = (),
    url: Callable[[Any], str | None] | None = None,
    order_by: Sequence[str] = (),
    permission: str | Callable[[Any], str] | None = None,
) -> None:
    """Register the rich text `fields` of `model` (and its picture key fields `keys`) as a place
    pictures are used, in the owning app's ready(). Every module's rich text goes through here."""
    per_row = permission if callable(permission) else None
    find = rich_text_pictures(model, fields=fields, keys=keys, url=url, order_by=order_by, permission=per_row)
    register_picture_use(
        PictureUse(name=name, label=label, find=find, permission=None if callable(permission) else permission)
    )
