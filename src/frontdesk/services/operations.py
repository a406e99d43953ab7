"""The services' rules, once for every door: create, change (a translated value merged by
language, the description as rich text, the cover a picture of the library, the SEO card merged
by its own rule), put in the bin, restore, order.

Each takes the subject first, then the actor and the values as keywords; runs in one
transaction; refuses a value with a ValidationError under its name (the model's own rules
through `full_clean()`, an address through routes), an account without `services.manage`
with PermissionDenied; and writes its line in the log (`service.created`, `service.changed`;
the bin writes `service.binned` and `service.restored`). The order is not logged (docs/host.md,
"The log").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.bin.operations import put_in_bin, restore
from frontdesk.core.errors import NotFound
from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.core.languages import default_language, translate
from frontdesk.core.ordering import OrderWords, reorder
from frontdesk.pictures.queries import clean_picture_key
from frontdesk.publishing.project_fields import clean_extra
from frontdesk.publishing.seo_card import clean_seo_card
from frontdesk.richtext.cleaning import clean_translated_rich_text
from frontdesk.routes.claims import claim_routes
from frontdesk.services.models import SLUG_MAX, Service
from frontdesk.services.panel.screens import SERVICE_FORM
from frontdesk.services.permissions import MANAGE
from frontdesk.services.queries import ROUTE_TYPE

KEYS = ("title", "slug", "lead", "cover", "description", "seo", "is_visible", "extra")
TRANSLATED = ("title", "slug", "lead")
LOGGED = KEYS
ORDER_WORDS = OrderWords(incomplete=gettext_lazy("Name every service exactly once."))


def _merged(service: Service, key: str, sent: object) -> dict[str, str]:
    try:
        return merge_translations(getattr(service, key), sent)
    except ValidationError as error:
        raise ValidationError({key: error.messages}) from None


def _derived_slug(title: dict[str, str]) -> dict[str, str]:
    """A new service's address when none is given: its title in the default language, as a slug."""
    slug = slugify(translate(title, default_language()))[:SLUG_MAX].strip("-")
    if not slug:
        raise ValidationError({"slug": [_("Give the service an address, e.g. garden-design.")]})
    return {default_language(): slug}


def _apply(service: Service, values: Mapping[str, Any], *, creating: bool) -> list[str]:
    """Put `values` on `service` and judge the changed values by the model's rules; answers
    the names of the values changed."""
    refuse_unknown_keys(values, KEYS, location="__all__")
    changed = []
    for key in TRANSLATED:
        if key in values:
            setattr(service, key, _merged(service, key, values[key]))
            changed.append(key)
    if creating and not translate(service.slug):
        service.slug = _derived_slug(service.title)
        changed.append("slug")
    if "cover" in values:
        try:
            service.cover = clean_picture_key(values["cover"])
        except ValidationError as error:
            raise ValidationError({"cover": error.messages}) from None
        changed.append("cover")
    if "description" in values:
        try:
            service.description = clean_translated_rich_text(
                values["description"], stored=service.description
            )
        except ValidationError as error:
            raise ValidationError({"description": error.messages}) from None
        changed.append("description")
    if "seo" in values:
        service.seo = clean_seo_card(values["seo"], stored=service.seo)  # refused under seo.<key>
        changed.append("seo")
    if "is_visible" in values:
        if not isinstance(values["is_visible"], bool):
            raise ValidationError({"is_visible": [_("Say true or false.")]})
        service.is_visible = values["is_visible"]
        changed.append("is_visible")
    if "extra" in values:
        service.extra = clean_extra(SERVICE_FORM.id, service.extra, values["extra"])
    if creating:
        changed = [*dict.fromkeys([*changed, "title", "slug"])]
    others = [field.name for field in Service._meta.fields if field.name not in changed]
    service.full_clean(exclude=others, validate_unique=False, validate_constraints=False)
    return changed


def _next_position() -> int:
    return (Service.all_objects.aggregate(most=Max("position"))["most"] or 0) + 1


@transaction.atomic
def create_service(*, actor: Actor, values: Mapping[str, Any]) -> Service:
    """A new service at the end of the order, with its addresses in every language. Without a
    slug, its title in the default language makes one."""
    require_permission(actor, MANAGE)
    service = Service(position=_next_position())
    _apply(service, values, creating=True)
    service.save()
    claim_routes(service, ROUTE_TYPE)  # refused under `slug`; the transaction takes the row back
    log.write(
        service, "service.created", actor, changes=log.changes_between({}, log.values_of(service, LOGGED))
    )
    return service


@transaction.atomic
def update_service(service: Service, *, actor: Actor, values: Mapping[str, Any]) -> Service:
    """Change what `values` names; a translated value changes the languages it names. A new
    slug moves the addresses, and the old ones answer 301 (routes)."""
    require_permission(actor, MANAGE)
    current = Service.objects.select_for_update().filter(pk=service.pk).first()
    if current is None:
        raise NotFound(_("There is no service %(key)s.") % {"key": service.pk})
    before = log.values_of(current, LOGGED)
    changed = _apply(current, values, creating=False)
    current.save()
    if "slug" in changed:
        claim_routes(current, ROUTE_TYPE)
    log.write_changes(current, "service.changed", actor, before)
    return current


def bin_service(service: Service, *, actor: Actor) -> Service:
    """Into the bin: off the site, its addresses free for others (core/bin)."""
    require_permission(actor, MANAGE)
    return put_in_bin(actor, service)


def restore_service(service: Service, *, actor: Actor) -> Service:
    """Out of the bin, at its old place in the order, unless another took its address meanwhile
    (refused under `slug`)."""
    require_permission(actor, MANAGE)
    return restore(actor, service)


@transaction.atomic
def reorder_services(*, actor: Actor, ids: list) -> None:
    """Store the dragged order: `ids` names every service outside the bin exactly once
    (core/ordering, refused under `order`, the API body's name)."""
    require_permission(actor, MANAGE)
    reorder(Service.objects.all(), ids, location="order", words=ORDER_WORDS)
