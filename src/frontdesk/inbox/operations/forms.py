"""Forms and their fields: create, change (partially), sort, delete softly, refuse to delete.

`save_form` changes only what it is given: form values that are named, fields matched by id or
machine name; a field carrying `remove: true` is put aside (soft deletion, its earlier answers
stay readable); fields that are not named are left alone. The panel editor, the API and the MCP
tool `inbox_form_save` all come through here, so they refuse the same things with the same words.
"""

from __future__ import annotations

import re
from datetime import date

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models.deletion import RestrictedError
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from frontdesk.core.errors import NotFound
from frontdesk.core.fields import merge_translations
from frontdesk.inbox.field_types import FIELD_TYPES
from frontdesk.inbox.models import Field, Form
from frontdesk.inbox.operations._access import require
from frontdesk.inbox.queries import assignees

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
MACHINE_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
UNNAMED = re.compile(r"^f\d+$")
FORM_KEYS = {"slug", "title", "options", "is_switched_off", "email_field_name"}
FIELD_KEYS = {
    "id", "machine_name", "label", "type", "hint", "in_table", "full_width", "position", "required",
    "choices", "min_length", "max_length", "min_value", "max_value", "extensions", "remove",
}  # fmt: skip
OPTION_KEYS = {"recipients", "antispam", "captcha"}
DUPLICATE_KEYS = {"slug", "title"}
COPIED_FIELD_KEYS = sorted(FIELD_KEYS - {"id", "remove"})
DIGITS = re.compile(r"^[0-9]{1,18}$")  # ASCII digits only, and small enough for any database's id
MAX_INTEGER = 2_147_483_647  # the largest number a positive integer column holds on every database


def as_id(value: object) -> int | None:
    """`value` as a row id, or None when it cannot be one (not digits, or beyond any id)."""
    if isinstance(value, bool):
        return None
    text = str(value).strip()
    return int(text) if DIGITS.match(text) else None


def find_form(reference: int | str) -> Form:
    """A form by id or by slug (the agent tools accept both)."""
    text = str(reference).strip()
    lookup = {"pk": as_id(text)} if text.isdigit() else {"slug": text}
    try:
        return Form.objects.get(**lookup)
    except Form.DoesNotExist:
        raise NotFound(_("There is no form %(reference)s.") % {"reference": text}) from None


def find_field(form: Form, name: object) -> Field | None:
    """A live field of `form` by the name it answers to: its machine name, or f<id> for a field
    that was given none (as the door, the CSV and the answers name it). None when nothing answers."""
    text = str(name or "").strip()
    if UNNAMED.match(text):
        pk = as_id(text[1:])
        return form.live_fields().filter(pk=pk, machine_name="").first() if pk else None
    return form.live_fields().filter(machine_name=text).first() if text else None


def validate_slug(slug: object, *, form: Form | None) -> str:
    text = str(slug or "").strip()
    if not SLUG.match(text) or len(text) > 100:
        raise ValidationError(
            {"slug": [_("Use lower-case letters, digits and single hyphens, as in an address (contact-us).")]}
        )
    if Form.objects.filter(slug=text).exclude(pk=getattr(form, "pk", None)).exists():
        raise ValidationError({"slug": [_("Another form already has this slug.")]})
    return text


def validate_recipients(recipients: object) -> dict:
    """{"accounts": [id, ...], "addresses": ["a@example.com", ...]}; each must be reachable."""
    recipients = recipients or {}
    if not isinstance(recipients, dict) or set(recipients) - {"accounts", "addresses"}:
        raise ValidationError({"options.recipients": [_("Give recipients as accounts and addresses.")]})
    accounts = recipients.get("accounts") or []
    addresses = recipients.get("addresses") or []
    if not isinstance(accounts, list) or not isinstance(addresses, list):
        raise ValidationError({"options.recipients": [_("Give recipients as accounts and addresses.")]})
    errors: list[str] = []
    ids = []
    for account in accounts:
        if as_id(account) is None:
            errors.append(_("%(value)s is not an account.") % {"value": account})
        else:
            ids.append(as_id(account))
    known = set(
        get_user_model()
        .objects.filter(pk__in=ids, is_active=True)
        .exclude(email="")
        .values_list("pk", flat=True)
    )
    # The mail carries the answers and links to the panel: an account that may not open the inbox
    # must not receive it (a typed address is the way to tell someone outside the panel).
    may_open = set(assignees().filter(pk__in=known).values_list("pk", flat=True))
    for pk in ids:
        if pk not in known:
            errors.append(_("Account %(id)s cannot be written to.") % {"id": pk})
        elif pk not in may_open:
            errors.append(_("Account %(id)s cannot open the inbox.") % {"id": pk})
    cleaned_addresses = []
    for address in addresses:
        text = str(address).strip()
        try:
            validate_email(text)
        except ValidationError:
            errors.append(_("%(value)s is not an e-mail address anyone can be written to.") % {"value": text})
        else:
            cleaned_addresses.append(text.lower())
    if errors:
        raise ValidationError({"options.recipients": errors})
    return {"accounts": sorted(set(ids)), "addresses": sorted(set(cleaned_addresses))}


def validate_options(options: object) -> dict:
    if not isinstance(options, dict):
        raise ValidationError({"options": [_("Give the options as an object.")]})
    unknown = sorted(set(options) - OPTION_KEYS)
    if unknown:
        raise ValidationError({"options": [_("Unknown option: %(keys)s.") % {"keys": ", ".join(unknown)}]})
    cleaned = {"recipients": validate_recipients(options.get("recipients"))}
    antispam = options.get("antispam") or {}
    if antispam:
        from frontdesk.inbox.antispam import validate_overrides

        cleaned["antispam"] = validate_overrides(antispam)
    if not isinstance(options.get("captcha", False), bool):
        raise ValidationError({"options.captcha": [_("Say true or false.")]})
    cleaned["captcha"] = options.get("captcha", False)
    return cleaned


def _translations(stored: dict, values: dict, key: str, error_key: str, *, required: bool = False) -> dict:
    """`values[key]` saved over `stored` by the host's one rule (merge_translations), keyed `error_key`."""
    try:
        return merge_translations(stored, values.get(key), required=required)
    except ValidationError as error:
        raise ValidationError({error_key: error.messages}) from None


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
            label = _translations(label, choice, "label", error_key)
        label = label or {settings.LANGUAGE_CODE: value}
        cleaned.append({"value": value, "label": label})
    return cleaned


def _apply_field(form: Form, field: Field, values: dict, prefix: str) -> None:
    unknown = sorted(set(values) - FIELD_KEYS)
    if unknown:
        raise ValidationError({prefix: [_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)}]})
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
            setattr(field, key, _translations(getattr(field, key), values, key, f"{prefix}.{key}"))
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
        allowed = settings.FRONTDESK["inbox"]["upload"]["extensions"]
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
        try:
            return form.fields.get(pk=as_id(values["id"]), deleted_at__isnull=True)
        except (Field.DoesNotExist, ValueError, TypeError):
            raise ValidationError({f"fields.{index}.id": [_("This form has no such field.")]}) from None
    field = find_field(form, values.get("machine_name"))
    if field is not None and field.pk in named_ids:
        # Another entry of the same save names this field by its id: this one is a new field
        # that borrowed its name, not a change to it.
        raise ValidationError(
            {f"fields.{index}.machine_name": [_("Another field of this form has this name.")]}
        )
    return field


def _save_fields(form: Form, changes: list[dict]) -> None:
    next_position = (form.fields.order_by("-position").values_list("position", flat=True).first() or 0) + 1
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
            field.deleted_at = timezone.now()
            field.save(update_fields=["deleted_at"])
            continue
        if field is None:
            field = Field(form=form, position=next_position)
            next_position += 1
        _apply_field(form, field, values, f"fields.{index}")
        field.save()


def _check_email_field(form: Form) -> None:
    name = form.email_field_name
    field = find_field(form, name)
    if name and (field is None or field.type != "email"):
        raise ValidationError({"email_field_name": [_("Pick one of the form's e-mail fields.")]})


@transaction.atomic
def save_form(actor, form: Form | None = None, *, values: dict, fields: list[dict] | None = None) -> Form:
    """Create a form (form=None) or change the values and fields that are named."""
    require(actor, "inbox.manage")
    unknown = sorted(set(values) - FORM_KEYS)
    if unknown:
        raise ValidationError({"__all__": [_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)}]})
    creating = form is None
    if creating:
        form = Form(
            position=(Form.objects.order_by("-position").values_list("position", flat=True).first() or 0) + 1
        )
    if creating or "slug" in values:
        form.slug = validate_slug(values.get("slug"), form=form)
    if creating or "title" in values:
        form.title = _translations(form.title, values, "title", "title", required=True)
    if "options" in values:
        # Option keys left out keep their stored value (recipients, antispam and captcha are
        # each replaced whole when named), so every door's partial save keeps what it does not name.
        given = values["options"]
        merged = {**form.options, **given} if isinstance(given, dict) else given
        form.options = validate_options(merged)
    if "is_switched_off" in values:
        if not isinstance(values["is_switched_off"], bool):
            raise ValidationError({"is_switched_off": [_("Say true or false.")]})
        form.is_switched_off = values["is_switched_off"]
    if "email_field_name" in values:
        form.email_field_name = str(values["email_field_name"] or "").strip()
    form.save()
    if fields:
        _save_fields(form, fields)
    _check_email_field(form)
    return form


def delete_form(actor, form: Form) -> None:
    require(actor, "inbox.manage")
    try:
        with transaction.atomic():
            form.delete()
    except RestrictedError as refusal:
        raise ValidationError({"__all__": [refusal.args[0]]}) from None


def _sort(rows, order: list, error_key: str) -> None:
    by_id = {row.pk: row for row in rows}
    model = rows.model
    try:
        wanted = [int(item) for item in order]
    except (TypeError, ValueError):
        raise ValidationError({error_key: [_("Give the order as a list of ids.")]}) from None
    if sorted(wanted) != sorted(by_id):
        raise ValidationError({error_key: [_("Name every item exactly once.")]})
    for position, pk in enumerate(wanted, start=1):
        by_id[pk].position = position
    model.objects.bulk_update(by_id.values(), ["position"])


@transaction.atomic
def sort_forms(actor, order: list) -> None:
    require(actor, "inbox.manage")
    _sort(Form.objects.select_for_update(), order, "order")


@transaction.atomic
def sort_fields(actor, form: Form, order: list) -> None:
    require(actor, "inbox.manage")
    _sort(form.live_fields().select_for_update(), order, "order")
    _touch(form)


def _touch(form: Form) -> None:
    """A change of the fields is a change of the form: the public door's cache of a form is keyed
    by its `updated_at` (inbox/door.py, live_form), so every worker reads the fields again."""
    Form.objects.filter(pk=form.pk).update(updated_at=timezone.now())


# --- one field at a time (the API's field routes) ----------------------------------------------


def _unprefixed(error: ValidationError, prefix: str) -> ValidationError:
    """The errors of `_apply_field` keyed as a single-field request names them (`type`, not `f.type`)."""
    renamed: dict[str, list] = {}
    for key, messages in error.message_dict.items():
        name = "__all__" if key == prefix else key.removeprefix(f"{prefix}.")
        renamed.setdefault(name, []).extend(messages)
    return ValidationError(renamed)


@transaction.atomic
def save_field(actor, form: Form, field: Field | None = None, *, values: dict) -> Field:
    """Create one field of `form` (field=None) or change what `values` names of a live one.

    The same rules as `save_form`'s fields, with errors keyed by the field's own keys. `id` is
    ignored (the caller names the field); `remove: true` puts it aside.
    """
    require(actor, "inbox.manage")
    values = {key: value for key, value in values.items() if key != "id"}
    if values.pop("remove", False):
        if field is None:
            raise ValidationError({"remove": [_("A new field cannot be put aside.")]})
        return remove_field(actor, form, field)
    if field is None:
        last = form.fields.order_by("-position").values_list("position", flat=True).first() or 0
        field = Field(form=form, position=last + 1)
    try:
        _apply_field(form, field, values, "field")
    except ValidationError as error:
        raise _unprefixed(error, "field") from None
    field.save()
    _check_email_field(form)
    _touch(form)
    return field


@transaction.atomic
def remove_field(actor, form: Form, field: Field) -> Field:
    """Put a field aside (soft deletion): it leaves the form, its earlier answers stay readable."""
    require(actor, "inbox.manage")
    if form.email_field_name and form.email_field_name == field.name:
        raise ValidationError(
            {"__all__": [_("This is the form's e-mail field; pick another e-mail field first.")]}
        )
    # The form may be deleted at this very moment, its fields with it. Locking the field's row
    # makes a deletion that committed first leave nothing to put aside (not found), and one that
    # comes later wait for this change, instead of an update that finds no row.
    if form.live_fields().select_for_update().filter(pk=field.pk).first() is None:
        raise NotFound(_("This form has no such field."))
    field.deleted_at = timezone.now()
    field.save(update_fields=["deleted_at"])
    _touch(form)
    return field


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
def duplicate_form(actor, form: Form, values: dict | None = None) -> Form:
    """A copy of `form`'s settings and live fields, without submissions, switched off.

    `values` may name the copy's `slug` (default `<slug>-copy`, `-copy-2`...) and `title`
    (default: each language's title with " (copy)"). The copy goes through `save_form`, so the
    same rules hold; it starts switched off so nothing goes live before someone reviews it.
    """
    require(actor, "inbox.manage")
    values = dict(values or {})
    unknown = sorted(set(values) - DUPLICATE_KEYS)
    if unknown:
        raise ValidationError({"__all__": [_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)}]})
    originals = list(form.live_fields().order_by("position", "id"))
    email = form.email_field_name
    # An unnamed e-mail field answers to f<id>, and the copy's field gets a new id.
    unnamed_email = bool(email and UNNAMED.match(email))
    copy = save_form(
        actor,
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
            save_form(actor, copy, values={"email_field_name": copies[email].name})
    return copy
