"""The categories' rules, once for every door and every module: create at the end of the order,
change (names merged by language, slugs claimed as addresses), bin and restore, reorder.

Each takes the category type's name or the category first, then `actor=` and the values, runs in
one transaction, checks the type's permission, and writes its log line (`category.created`,
`category.changed`; the bin writes `category.binned` and `category.restored`). A reorder writes
no line, as no order anywhere does (docs/host.md, "The log").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from frontdesk.categories.models import Category, next_position
from frontdesk.categories.queries import category_type
from frontdesk.categories.types import CategoryType, unnamed_in_use
from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.api.auth import may_read
from frontdesk.core.bin import operations as bin_operations
from frontdesk.core.errors import InUse, NotFound
from frontdesk.core.fields import merge_translations
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.core.languages import default_language, translate
from frontdesk.core.ordering import OrderWords, reorder
from frontdesk.pictures.queries import clean_picture_key
from frontdesk.publishing.project_fields import clean_extra
from frontdesk.publishing.seo_card import clean_seo_card
from frontdesk.richtext.cleaning import clean_translated_rich_text
from frontdesk.routes.claims import claim_routes

NAME_MAX_LENGTH = 200
SLUG_MAX_LENGTH = 200
# An address segment in any script: lower-case letters and digits in words joined by single hyphens.
SLUG = re.compile(r"^[^\W_]+(?:-[^\W_]+)*\Z")
VALUES = ("name", "is_shown", "slug", "introduction", "cover", "seo", "extra")
# What only a type with addresses has: a page of its own, with its text, cover and SEO card.
ADDRESS_VALUES = ("slug", "introduction", "cover", "seo")
LOGGED = ("name", "is_shown", "slug", "introduction", "cover", "seo", "extra")


def _require(actor: Actor, kind: CategoryType) -> None:
    """`actor=None` is the system (demo content, commands), as in every operation."""
    require_permission(actor, kind.permission)


def _texts(stored: Mapping[str, str] | None, sent: Any, *, required: bool, longest: int) -> dict[str, str]:
    merged = merge_translations(stored, sent, required=required)
    if any(len(text) > longest for text in merged.values()):
        raise ValidationError(_("At most %(count)d characters per language.") % {"count": longest})
    return merged


def _slugs(stored: Mapping[str, str] | None, sent: Any) -> dict[str, str]:
    merged = merge_translations(stored, sent, required=True)
    problems = []
    for text in merged.values():
        if len(text) > SLUG_MAX_LENGTH:
            problems.append(_("At most %(count)d characters per language.") % {"count": SLUG_MAX_LENGTH})
        elif not SLUG.match(text) or text != text.lower():
            problems.append(
                _("Use lower-case letters, digits and single hyphens, as in an address (%(example)s).")
                % {"example": "summer-courses"}
            )
    if problems:
        raise ValidationError(list(dict.fromkeys(problems)))
    return merged


def _apply(kind: CategoryType, category: Category, values: Mapping[str, Any]) -> None:
    """Put `values` on `category`, judged; every refused value is named at once, under its key."""
    refuse_unknown_keys(values, VALUES, location="__all__")
    errors: dict[str, list[str]] = {}

    def judge(key: str, work) -> None:
        try:
            work()
        except ValidationError as error:
            if hasattr(error, "error_dict"):
                for field, messages in error.message_dict.items():
                    errors.setdefault(field, []).extend(messages)
            else:
                errors.setdefault(key, []).extend(error.messages)

    for key in ADDRESS_VALUES:
        if key in values and not kind.has_addresses:
            errors[key] = [_("These categories have no address.")]
    if "name" in values:
        judge(
            "name",
            lambda: setattr(
                category,
                "name",
                _texts(category.name, values["name"], required=True, longest=NAME_MAX_LENGTH),
            ),
        )
    if "is_shown" in values:
        if isinstance(values["is_shown"], bool):
            category.is_shown = values["is_shown"]
        else:
            errors["is_shown"] = [_("Give true or false.")]
    if kind.has_addresses and "slug" in values:
        judge("slug", lambda: setattr(category, "slug", _slugs(category.slug, values["slug"])))
    if kind.has_addresses and "introduction" in values:
        judge(
            "introduction",
            lambda: setattr(
                category,
                "introduction",
                clean_translated_rich_text(values["introduction"], stored=category.introduction),
            ),
        )
    if kind.has_addresses and "cover" in values:
        judge("cover", lambda: setattr(category, "cover", clean_picture_key(values["cover"])))
    if kind.has_addresses and "seo" in values:
        # Refused under seo.title, seo.description, ... (a keyed error keeps its keys).
        judge("seo", lambda: setattr(category, "seo", clean_seo_card(values["seo"], stored=category.seo)))
    if "extra" in values:
        judge(
            "extra",
            lambda: setattr(category, "extra", clean_extra(kind.screen, category.extra, values["extra"])),
        )
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def create_category(type_name: str, *, actor: Actor, values: Mapping[str, Any]) -> Category:
    """A new category of the type, at the end of its order. It needs a name; a type with addresses
    takes its slug from the name in the site's default language when none is given."""
    kind = category_type(type_name)
    _require(actor, kind)
    category = Category(type=kind.name)
    given = dict(values)
    if "name" not in given:
        raise ValidationError({"name": [_("Give a text in at least one language.")]})
    if kind.has_addresses and not given.get("slug"):
        from_name = merge_translations(None, given["name"]) if isinstance(given["name"], (dict, str)) else {}
        given["slug"] = {
            default_language(): slugify(translate(from_name), allow_unicode=True)[:SLUG_MAX_LENGTH]
        }
    _apply(kind, category, given)
    category.position = next_position(kind.name)
    category.save()
    if kind.has_addresses:
        claim_routes(category, kind.route_type_name)  # a refusal rolls the creation back
    log.write(
        category,
        "category.created",
        actor,
        changes={
            name: [None, getattr(category, name)]
            for name in LOGGED
            if getattr(category, name) not in ({}, "")
        },
        detail={"type": kind.name},
    )
    return category


def _live(kind: CategoryType, category: Category) -> Category:
    """`category` read again and locked, when it is one of the type's outside the bin."""
    found = Category.objects.select_for_update().filter(pk=category.pk, type=kind.name).first()
    if found is None:
        raise NotFound(_("There is no category %(ref)s.") % {"ref": category.pk})
    return found


@transaction.atomic
def update_category(category: Category, *, actor: Actor, values: Mapping[str, Any]) -> Category:
    """Change the values given: a name or slug per language merged with the stored ones, the shown
    flag, project fields by name. A changed slug claims the new address; the old one answers 301."""
    kind = category_type(category.type)
    _require(actor, kind)
    current = _live(kind, category)
    before = log.values_of(current, LOGGED)
    _apply(kind, current, values)
    current.save()
    if kind.has_addresses and current.slug != before["slug"]:
        claim_routes(current, kind.route_type_name)
    log.write_changes(current, "category.changed", actor, before, detail={"type": kind.name})
    return current


@transaction.atomic
def bin_category(category: Category, *, actor: Actor) -> Category:
    """Into the bin, with its addresses released; refused with InUse (409, the count beside the
    words) while it holds items, for every type alike."""
    kind = category_type(category.type)
    _require(actor, kind)
    current = _live(kind, category)
    count = kind.count_items([current.pk]).get(current.pk, 0)
    if count:
        # The refusal names the category only to a caller who may read it (a token with the
        # type's write scope alone may not; docs/api.md).
        readable = may_read(actor, kind.permission)
        raise InUse(kind.in_use(current, count) if readable else unnamed_in_use(count), count=count)
    return bin_operations.put_in_bin(actor, current)


@transaction.atomic
def restore_category(category: Category, *, actor: Actor) -> Category:
    """Out of the bin, at the end of the order, its addresses claimed again; refused, changing
    nothing, under `slug` when another holds one of them now (core/bin)."""
    kind = category_type(category.type)
    _require(actor, kind)
    return bin_operations.restore(actor, category)


CATEGORY_ORDER = OrderWords(
    incomplete=gettext_lazy("Name every category of the list exactly once."),
    missing=gettext_lazy("There is no category %(ref)s."),
)


@transaction.atomic
def reorder_categories(type_name: str, *, actor: Actor, ids: list[int]) -> list[Category]:
    """Store the order of the type's categories: `ids` names every one outside the bin exactly
    once (a list that leaves one out or names another is refused under `ids`)."""
    kind = category_type(type_name)
    _require(actor, kind)
    return reorder(Category.objects.filter(type=kind.name), ids, words=CATEGORY_ORDER)
