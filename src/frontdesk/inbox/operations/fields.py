"""The rules of a form's fields: their values, their order, putting one aside, and the form's
e-mail field (spec: "The form editor")."""

from __future__ import annotations

import re
from datetime import date

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.bin.operations import put_in_bin
from frontdesk.core.errors import NotFound
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.core.ordering import reorder
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.field_types import FIELD_TYPES
from frontdesk.inbox.models import Field, Form
from frontdesk.inbox.operations.common import as_id, touch, translations
from frontdesk.inbox.permissions import MANAGE

MACHINE_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
UNNAMED = re.compile(r"^f\d+$")
FIELD_KEYS = {
    "id", "machine_name", "label", "type", "hint", "in_table", "full_width", "position", "required",
    "choices", "min_length", "max_length", "min_value", "max_value", "extensions", "remove",
}  # fmt: skip


def find_field(form: Form, name: object) -> Field | None:
    """A live field of `form` by the name it answers to: its machine name, or f<id> for a field
    that was given none (as the door, the CSV and the answers name it). None when nothing answers."""
    text = str(name or "").strip()
    if UNNAMED.match(text):
        pk = as_id(text[1:])
        return form.live_fields().filter(pk=pk, machine_name="").first() if pk else None
    return form.live_fields().filter(machine_name=text).first() if text else None


def _whole_number(values: dict, key: str, error_key: str) -> int | None:
    value = values.get(key)
    if value in (None, ""):
        return None
    number = as_id(value)
    if number is None:
        raise ValidationError({error_key: [_("Give a whole number of 0 or more.")]})
    if number > MAX_INTEGER:
        raise ValidationError({error_key: [_("Give a smaller number.")]})
    return number


def _choices(values: dict, error_key: str, stored: list) -> list[dict]:
    """The list replaces the stored one; a choice that keeps its value keeps the label languages
    it does not name (a plain string names only the value)."""
    stored_labels = {
        str(item.get("value")): item.get("label") or {} for item in stored if isinstance(item, dict)
    }
    cleaned, seen = [], set()
    if not isinstance(values.get("choices") or [], list):
        raise ValidationError({error_key: [_("Give the choices as a list.")]})
    for choice in values.get("choices") or []:
        if isinstance(choice, str):
            choice = {"value": choice}
        if not isinstance(choice, dict) or not str(choice.get("value", "")).strip():
            raise ValidationError({error_key: [_("Each choice needs a value.")]})
        value = str(choice["value"]).strip()
        if value in seen:
            raise ValidationError(
                {error_key: [_("The choice %(value)s is listed twice.") % {"value": value}]}
            )
        seen.add(value)
        label = stored_labels.get(value, {})
        if "label" in choice:
            label = translations(label, choice, "label", error_key)
        label = label or {settings.LANGUAGE_CODE: value}
        cleaned.append({"value": value, "label": label})
    return cleaned


def _apply_field(form: Form, field: Field, values: dict, prefix: str) -> None:
    refuse_unknown_keys(values, FIELD_KEYS, location=prefix)
    if "type" in values:
        if not isinstance(values["type"], str) or values["type"] not in FIELD_TYPES:
            raise ValidationError(
                {f"{prefix}.type": [_("Choose one of: %(types)s.") % {"types": ", ".join(FIELD_TYPES)}]}
            )
        field.type = values["type"]
    if "machine_name" in values:
        name = str(values["machine_name"] or "").strip()
        if field.pk and not field.machine_name and name == field.name:
            name = ""  # the f<id> a nameless field answers to names it; it is no new name
        if name and (not MACHINE_NAME.match(name) or UNNAMED.match(name)):
            raise ValidationError(
                {
                    f"{prefix}.machine_name": [
                        _("Start with a letter; use a-z, 0-9 and _ (f<number> is reserved).")
                    ]
                }
            )
        taken = form.live_fields().filter(machine_name=name).exclude(pk=field.pk)
        if name and taken.exists():
            raise ValidationError(
                {f"{prefix}.machine_name": [_("Another field of this form has this name.")]}
            )
        field.machine_name = name
    for key in ("label", "hint"):
        if key in values:
            setattr(field, key, translations(getattr(field, key), values, key, f"{prefix}.{key}"))
    for key in ("in_table", "full_width", "required"):
        if key in values:
            if not isinstance(values[key], bool):
                raise ValidationError({f"{prefix}.{key}": [_("Say true or false.")]})
            setattr(field, key, values[key])
    for key in ("min_length", "max_length", "position"):
        if key in values:
            setattr(
                field,
                key,
                _whole_number(values, key, f"{prefix}.{key}") or (0 if key == "position" else None),
            )
    if "choices" in values:
        field.choices = _choices(values, f"{prefix}.choices", field.choices or [])
    for key in ("min_value", "max_value"):
        if key in values:
            setattr(field, key, str(values[key] or "").strip())
    if "extensions" in values:
        allowed = inbox_settings()["upload"]["extensions"]
        if not isinstance(values["extensions"] or [], list):
            raise ValidationError({f"{prefix}.extensions": [_("Give the extensions as a list.")]})
        extensions = sorted({str(item).lower().lstrip(".") for item in values["extensions"] or []})
        outside = [item for item in extensions if item not in allowed]
        if outside:
            raise ValidationError(
                {
                    f"{prefix}.extensions": [
                        _("Not accepted on this site: %(list)s.") % {"list": ", ".join(outside)}
                    ]
                }
            )
        field.extensions = extensions
    _check_field(field, prefix)


def _check_field(field: Field, prefix: str) -> None:
    if field.kind.has_choices and not field.choices:
        raise ValidationError({f"{prefix}.choices": [_("Give this field at least one choice.")]})
    if field.min_length is not None and field.max_length is not None and field.min_length > field.max_length:
        raise ValidationError({f"{prefix}.min_length": [_("The minimum is larger than the maximum.")]})
    for key in ("min_value", "max_value"):
        text = getattr(field, key)
        if text and not _is_date(text):
            raise ValidationError({f"{prefix}.{key}": [_("Enter a date as YYYY-MM-DD.")]})


def _is_date(text: str) -> bool:
    # The shape alone is not enough: 2026-13-45 would later break the intake's comparison.
    if not re.match(r"^\d{4}-\d{2}-\d{2}$", text, re.ASCII):
        return False
    try:
        date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _match_field(form: Form, values: dict, index: int, named_ids: set) -> Field | None:
    if values.get("id") not in (None, ""):
        pk = as_id(values["id"])
        found = None if pk is None else form.fields.filter(pk=pk, deleted_at__isnull=True).first()
        if found is None:
            raise ValidationError({f"fields.{index}.id": [_("This form has no such field.")]})
        return found
    field = find_field(form, values.get("machine_name"))
    if field is not None and field.pk in named_ids:
        # Another entry of the same save names this field by its id: this one is a new field
        # that borrowed its name, not a change to it.
        raise ValidationError(
            {f"fields.{index}.machine_name": [_("Another field of this form has this name.")]}
        )
    return field


# What a field's log line compares.
LOGGED_FIELD_VALUES = (
    "machine_name", "label", "type", "hint", "in_table", "full_width", "required", "choices",
    "min_length", "max_length", "min_value", "max_value", "extensions",
)  # fmt: skip


def _apply_logged(actor: Actor, form: Form, field: Field, values: dict, prefix: str) -> None:
    """Apply `values` to `field` as `_apply_field` does, save it and write its line: created, or
    changed when a logged value differs."""
    before = log.values_of(field, LOGGED_FIELD_VALUES) if field.pk else {}
    _apply_field(form, field, values, prefix)
    field.save()
    if before:
        log.write_changes(field, "field.changed", actor, before, detail={"form": field.form_id})
    else:
        created = log.changes_between({}, log.values_of(field, LOGGED_FIELD_VALUES))
        log.write(field, "field.created", actor, changes=created, detail={"form": field.form_id})


def _put_aside(actor: Actor, field: Field) -> None:
    """Into the bin (core/bin): off the form, its answers still readable, restorable."""
    put_in_bin(actor, field)


def describe_field(field: Field) -> str:
    """How the bin list names a put-aside field: its label and its form."""
    return f"{field} ({field.form.slug})"


def refuse_field_restore(field: Field) -> str | None:
    """Why a put-aside field may not come back to its form now: another live field has taken its
    machine name meanwhile (two fields would answer to one input). None when it may."""
    if field.machine_name and field.form.live_fields().filter(machine_name=field.machine_name).exists():
        return _("Another field of this form now answers to %(name)s; rename it first.") % {
            "name": field.machine_name
        }
    return None


def field_changed(field: Field) -> None:
    """A field went into the bin or came back: the form's public door reads its fields again."""
    touch(field.form)


def _next_position(form: Form) -> int:
    """After every field the form has had, those in the bin included: a restored field keeps its
    place, and no two fields share one."""
    last = (
        Field.all_objects.filter(form=form).order_by("-position").values_list("position", flat=True).first()
    )
    return (last or 0) + 1


def save_fields(actor: Actor, form: Form, changes: list[dict]) -> None:
    next_position = _next_position(form)
    named_ids = {
        as_id(values["id"])
        for values in changes
        if isinstance(values, dict) and values.get("id") not in (None, "")
    }
    for index, values in enumerate(changes):
        if not isinstance(values, dict):
            raise ValidationError({f"fields.{index}": [_("Give each field as an object.")]})
        field = _match_field(form, values, index, named_ids)
        if values.get("remove"):
            if field is None:
                raise ValidationError({f"fields.{index}": [_("This form has no such field.")]})
            _put_aside(actor, field)
            continue
        if field is None:
            field = Field(form=form, position=next_position)
            next_position += 1
        _apply_logged(actor, form, field, values, f"fields.{index}")


def check_email_field(form: Form) -> None:
    name = form.email_field_name
    field = find_field(form, name)
    if name and (field is None or field.type != "email"):
        raise ValidationError({"email_field_name": [_("Pick one of the form's e-mail fields.")]})


@transaction.atomic
def reorder_fields(form: Form, *, actor: Actor, ids: list) -> None:
    """Store the order of the form's live fields: `ids` names each exactly once (core/ordering)."""
    require_permission(actor, MANAGE)
    reorder(form.live_fields(), ids, location="order")
    touch(form)


# --- one field at a time (the API's field routes) ----------------------------------------------


def _unprefixed(error: ValidationError, prefix: str) -> ValidationError:
    """The errors of `_apply_field` keyed as a single-field request names them (`type`, not `f.type`)."""
    renamed: dict[str, list] = {}
    for key, messages in error.message_dict.items():
        name = "__all__" if key == prefix else key.removeprefix(f"{prefix}.")
        renamed.setdefault(name, []).extend(messages)
    return ValidationError(renamed)


def create_field(form: Form, *, actor: Actor, values: dict) -> Field:
    """A new field at the end of `form` (the same rules as `update_form`'s fields, with errors
    keyed by the field's own keys; `id` is ignored)."""
    return _save_field(actor, form, None, values=values)


def update_field(field: Field, *, actor: Actor, values: dict) -> Field:
    """Change what `values` names of a live field; `remove: true` puts it aside."""
    return _save_field(actor, field.form, field, values=values)


@transaction.atomic
def _save_field(actor: Actor, form: Form, field: Field | None, *, values: dict) -> Field:
    require_permission(actor, MANAGE)
    values = {key: value for key, value in values.items() if key != "id"}
    if values.pop("remove", False):
        if field is None:
            raise ValidationError({"remove": [_("A new field cannot be put aside.")]})
        return bin_field(field, actor=actor)
    if field is None:
        field = Field(form=form, position=_next_position(form))
    try:
        _apply_logged(actor, form, field, values, "field")
    except ValidationError as error:
        raise _unprefixed(error, "field") from None
    check_email_field(form)
    touch(form)
    return field


@transaction.atomic
def bin_field(field: Field, *, actor: Actor) -> Field:
    """Put a field aside (soft deletion): it leaves the form, its earlier answers stay readable."""
    require_permission(actor, MANAGE)
    form = field.form
    if form.email_field_name and form.email_field_name == field.name:
        raise ValidationError(
            {"__all__": [_("This is the form's e-mail field; pick another e-mail field first.")]}
        )
    # The form may be deleted at this very moment, its fields with it. Locking the field's row
    # makes a deletion that committed first leave nothing to put aside (not found), and one that
    # comes later wait for this change, instead of an update that finds no row.
    if form.live_fields().select_for_update().filter(pk=field.pk).first() is None:
        raise NotFound(_("This form has no such field."))
    _put_aside(actor, field)
    return field
