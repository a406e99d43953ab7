"""Duplicating a form: a copy with its live fields, a free slug and a marked title."""

from __future__ import annotations

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.inbox.models import Form
from frontdesk.inbox.operations.fields import FIELD_KEYS, UNNAMED
from frontdesk.inbox.operations.forms import create_form, update_form
from frontdesk.inbox.permissions import MANAGE

DUPLICATE_KEYS = {"slug", "title"}
COPIED_FIELD_KEYS = sorted(FIELD_KEYS - {"id", "remove"})


# --- duplicating a form -------------------------------------------------------------------------


def _copy_slug(slug: str) -> str:
    """`<slug>-copy`, else `<slug>-copy-2`, `-copy-3`...: the first that is free (at most 100 chars)."""
    taken = set(Form.objects.filter(slug__startswith=slug[:90]).values_list("slug", flat=True))
    number = 1
    while True:
        suffix = "-copy" if number == 1 else f"-copy-{number}"
        candidate = slug[: 100 - len(suffix)].rstrip("-") + suffix
        if candidate not in taken:
            return candidate
        number += 1


def _copy_title(title: dict) -> dict:
    copied = {}
    for code, text in title.items():
        with translation.override(code):
            copied[code] = _("%(title)s (copy)") % {"title": text}
    return copied


@transaction.atomic
def duplicate_form(form: Form, *, actor: Actor, values: dict) -> Form:
    """A copy of `form`'s settings, project fields' values and live fields, without submissions,
    switched off.

    `values` may name the copy's `slug` (default `<slug>-copy`, `-copy-2`...) and `title`
    (default: each language's title with " (copy)"). The copy goes through `create_form`/`update_form`, so the
    same rules hold; it starts switched off so nothing goes live before someone reviews it.
    """
    require_permission(actor, MANAGE)
    values = dict(values or {})
    refuse_unknown_keys(values, DUPLICATE_KEYS, location="__all__")
    originals = list(form.live_fields().order_by("position", "id"))
    email = form.email_field_name
    # An unnamed e-mail field answers to f<id>, and the copy's field gets a new id.
    unnamed_email = bool(email and UNNAMED.match(email))
    copy = create_form(
        actor=actor,
        values={
            "slug": values.get("slug") or _copy_slug(form.slug),
            "title": values.get("title") or _copy_title(form.title),
            "options": form.options or {},
            "is_switched_off": True,
            "email_field_name": "" if unnamed_email else email,
        },
        fields=[{key: getattr(field, key) for key in COPIED_FIELD_KEYS} for field in originals],
    )
    if unnamed_email:
        copies = dict(zip((f.name for f in originals), copy.fields.order_by("pk"), strict=True))
        if email in copies:
            update_form(copy, actor=actor, values={"email_field_name": copies[email].name})
    # The project fields' values are copied as stored, not saved again: a value a patch has since
    # tightened must not stop the copy, and one of a field no longer listed comes along too.
    before = log.values_of(copy, ("extra",))
    copy.extra = dict(form.extra or {})
    copy.save(update_fields=["extra"])
    log.write_changes(copy, "form.changed", actor, before)
    return copy
