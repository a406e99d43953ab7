"""Which models have a bin, and what their owner says about it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from django.apps import apps
from django.db.models import Model, QuerySet

from frontdesk.core.registry import Registry

if TYPE_CHECKING:
    from frontdesk.core.bin.models import Binnable

# The owner's hooks take a row of its own model (the inbox's take a Field).
Row = TypeVar("Row", bound="Binnable")


@dataclass(frozen=True)
class BinType(Generic[Row]):
    """A kind of row that goes into the bin.

    `name` is what the bin list and `bin_purge --type` call it ("inbox.field"); `model` the
    model's label ("inbox.Field"), a subclass of `Binnable`; `permission` what binning, restoring
    and seeing it in the bin asks of the account; `describe` names a row in the bin list (its
    title, and where it belongs); `refuse_restore` is the owner's say: a reason why a row may not
    come back now, or None; `changed` is called after a row went in or came out, in the same
    transaction (the inbox tells its form's cache that the fields changed). `only` is for a model
    several owners share (the categories: FAQ's and events', each behind its own permission): the
    field values that mark this type's rows (`{"type": "faq"}`); empty, every row of the model.
    """

    name: str
    model: str
    permission: str
    describe: Callable[[Row], str] = str
    refuse_restore: Callable[[Row], str | None] | None = None
    changed: Callable[[Row], None] | None = None
    only: Mapping[str, Any] = field(default_factory=dict)

    def holds(self, row: Model) -> bool:
        """Whether `row` (of the model) is one of this type's rows."""
        return all(getattr(row, name) == value for name, value in self.only.items())

    def rows(self, rows: QuerySet) -> QuerySet:
        """`rows` of the model narrowed to this type's."""
        return rows.filter(**self.only) if self.only else rows

    @cached_property
    def model_class(self) -> type[Row]:
        # `model` names a Binnable subclass (registered so); the app registry only knows Model.
        return cast("type[Row]", apps.get_model(self.model))


BIN_TYPES: Registry[BinType[Any]] = Registry("bin type")


@dataclass(frozen=True)
class BinHooks:
    """What an app does to every row of any type as it moves through the bin, in the same
    transaction (the routes app: the row's public addresses). `binned` runs after the row went
    in; `restored` after it came out, and refuses with a ValidationError (the whole restore
    rolls back); `purged` just before the row is deleted for good."""

    binned: Callable[[Model], None]
    restored: Callable[[Model], None]
    purged: Callable[[Model], None]


BIN_HOOKS: Registry[BinHooks] = Registry("bin hook")


def register_bin_hooks(name: str, hooks: BinHooks) -> BinHooks:
    return BIN_HOOKS.register(name, hooks)


def register_bin_type(bin_type: BinType[Any]) -> BinType[Any]:
    return BIN_TYPES.register(bin_type.name, bin_type)


def bin_type_of(row: Model) -> BinType[Any] | None:
    model = row._meta.concrete_model
    return next((entry for entry in BIN_TYPES.all() if entry.model_class is model and entry.holds(row)), None)
