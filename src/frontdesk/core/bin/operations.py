"""The bin's rules, once for every door: put in, list, restore, purge.

Each change writes its line in the log (`<model>.binned`, `.restored`, `.purged`), and an object
with public addresses gives them up in the bin and claims them again on restore (the routes app's
hooks, core/bin/registry.py `BIN_HOOKS`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, account_of, require_permission
from frontdesk.core.bin.models import Binnable
from frontdesk.core.bin.registry import BIN_HOOKS, BIN_TYPES, BinType, bin_type_of
from frontdesk.core.errors import NotFound

# A hundred years, as the inbox's retention: far enough inside the calendar that "now minus the
# age" never overflows a date.
MAX_AGE_DAYS = 36_500


def _type_of(row: Model) -> BinType:
    bin_type = bin_type_of(row)
    if bin_type is None:
        raise TypeError(f"{row._meta.label} has no bin; register a BinType for it.")
    return bin_type


def _require(actor: Actor, bin_type: BinType) -> None:
    """`actor=None` is the system (commands, demo content), as in every operation."""
    require_permission(actor, bin_type.permission)


def _action(row: Model, verb: str) -> str:
    return f"{row._meta.model_name}.{verb}"


@transaction.atomic
def put_in_bin[Row: Binnable](actor: Actor, row: Row) -> Row:
    """Move `row` into the bin: it leaves every default query, its addresses are free for others.
    A row already in the bin is not found (it is not among the rows a door can reach)."""
    bin_type = _type_of(row)
    _require(actor, bin_type)
    manager = type(row).all_objects
    # Locked, so that a restore or a second deletion at the same moment waits for this one.
    current = manager.select_for_update().filter(pk=row.pk, deleted_at__isnull=True).first()
    if current is None:
        raise NotFound()
    current.deleted_at, current.deleted_by = timezone.now(), account_of(actor)
    current.save(update_fields=["deleted_at", "deleted_by"])
    for hooks in BIN_HOOKS.all():
        hooks.binned(current)
    if bin_type.changed:
        bin_type.changed(current)
    log.write(current, _action(current, "binned"), actor, detail={"name": bin_type.describe(current)})
    row.deleted_at, row.deleted_by = current.deleted_at, current.deleted_by
    return row


@transaction.atomic
def restore[Row: Binnable](actor: Actor, row: Row) -> Row:
    """Take `row` out of the bin, unless its owner refuses (a reason under `__all__`) or one of its
    addresses was taken meanwhile (under the address's field); either way nothing changes."""
    bin_type = _type_of(row)
    _require(actor, bin_type)
    current = type(row).all_objects.select_for_update().filter(pk=row.pk, deleted_at__isnull=False).first()
    if current is None:
        raise NotFound()
    reason = bin_type.refuse_restore(current) if bin_type.refuse_restore else None
    if reason:
        raise ValidationError({"__all__": [reason]})
    current.deleted_at, current.deleted_by = None, None
    current.save(update_fields=["deleted_at", "deleted_by"])
    for hooks in BIN_HOOKS.all():
        hooks.restored(current)  # raises, and the transaction rolls back, when an address is taken
    if bin_type.changed:
        bin_type.changed(current)
    log.write(current, _action(current, "restored"), actor)
    row.deleted_at, row.deleted_by = None, None
    return row


def rows_of(model: type[Binnable], *, trashed: bool = False) -> QuerySet:
    """A list route's `trashed` filter: the model's rows in the bin when true, the others when
    false."""
    return model.all_objects.in_bin() if trashed else model.objects.all()


@dataclass(frozen=True)
class BinEntry:
    """A row in the bin as the bin list shows it."""

    type: str
    row: Model
    name: str
    deleted_at: datetime
    deleted_by: object  # the account, None once it is gone or for the system


def bin_list(actor: Actor, *, type_name: str | None = None) -> list[BinEntry]:
    """What is in the bin, newest first, of the types the account may handle (one query per
    type). An unknown type is refused under `type`."""
    if type_name is not None and BIN_TYPES.get(type_name) is None:
        raise ValidationError({"type": [_("There is no such kind of record in the bin.")]})
    types = [BIN_TYPES[type_name]] if type_name else BIN_TYPES.all()
    entries = [
        BinEntry(bin_type.name, row, bin_type.describe(row), row.deleted_at, row.deleted_by)
        for bin_type in types
        if actor is None or actor.has_perm(bin_type.permission)
        for row in bin_type.rows(bin_type.model_class.all_objects.in_bin()).select_related("deleted_by")
    ]
    return sorted(entries, key=lambda entry: (entry.deleted_at, entry.row.pk), reverse=True)


@dataclass(frozen=True)
class PurgePlan:
    days: int
    types: tuple[BinType, ...]

    def due(self) -> Iterator[tuple[BinType, Model]]:
        """The rows in the bin for longer than `days`, oldest first per type."""
        before = timezone.now() - timedelta(days=self.days)
        for bin_type in self.types:
            rows = bin_type.rows(bin_type.model_class.all_objects.filter(deleted_at__lt=before))
            rows = rows.order_by("deleted_at", "pk")
            for row in rows.iterator(chunk_size=500):
                yield bin_type, row


def purge_plan(days: int, type_names: list[str] | None = None) -> PurgePlan:
    """What `purge` deletes: rows in the bin for more than `days` days, of the named types (all
    when none); refuses an age outside 0..MAX_AGE_DAYS or an unknown type."""
    if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= MAX_AGE_DAYS:
        raise ValidationError(
            {"days": [_("Give a number of days from 0 to %(most)d.") % {"most": MAX_AGE_DAYS}]}
        )
    unknown = sorted(set(type_names or []) - set(BIN_TYPES.names()))
    if unknown:
        raise ValidationError({"type": [_("There is no such kind of record in the bin.")]})
    return PurgePlan(
        days, tuple(BIN_TYPES[name] for name in type_names) if type_names else tuple(BIN_TYPES.all())
    )


def purge(
    plan: PurgePlan, *, dry_run: bool = False, progress: Callable[[BinType, Model, str], None] | None = None
) -> dict[str, int]:
    """Delete for good what `plan` names, each row through its model's delete() (its files and
    the rows that depend on it go as the model says), with a log line naming it. A dry run
    deletes nothing and reports the same rows. Answers the count per type."""
    counts = {bin_type.name: 0 for bin_type in plan.types}
    for bin_type, row in list(plan.due()):
        name = bin_type.describe(row)
        if not dry_run:
            with transaction.atomic():
                for hooks in BIN_HOOKS.all():
                    hooks.purged(row)
                model, pk = type(row), row.pk
                row.delete()
                # After the delete: a model whose lines go with it (a submission) keeps this one.
                log.write(model(pk=pk), _action(row, "purged"), None, detail={"name": name})
        counts[bin_type.name] += 1
        if progress:
            progress(bin_type, row, name)
    return counts
