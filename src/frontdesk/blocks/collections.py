"""The collections contract: how a block type draws items from a module (FAQ questions, services)
without the block system importing that module (docs/host.md, "The collections contract").

The module registers a `Collection` in its `AppConfig.ready()`:

    register_collection(Collection(
        name="faq",
        pickers={"categories": category_choices},   # (language) -> list[Choice], for the editor
        items=questions_for,                         # (values_list, language) -> list[list[item]]
        head=faq_head,                               # (values, items, request) -> None, or None
        permission="faq.view",                       # who may read the pickers' choices
        picture_keys=answer_pictures,                # (items) -> the library keys they print
    ))

and its block code names it (`collection = "faq"`): rendering calls `items` once per collection
with the values of every block of the page that draws from it, and each block's template gets its
own list as `items`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _

from frontdesk.core.api.auth import may_read
from frontdesk.core.errors import NotFound
from frontdesk.core.registry import Registry

if TYPE_CHECKING:
    from django.http import HttpRequest


@dataclass(frozen=True)
class Choice:
    """One option of a picker: `hidden` marks an item the site does not show (a hidden
    category), which an editor may still pick."""

    value: str | int
    label: str
    hidden: bool = False


Picker = Callable[[str], list[Choice]]
ItemsOf = Callable[[Sequence[Any], str], list[list[Any]]]
HeadOf = Callable[[Any, list[Any], "HttpRequest"], None]
PictureKeysOf = Callable[[list[Any]], set[str]]


@dataclass(frozen=True)
class Collection:
    name: str
    # (values_list, language) -> one list of items per values, in their final order, the limit
    # applied; in a number of queries that does not grow with the blocks or the items.
    items: ItemsOf
    pickers: Mapping[str, Picker] = field(default_factory=dict)
    head: HeadOf | None = None
    # Who may read the pickers' choices (None: any signed-in account).
    permission: str | None = None
    # The library pictures one block's items print (an answer's pictures): rendering reads them
    # with every other block's in its one query and hands them over as `context["pictures"]`.
    picture_keys: PictureKeysOf | None = None


COLLECTIONS: Registry[Collection] = Registry("block collection")


def register_collection(collection: Collection) -> Collection:
    return COLLECTIONS.register(collection.name, collection)


def picker_choices(actor, collection_name: str, picker_name: str, *, language: str) -> list[Choice]:
    """The choices of one picker for the block editor; NotFound for an unknown name."""
    collection = COLLECTIONS.get(collection_name)
    picker = collection.pickers.get(picker_name) if collection is not None else None
    if collection is None or picker is None:
        raise NotFound(_("There is no picker %(name)s.") % {"name": f"{collection_name}/{picker_name}"})
    if collection.permission and not may_read(actor, collection.permission):
        raise PermissionDenied(_("You may not read the choices of this picker."))
    return picker(language)
