"""Small rules the inbox's operations share: ids as the doors send them, translated values, and
the form's version every change moves."""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.utils import timezone

from frontdesk.core.fields import merge_translations
from frontdesk.inbox.models import Form

DIGITS = re.compile(r"^[0-9]{1,18}$")  # ASCII digits only, and small enough for any database's id


def as_id(value: object) -> int | None:
    """`value` as a row id, or None when it cannot be one (not digits, or beyond any id)."""
    if isinstance(value, bool):
        return None
    text = str(value).strip()
    return int(text) if DIGITS.match(text) else None


def translations(stored: dict, values: dict, key: str, error_key: str, *, required: bool = False) -> dict:
    """`values[key]` saved over `stored` by the host's one rule (merge_translations), keyed `error_key`."""
    try:
        return merge_translations(stored, values.get(key), required=required)
    except ValidationError as error:
        raise ValidationError({error_key: error.messages}) from None


def touch(form: Form) -> None:
    """A change of the fields is a change of the form: its `updated_at` moves (the panel's list
    of forms shows it)."""
    Form.objects.filter(pk=form.pk).update(updated_at=timezone.now())
