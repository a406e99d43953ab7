"""Forms: find one, check its slug, options and recipients, save it with its fields, delete and sort.

`create_form`/`update_form` changes only what it is given: form values that are named, fields matched by id or
machine name (inbox/operations/fields.py); a field carrying `remove: true` is put aside (soft
deletion, its earlier answers stay readable); fields that are not named are left alone. The panel
editor, the API and the MCP tool `inbox_form_save` all come through here, so they refuse the same
things with the same words.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models.deletion import RestrictedError
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.core.ordering import reorder
from frontdesk.inbox.antispam import validate_overrides
from frontdesk.inbox.models import Form
from frontdesk.inbox.operations.common import as_id, translations
from frontdesk.inbox.operations.fields import check_email_field, save_fields
from frontdesk.inbox.panel.screens import FORM_EDITOR
from frontdesk.inbox.permissions import MANAGE
from frontdesk.inbox.queries import assignees
from frontdesk.publishing.project_fields import clean_extra

FORM_KEYS = {"slug", "title", "options", "is_switched_off", "email_field_name", "extra"}
OPTION_KEYS = {"recipients", "antispam", "captcha"}


def validate_slug(slug: object, *, form: Form | None) -> str:
    """`slug` as the form would store it, judged by the model's own rules (format, length, taken
    by another form): a ValidationError under `slug` otherwise."""
    candidate = Form(pk=getattr(form, "pk", None), slug=str(slug or "").strip())
    candidate._state.adding = candidate.pk is None  # an existing form may keep its own slug
    others = [field.name for field in Form._meta.fields if field.name != "slug"]
    candidate.full_clean(exclude=others, validate_constraints=False)
    return candidate.slug


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
    ids: list[int] = []
    for account in accounts:
        if (account_id := as_id(account)) is None:
            errors.append(_("%(value)s is not an account.") % {"value": account})
        else:
            ids.append(account_id)
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
        cleaned["antispam"] = validate_overrides(antispam)
    if not isinstance(options.get("captcha", False), bool):
        raise ValidationError({"options.captcha": [_("Say true or false.")]})
    cleaned["captcha"] = options.get("captcha", False)
    return cleaned


# What a form's log line compares (its fields log their own lines).
LOGGED_FORM_VALUES = ("slug", "title", "options", "is_switched_off", "email_field_name", "extra")


def create_form(*, actor: Actor, values: dict, fields: list[dict] | None = None) -> Form:
    """A new form at the end of the order, with `fields` (each as `update_form` takes them)."""
    return _save_form(actor, None, values=values, fields=fields)


def update_form(form: Form, *, actor: Actor, values: dict, fields: list[dict] | None = None) -> Form:
    """Change the values and the fields that are named (a field named by id changes, one without
    an id is added, `remove: true` puts one aside)."""
    return _save_form(actor, form, values=values, fields=fields)


@transaction.atomic
def _save_form(actor: Actor, form: Form | None, *, values: dict, fields: list[dict] | None) -> Form:
    require_permission(actor, MANAGE)
    refuse_unknown_keys(values, FORM_KEYS, location="__all__")
    creating = form is None
    if form is None:
        form = Form(
            position=(Form.objects.order_by("-position").values_list("position", flat=True).first() or 0) + 1
        )
    before = {} if creating else log.values_of(form, LOGGED_FORM_VALUES)
    if creating or "slug" in values:
        form.slug = validate_slug(values.get("slug"), form=form)
    if creating or "title" in values:
        form.title = translations(form.title, values, "title", "title", required=True)
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
    if "extra" in values:
        form.extra = clean_extra(FORM_EDITOR.id, form.extra, values["extra"])
    form.save()
    if creating:
        log.write(
            form,
            "form.created",
            actor,
            changes=log.changes_between({}, log.values_of(form, LOGGED_FORM_VALUES)),
        )
    else:
        log.write_changes(form, "form.changed", actor, before)
    if fields:
        save_fields(actor, form, fields)
    check_email_field(form)
    return form


def purge_form(form: Form, *, actor: Actor) -> None:
    """Delete a form for good, with its fields; refused while it holds submissions."""
    require_permission(actor, MANAGE)
    try:
        with transaction.atomic():
            # Written first, in the same transaction: a refused deletion leaves no line.
            log.write(form, "form.deleted", actor, detail={"slug": form.slug, "title": form.title})
            form.delete()
    except RestrictedError as refusal:
        raise ValidationError({"__all__": [refusal.args[0]]}) from None


@transaction.atomic
def reorder_forms(*, actor: Actor, ids: list) -> None:
    """Store the dragged order: `ids` names every form exactly once (core/ordering)."""
    require_permission(actor, MANAGE)
    reorder(Form.objects.all(), ids, location="order")
