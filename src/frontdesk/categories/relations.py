"""A category type as a relation target (docs/host.md, "Shared categories" and "Relation targets"):
registering a type registers `<type>.category` too, so a module may hold its categories as an
`OrderedRelation` (drafted, previewed, published and restored with no code of its own, asked with
`related_to`, counted with `relation_counts`) instead of a many-to-many table of its own.

    categories = OrderedRelation(target="events.category")   # in the module's model
    count_items=lambda ids: relation_counts(Event, "categories", ids)   # in its CategoryType
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.utils.translation import gettext_lazy as _

from frontdesk.categories.models import Category
from frontdesk.core.languages import translate
from frontdesk.pictures.queries import PictureView, resolve_pictures
from frontdesk.publishing.relations import Card, RelationTarget
from frontdesk.routes.models import Route
from frontdesk.routes.serving import object_at_address, public_path


def _card(category: Category, language: str, url: str | None, covers: dict[str, PictureView]) -> Card:
    cover = covers.get(category.cover)
    return {
        "id": category.pk,
        "url": url,
        "title": translate(category.name, language),
        "lead": "",
        "cover": asdict(cover) if cover else None,
    }


def _cards(route_type: str, categories: list[Category], language: str) -> dict[int, Card]:
    """Cards of `categories` in two more queries at most: their addresses and their covers."""
    urls: dict[int, str] = {}
    if route_type and categories:
        routes = Route.objects.filter(
            type_name=route_type,
            language=language,
            object_id__in=[category.pk for category in categories],
            path__isnull=False,
        )
        urls = {
            pk: public_path(language, path) for pk, path in routes.values_list("object_id", "path") if path
        }
    covers = resolve_pictures(
        [category.cover for category in categories if category.cover], language=language
    )
    return {category.pk: _card(category, language, urls.get(category.pk), covers) for category in categories}


def category_target(type_name: str, *, name: str, route_type: str = "") -> RelationTarget:
    """The categories of the type `type_name` as the relation target `name`: a visitor sees the
    shown ones outside the bin; an editor may choose hidden ones too (as the type's picker offers
    them). With a `route_type` (a type with addresses) a category is also found by its address or
    its slug in any language; without one, by its id only."""

    def lookup_by_id(ids: Any, language: str) -> dict[int, Card]:
        rows = Category.objects.filter(type=type_name, is_shown=True, pk__in=list(ids))
        return _cards(route_type, list(rows), language)

    def lookup_by_address(address: str) -> int | None:
        return object_at_address(route_type, address) if route_type else None

    def card(category: Category, language: str) -> Card:
        return _cards(route_type, [category], language)[category.pk]

    def existing(ids: Any) -> set[int]:
        return set(Category.objects.filter(type=type_name, pk__in=list(ids)).values_list("pk", flat=True))

    return RelationTarget(
        name=name,
        lookup_by_id=lookup_by_id,
        lookup_by_address=lookup_by_address,
        card=card,
        existing=existing,
        label=_("category"),
    )
