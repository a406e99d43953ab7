"""A category as every door answers it (the API, the agent tools, the panel's scripts): one shape,
with its item count, and for a type with addresses its slug, introduction, cover, SEO card and
addresses."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from ninja import Schema
from pydantic import Field

from frontdesk.categories.models import Category
from frontdesk.categories.queries import CategoryRow, category_row, category_rows, category_type
from frontdesk.core.api.auth import may_read
from frontdesk.core.api.schemas import SeoCardOut
from frontdesk.core.languages import translate
from frontdesk.core.outputs import changed_out, written_out
from frontdesk.publishing.project_fields import listed_extra
from frontdesk.publishing.seo_card import read_card


def category_out(row: CategoryRow) -> dict[str, Any]:
    category = row.category
    kind = category_type(category.type)
    shape: dict[str, Any] = {
        "id": category.pk,
        "type": category.type,
        "name": category.name or {},
        "name_text": translate(category.name),
        "is_shown": category.is_shown,
        "position": category.position,
        "items": row.items,
        "extra": listed_extra(kind.screen, category.extra),
        "in_bin": category.in_bin,
        "deleted_at": category.deleted_at,
    }
    if kind.has_addresses:
        shape |= {
            "slug": category.slug or {},
            "introduction": category.introduction or {},
            "cover": category.cover or None,
            "seo": read_card(category.seo),
            "addresses": row.addresses,
        }
    return shape


def category_changed(actor: Any, permission: str, category: Category, *, scope: str | None = None) -> dict:
    """A change's answer about one category: whole to a caller who may read the type's categories
    (`permission`, and a token's `scope`, by default `<app>:read`), else only its id."""
    return changed_out(actor, permission, category, lambda row: category_out(category_row(row)), scope=scope)


def order_changed(actor: Any, permission: str, type_name: str, *, scope: str | None = None) -> list[dict]:
    """A reorder's answer: the categories in their new order, whole or (for a caller who may not
    read them) by id only."""
    rows = category_rows(type_name)
    if may_read(actor, permission, scope=scope):
        return [category_out(row) for row in rows]
    return [written_out(row.category) for row in rows]


def pick_out(row: CategoryRow) -> dict[str, Any]:
    """A category as an editor's picker lists it: hidden ones too, marked."""
    return {
        "id": row.category.pk,
        "name": row.category.name or {},
        "name_text": translate(row.category.name),
        "is_shown": row.category.is_shown,
        "items": row.items,
    }


class CategoryOut(Schema):
    id: int
    type: str = Field(description="The category type (the module's).", examples=["faq"])
    name: dict[str, str] = Field(examples=[{"en": "Shipping", "de": "Versand"}])
    name_text: str = Field(description="The name in the caller's language (fallback rule).")
    is_shown: bool = Field(description="false: hidden from the site, still pickable by editors.")
    position: int = Field(description="Place in the type's order (smaller first).")
    items: int = Field(description="How many of the module's items the category holds.")
    extra: dict[str, Any] = Field(description="The site's project fields by name, null where empty.")
    in_bin: bool
    deleted_at: datetime | None = Field(None, description="When it went into the bin.")
    slug: dict[str, str] | None = Field(None, description="Types with addresses: the slug per language.")
    introduction: dict[str, str] | None = Field(
        None, description="Types with addresses: the introduction, rich text per language."
    )
    cover: str | None = Field(None, description="Types with addresses: the cover's picture key, or null.")
    seo: SeoCardOut | None = Field(None, description="Types with addresses: the SEO card.")
    addresses: dict[str, str] | None = Field(
        None,
        description="Types with addresses: the public address per language.",
        examples=[{"en": "/events/workshops"}],
    )


class PickOut(Schema):
    id: int
    name: dict[str, str]
    name_text: str
    is_shown: bool = Field(description="Hidden categories are listed too, marked false.")
    items: int
