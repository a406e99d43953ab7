"""Category types: what a module says about its categories when it registers them
(docs/host.md, "Shared categories").

    register_category_type(CategoryType(
        name="faq", label=_("Categories"), permission="faq.categories.manage",
        count_items=questions_per_category, screen="faq.category-form",
    ))

Registering a type also registers what the host's helpers need to know about it: a bin type
(`<name>.category`, behind the type's permission, holding only this type's rows), the project-fields
screen, and for a type with addresses a route type under the type's prefix.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from django.core.exceptions import ImproperlyConfigured
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from frontdesk.categories.models import Category, next_position
from frontdesk.categories.relations import category_target
from frontdesk.core.bin.registry import BinType, register_bin_type
from frontdesk.core.registry import Registry
from frontdesk.publishing.project_fields import Screen, register_screen
from frontdesk.publishing.relations import register_relation_target
from frontdesk.routes.registry import RouteType, register_route_type

# How an agent's tool may name a category: its id, its name in any site language, its slug in any.
NAMED_BY = ("id", "title", "slug")
# A category's own values: no project field may take one of these names (its errors would land on
# them), nor the names the tools take beside the values.
OWN_VALUES = frozenset(
    {
        "id",
        "type",
        "name",
        "slug",
        "introduction",
        "cover",
        "seo",
        "is_shown",
        "position",
        "extra",
        "items",
        "category",
        "ids",
    }
)


def default_in_use(category: Category, count: int) -> str:
    return ngettext(
        "The category %(name)s holds %(count)d item; take it out of the category first.",
        "The category %(name)s holds %(count)d items; take them out of the category first.",
        count,
    ) % {"name": category, "count": count}


def unnamed_in_use(count: int) -> str:
    """The same refusal for a caller who may not read the category: it names no category."""
    return ngettext(
        "This category holds %(count)d item; take it out of the category first.",
        "This category holds %(count)d items; take them out of the category first.",
        count,
    ) % {"count": count}


@dataclass(frozen=True)
class CategoryType:
    """One module's categories.

    `name` is the value of the `type` column ("faq"); `label` the screen's heading; `permission`
    what managing them asks (create, change, order, the bin); `count_items(ids)` answers how many of
    the module's items each category holds, {id: count} (ids without items may be left out), in a
    number of queries that does not grow with the ids; `in_use(category, count)` words the refusal
    to bin a category that holds items; `screen` is the project-fields screen id
    ("<module>.category-form"); `named_by` how a tool may name a category ("id", "title", "slug").

    A type with addresses gives `prefix` (read at every call, as a route type's) and `view(request,
    category)`, the category's page; its route type is called `route_type` ("<name>-category" when
    empty) and the sitemap lists its shown categories.
    """

    name: str
    label: str | Promise
    permission: str
    count_items: Callable[[list[int]], dict[int, int]]
    screen: str
    in_use: Callable[[Category, int], str] = default_in_use
    named_by: tuple[str, ...] = ("id", "title")
    prefix: Callable[[], str] | None = None
    view: Callable[[HttpRequest, Category], HttpResponse] | None = None
    route_type: str = ""

    @property
    def has_addresses(self) -> bool:
        return self.prefix is not None

    @property
    def route_type_name(self) -> str:
        return (self.route_type or f"{self.name}-category") if self.has_addresses else ""

    @property
    def bin_type_name(self) -> str:
        return f"{self.name}.category"

    @property
    def relation_target_name(self) -> str:
        """The relation target of the type's categories (categories/relations.py)."""
        return f"{self.name}.category"

    def naming_help(self) -> str:
        """How a tool names one of these categories, for the tools' descriptions."""
        words = {"id": _("its id"), "title": _("its name in any language"), "slug": _("its address slug")}
        return _("A category, by %(ways)s.") % {"ways": ", ".join(str(words[way]) for way in self.named_by)}


CATEGORY_TYPES: Registry[CategoryType] = Registry("category type")


def _check(category_type: CategoryType) -> None:
    unknown = set(category_type.named_by) - set(NAMED_BY)
    if unknown or not category_type.named_by:
        raise ImproperlyConfigured(
            f"The category type {category_type.name!r} names categories by {category_type.named_by};"
            f" choose among {NAMED_BY}."
        )
    if "slug" in category_type.named_by and not category_type.has_addresses:
        raise ImproperlyConfigured(
            f"The category type {category_type.name!r} has no addresses, so no slug to name a category by."
        )
    if category_type.has_addresses and category_type.view is None:
        raise ImproperlyConfigured(
            f"The category type {category_type.name!r} has addresses and needs a view for its page."
        )


def register_category_type(category_type: CategoryType) -> CategoryType:
    """Register `category_type` with its bin type, its project-fields screen, its relation target
    and, with addresses, its route type; from the owning module's `AppConfig.ready()`."""
    _check(category_type)
    CATEGORY_TYPES.register(category_type.name, category_type)
    register_relation_target(
        category_target(
            category_type.name,
            name=category_type.relation_target_name,
            route_type=category_type.route_type_name,
        )
    )
    register_bin_type(
        BinType(
            name=category_type.bin_type_name,
            model="categories.Category",
            permission=category_type.permission,
            describe=str,
            changed=_back_at_the_end,
            only={"type": category_type.name},
        )
    )
    register_screen(
        Screen(
            category_type.screen,
            model="categories.Category",
            reserved=OWN_VALUES,
            only={"type": category_type.name},
        )
    )
    if category_type.has_addresses:
        assert category_type.prefix is not None and category_type.view is not None  # _check said so
        register_route_type(
            RouteType(
                name=category_type.route_type_name,
                model="categories.Category",
                field="slug",
                prefix=category_type.prefix,
                # A route type's view takes any row of its model; this one's are categories.
                view=cast(Callable[[HttpRequest, Model], HttpResponse], category_type.view),
                listed=_shown_of(category_type.name),
                modified="updated_at",
            )
        )
    return category_type


def _shown_of(type_name: str) -> Callable[[], QuerySet]:
    def listed() -> QuerySet:
        return Category.objects.filter(type=type_name, is_shown=True)

    return listed


def _back_at_the_end(category: Category) -> None:
    """A category restored from the bin takes the last place of its type's order (its old place
    may have been given away by a reorder meanwhile)."""
    if category.in_bin:
        return
    category.position = next_position(category.type)
    category.save(update_fields=["position"])
