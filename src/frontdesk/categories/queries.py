"""Reads of the categories the doors share: a type's list in order with item counts (a fixed number
of queries however many categories), the bin, and finding categories as people name them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from frontdesk.categories.models import Category
from frontdesk.categories.types import CATEGORY_TYPES, CategoryType
from frontdesk.core.errors import NotFound
from frontdesk.core.languages import site_language_codes
from frontdesk.core.limits import MAX_ID
from frontdesk.routes.models import Route
from frontdesk.routes.serving import public_path


def category_type(type_name: str) -> CategoryType:
    found = CATEGORY_TYPES.get(type_name)
    if found is None:
        raise NotFound(_("There is no such kind of category."))
    return found


def categories_of(type_name: str, *, trashed: bool = False) -> QuerySet[Category]:
    """The type's categories in its order (on the index type, position, id); with `trashed` the
    ones in the bin, last binned first."""
    if trashed:
        return Category.all_objects.in_bin().filter(type=type_name).order_by("-deleted_at", "-id")
    return Category.objects.filter(type=type_name).order_by("position", "id")


@dataclass
class CategoryRow:
    """A category as the lists show it: with how many items it holds and, for a type with
    addresses, its address per language."""

    category: Category
    items: int = 0
    addresses: dict[str, str] = field(default_factory=dict)


def category_rows(type_name: str, *, trashed: bool = False) -> list[CategoryRow]:
    """The type's categories in order with their item counts: one query for the categories, the
    module's count (its own fixed number), and one for the addresses of a type with them."""
    kind = category_type(type_name)
    categories = list(categories_of(type_name, trashed=trashed).select_related("deleted_by"))
    return rows_for(kind, categories)


def rows_for(kind: CategoryType, categories: list[Category]) -> list[CategoryRow]:
    ids = [category.pk for category in categories]
    counts = kind.count_items(ids) if ids else {}
    addresses: dict[int, dict[str, str]] = {}
    if kind.has_addresses and ids:
        held = Route.objects.filter(type_name=kind.route_type_name, object_id__in=ids, path__isnull=False)
        for object_id, language, path in held.values_list("object_id", "language", "path"):
            if path is not None:  # left out by the query already; the column allows it
                addresses.setdefault(object_id, {})[language] = public_path(language, path)
    order = {code: index for index, code in enumerate(site_language_codes())}
    return [
        CategoryRow(
            category,
            counts.get(category.pk, 0),
            dict(sorted(addresses.get(category.pk, {}).items(), key=lambda pair: order.get(pair[0], 99))),
        )
        for category in categories
    ]


def category_row(category: Category) -> CategoryRow:
    return rows_for(category_type(category.type), [category])[0]


def _names(value: dict | None) -> set[str]:
    return {
        text.strip().casefold() for text in (value or {}).values() if isinstance(text, str) and text.strip()
    }


def _match(kind: CategoryType, categories: list[Category], ref: int | str) -> Category:
    text = str(ref).strip()
    if isinstance(ref, int) or (text.isdigit() and "id" in kind.named_by):
        found = next((category for category in categories if str(category.pk) == text), None)
        if found is not None:
            return found
        if isinstance(ref, int):
            raise NotFound(_("There is no category %(ref)s.") % {"ref": ref})
    wanted = text.casefold()
    matches = [
        category
        for category in categories
        if ("title" in kind.named_by and wanted in _names(category.name))
        or ("slug" in kind.named_by and wanted in _names(category.slug))
    ]
    if len(matches) > 1:
        raise ValidationError(
            {
                "category": [
                    _("Several categories are called %(ref)s (ids %(ids)s); name one by its id.")
                    % {"ref": text, "ids": ", ".join(str(category.pk) for category in matches)}
                ]
            }
        )
    if not matches:
        raise NotFound(_("There is no category %(ref)s.") % {"ref": text})
    return matches[0]


def find_category(type_name: str, ref: int | str, *, trashed: bool = False) -> Category:
    """The category `ref` names among the type's (outside the bin, or in it with `trashed`): by id,
    or by a name or a slug in any site language as the type allows (any case). NotFound when none
    does; a name several categories share is refused: give the id."""
    kind = category_type(type_name)
    rows = categories_of(type_name, trashed=trashed)
    if isinstance(ref, int):
        # An id: one question on the primary key (an impossible one is simply not found).
        return _match(kind, list(rows.filter(pk=ref)) if 0 < ref <= MAX_ID else [], ref)
    # A type has tens of categories, not thousands: they are read once and matched here, the same
    # way on every database (a name is a JSON object per language).
    return _match(kind, list(rows), ref)


def resolve_categories(
    type_name: str, refs: Iterable[int | str], *, key: str = "categories"
) -> list[Category]:
    """The categories `refs` name (outside the bin), in the order given, each once; for an item's
    list of categories. One query however many; a reference that names none is refused under
    `key`, never dropped."""
    kind = category_type(type_name)
    categories = list(categories_of(type_name))
    found: list[Category] = []
    problems: list[str] = []
    for ref in refs:
        try:
            category = _match(kind, categories, ref)
        except ValidationError as error:
            problems.extend(error.messages)
            continue
        except NotFound as error:
            problems.append(str(error))
            continue
        if category not in found:
            found.append(category)
    if problems:
        raise ValidationError({key: problems})
    return found


def item_categories(
    type_name: str, refs: Iterable[int | str], *, current: Iterable[int] = (), key: str = "categories"
) -> list[Category]:
    """An item's whole list of categories after a save naming `refs`: the categories named
    (`resolve_categories`), then those of `current` (the item's categories now, ids) that sit in
    the bin. No door shows a binned category, so a save never means to take the item out of one:
    binning a category keeps its members, a save meanwhile keeps them, a restore brings them all
    back."""
    named = resolve_categories(type_name, refs, key=key)
    binned = (
        Category.all_objects.in_bin()
        .filter(type=type_name, pk__in=list(current))
        .exclude(pk__in=[category.pk for category in named])
        .order_by("position", "id")
    )
    return [*named, *binned]


def category_permission(category: Category) -> str:
    """Who may open a category: its type's permission (each type has its own)."""
    return category_type(category.type).permission
