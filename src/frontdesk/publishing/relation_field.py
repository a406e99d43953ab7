"""The holder's side of a relation (docs/host.md, "Relation targets"): `OrderedRelation`, a model
field without a column whose value is the holder's ids of one target in the chosen order,
`[7, 3, 12]`, kept as rows of one through table, `RelationLink` (publishing/models.py).

    class Event(Versioned):
        versioned_fields = ("title", "services")
        services = OrderedRelation(target="service")

The field behaves like a column to whoever holds the row:

- reading `event.services` answers the ids in order (one query the first time, then kept on the
  row until `refresh_from_db()`; `load_relations` reads the lists of any number of rows in one);
- assigning a list keeps it on the row, unsaved, as a column's new value waits for `save()`; the
  rows are written when the holder is saved (post_save) and deleted with the holder;
- `full_clean()` judges it: a list of ids (422 under the field otherwise), and each id the row
  does not hold yet must name an object of the target outside the bin.

So a `Versioned` holder drafts, previews, publishes and restores a relation like any other value:
`column_values()` reads the ids, `apply_values()` assigns them, the publish's save writes them.

Two differences from a column: `refresh_from_db()` reads the stored list again but keeps a list
assigned and not saved (Django offers a field no hook there), and `save(update_fields=...)` cannot
name the field (it is no column); a plain `save()` writes it. A multi-table child of a holder is not
supported (the field listens to the saves of the model that declares it).

Why one through table for every holder rather than a ManyToManyField per holder: the target belongs
to another module, which may not be installed (events without services), so there is no model to
point a foreign key at; the holder declares one field and needs no through model or migration.
`related_to` is the reverse question ("the events of service 7"), one indexed subquery on every
database.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models.signals import post_delete, post_save

from frontdesk.core.limits import MAX_ID
from frontdesk.publishing.models import RelationLink
from frontdesk.publishing.relation_targets import as_ids, refused_ids


class _HeldIds:
    """The field's attribute on a row: the ids assigned and not saved yet, else the stored ones.

    A read answers a new list each time, so changing it changes nothing: assign the new list."""

    def __init__(self, field: OrderedRelation):
        self.field = field

    def __get__(self, instance: models.Model | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        pending = instance.__dict__.get(self.field.pending_key)
        if pending is not None:
            return list(pending)
        return list(self.field.stored_ids(instance))

    def __set__(self, instance: models.Model, value: Any) -> None:
        # A tuple, never changed in place: a copy of the row (copy.copy) shares nothing mutable.
        instance.__dict__[self.field.pending_key] = tuple(self.field.to_python(value))


class OrderedRelation(models.Field):
    """A holder's ordered list of ids of one relation target: `[7, 3, 12]`.

    No column: the ids are `RelationLink` rows (see the module's docstring)."""

    description = "Ordered ids of a relation target"

    def __init__(self, *args: Any, target: str = "", **kwargs: Any):
        self.target = target
        kwargs.setdefault("default", list)
        kwargs.setdefault("blank", True)
        kwargs["editable"] = False  # no form field: the doors take the list and clean it
        super().__init__(*args, **kwargs)

    def deconstruct(self) -> Any:
        name, path, args, kwargs = super().deconstruct()
        kwargs["target"] = self.target
        kwargs.pop("editable", None)
        return name, path, args, kwargs

    def get_attname_column(self) -> tuple[str, None]:
        return self.get_attname(), None  # no column: concrete is False, migrations never see it

    def contribute_to_class(self, cls: type[models.Model], name: str, private_only: bool = False) -> None:
        super().contribute_to_class(cls, name, private_only=True)
        setattr(cls, name, _HeldIds(self))
        if not cls._meta.abstract:
            uid = f"relation:{cls._meta.label}.{name}"
            post_save.connect(self._save_pending, sender=cls, dispatch_uid=uid, weak=False)
            post_delete.connect(self._forget, sender=cls, dispatch_uid=uid, weak=False)

    @property
    def pending_key(self) -> str:
        return f"_relation_pending_{self.name}"

    # --- Values -------------------------------------------------------------------------------

    def to_python(self, value: Any) -> list[int]:
        return as_ids(value)

    def value_from_object(self, obj: models.Model) -> Any:  # list[int]; Field types it generically
        return getattr(obj, self.attname)

    def validate(self, value: Any, model_instance: models.Model | None) -> None:
        """Each id the row does not hold already must name an object of the target outside the
        bin. One held already is not asked again: an object binned since stays in the list (left
        out when read) instead of refusing every later save of the row."""
        held = set(self.stored_ids(model_instance)) if model_instance is not None else set()
        problems = refused_ids(self.target, [pk for pk in as_ids(value) if pk not in held])
        if problems:
            raise ValidationError(problems)

    # --- The rows -----------------------------------------------------------------------------

    def _links(self, model: type[models.Model]) -> models.QuerySet[RelationLink]:
        return RelationLink.objects.filter(
            holder_type=ContentType.objects.get_for_model(model), field=self.name
        )

    def stored_ids(self, instance: models.Model) -> Sequence[int]:
        """The ids the holder's rows hold, in order: read once, then kept on the instance (in the
        cache `refresh_from_db()` empties)."""
        if instance.pk is None:
            return ()
        cache = instance.__dict__.setdefault("_prefetched_objects_cache", {})
        if self.name not in cache:
            rows = self._links(type(instance)).filter(holder_id=instance.pk).order_by("position")
            cache[self.name] = tuple(rows.values_list("target_id", flat=True))
        return cache[self.name]

    def _save_pending(self, sender: type[models.Model], instance: models.Model, raw: bool = False, **kwargs):
        pending = instance.__dict__.pop(self.pending_key, None)
        if pending is None or raw:
            return
        if tuple(self.stored_ids(instance)) != pending:
            holder_type = ContentType.objects.get_for_model(sender)
            with transaction.atomic(using=kwargs.get("using")):
                self._links(sender).filter(holder_id=instance.pk).delete()
                RelationLink.objects.bulk_create(
                    RelationLink(
                        holder_type=holder_type,
                        holder_id=instance.pk,
                        field=self.name,
                        target=self.target,
                        target_id=target_id,
                        position=position,
                    )
                    for position, target_id in enumerate(pending, start=1)
                )
        instance.__dict__.setdefault("_prefetched_objects_cache", {})[self.name] = pending

    def _forget(self, sender: type[models.Model], instance: models.Model, **kwargs) -> None:
        self._links(sender).filter(holder_id=instance.pk).delete()


def _relation(model: type[models.Model], field: str) -> OrderedRelation:
    relation = model._meta.get_field(field)
    if not isinstance(relation, OrderedRelation):
        raise TypeError(f"{model._meta.label}.{field} is not an OrderedRelation.")
    return relation


def load_relations(holders: Iterable[models.Model], field: str) -> None:
    """Read the lists of every holder in `holders` that has not read its list yet, in one query
    (a list assigned and not saved is left as it is)."""
    holders = [holder for holder in holders if holder.pk is not None]
    if not holders:
        return
    relation = _relation(type(holders[0]), field)
    unread = {
        holder.pk: holder
        for holder in holders
        if relation.pending_key not in holder.__dict__
        and field not in holder.__dict__.get("_prefetched_objects_cache", {})
    }
    if not unread:
        return
    lists: dict[Any, list[int]] = {pk: [] for pk in unread}
    rows = (
        relation._links(type(holders[0])).filter(holder_id__in=list(unread)).order_by("holder_id", "position")
    )
    for holder_id, target_id in rows.values_list("holder_id", "target_id"):
        lists[holder_id].append(target_id)
    for pk, holder in unread.items():
        holder.__dict__.setdefault("_prefetched_objects_cache", {})[field] = tuple(lists[pk])


def related_to[M: models.Model](
    holders: models.QuerySet[M], field: str, ids: Iterable[int]
) -> models.QuerySet[M]:
    """`holders` narrowed to those whose `field` holds any of `ids` (as stored: a draft's pending
    list is not asked): `related_to(Event.objects.all(), "services", [7])`. One subquery on the
    through table's index (target, target id, holder type, holder); ids that cannot be ids match
    nothing."""
    relation = _relation(holders.model, field)
    wanted = [pk for pk in ids if isinstance(pk, int) and not isinstance(pk, bool) and 0 < pk <= MAX_ID]
    links = relation._links(holders.model).filter(target=relation.target, target_id__in=wanted)
    return holders.filter(pk__in=links.values("holder_id"))


def relation_counts(model: type[models.Model], field: str, ids: Iterable[int]) -> dict[int, int]:
    """{target id: how many of `model`'s rows hold it in `field`} for `ids` (ids no row holds are
    left out): one grouped query on the through table, as a category type's `count_items` asks."""
    relation = _relation(model, field)
    wanted = [pk for pk in ids if isinstance(pk, int) and not isinstance(pk, bool) and 0 < pk <= MAX_ID]
    if not wanted:
        return {}
    counted = (
        relation._links(model)
        .filter(target=relation.target, target_id__in=wanted)
        .values("target_id")
        .annotate(holders=models.Count("holder_id"))
        .values_list("target_id", "holders")
    )
    return dict(counted)
