"""Which models have a bin, and what their owner says about it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from django.apps import apps
from django.db.models import Model

from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class BinType:
    """A kind of row that goes into the bin.

    `name` is what the bin list and `bin_purge --type` call it ("inbox.field"); `model` the
    model's label ("inbox.Field"), a subclass of `Binnable`; `permission` what binning, restoring
    and seeing it in the bin asks of the account; `describe` names a row in the bin list (its
    title, and where it belongs); `refuse_restore` is the owner's say: a reason why a row may not
    come back now, or None; `changed` is called after a row went in or came out, in the same
    transaction (the inbox tells its form's cache that the fields changed).
    """

    name: str
    model: str
    permission: str
    describe: Callable[[Model], str] = str
    refuse_restore: Callable[[Model], str | None] | None = None
    changed: Callable[[Model], None] | None = None

    @cached_property
    def model_class(self) -> type[Model]:
        return apps.get_model(self.model)


BIN_TYPES: Registry[BinType] = Registry("bin type")


def register_bin_type(bin_type: BinType) -> BinType:
    return BIN_TYPES.register(bin_type.name, bin_type)


def bin_type_of(row: Model) -> BinType | None:
    model = row._meta.concrete_model
    return next((entry for entry in BIN_TYPES.all() if entry.model_class is model), None)
