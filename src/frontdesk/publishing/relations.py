"""Relation targets: kinds of object another module may point at in an order its editors choose
(an event's services), without importing the module that owns them (docs/host.md, "Relation
targets").

A module registers a `RelationTarget` in `AppConfig.ready()`; a holder keeps the chosen ids in an
`OrderedRelation` column (a JSON list of ids, in order) and goes through the helpers here:
`clean_relation` judges a list on the way in, `related_cards` reads the cards of any number of
holders' lists in the target's few queries, however many ids they hold.

Why a JSON list and not a through table: the order is the list's own; the value is one column,
so a versioned holder drafts, publishes and restores it like any other value (publishing/versions.py
needs no `column_values` override) and a copy carries it; reading the cards costs the target's
lookup and nothing per holder. What it gives up, a foreign key, is made good on both ends: an id
is checked against the target when saved, and one whose object went away since (deleted, in the
bin, hidden) is left out when read rather than printed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from frontdesk.core.limits import MAX_ID
from frontdesk.core.registry import Registry

Card = dict[str, Any]


@dataclass(frozen=True)
class RelationTarget:
    """One kind of object a relation may point at.

    `lookup_by_id(ids, language)` answers {id: card} of those ids a visitor may see (published,
    outside the bin), in a number of queries that does not grow with the ids; `lookup_by_address
    (address)` the id of the object at a public address or slug ("/de/services/garten",
    "services/garden", "garden"), or None; `card(obj, language)` one object's card (id, url,
    title, lead, cover). `existing(ids)` answers the ids that name an object outside the bin,
    published or not: what an editor may choose.
    """

    name: str
    lookup_by_id: Callable[[Iterable[int], str], dict[int, Card]]
    lookup_by_address: Callable[[str], int | None]
    card: Callable[[Any, str], Card]
    existing: Callable[[Iterable[int]], set[int]]
    label: str | Promise = ""  # how an error names one object: "service" ("There is no service 7.")


RELATION_TARGETS: Registry[RelationTarget] = Registry("relation target")


def register_relation_target(target: RelationTarget) -> RelationTarget:
    return RELATION_TARGETS.register(target.name, target)


class OrderedRelation(models.JSONField):
    """A holder's ordered list of ids of one relation target: `[7, 3, 12]`.

    The stored list is what `clean_relation` let through; read it with `related_cards`.
    """

    description = "Ordered ids of a relation target"

    def __init__(self, *args, target: str = "", **kwargs):
        self.target = target
        kwargs.setdefault("default", list)
        kwargs.setdefault("blank", True)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        kwargs["target"] = self.target
        return name, path, args, kwargs


def _as_ids(given: object, field: str) -> list[int]:
    if not isinstance(given, list | tuple):
        raise ValidationError({field: [_("Give a list of ids.")]})
    ids: list[int] = []
    for item in given:
        if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= MAX_ID:
            text = str(item)[:40]
            raise ValidationError({field: [_("%(value)s is not an id.") % {"value": text}]})
        if item not in ids:  # a repeat says nothing more; the first place counts
            ids.append(item)
    return ids


def clean_relation(target_name: str, given: object, *, field: str) -> list[int]:
    """`given` (a list of ids) as the holder stores it: in the given order, a repeat dropped, or
    ValidationError({field: [...]}) naming each id that is no object of the target (or one in
    the bin). One query, however many ids."""
    target = RELATION_TARGETS[target_name]
    ids = _as_ids(given, field)
    known = target.existing(ids) if ids else set()
    missing = [pk for pk in ids if pk not in known]
    if missing:
        label = target.label or target.name
        raise ValidationError(
            {field: [_("There is no %(kind)s %(id)s.") % {"kind": label, "id": pk} for pk in missing]}
        )
    return ids


def resolve_references(target_name: str, references: Iterable[int | str], *, field: str) -> list[int]:
    """Ids and addresses as an agent names them (7, "/services/garden", "garden") as ids, in
    order; an address no object holds is refused under `field`. An id is passed on as it is
    (`clean_relation` judges it)."""
    target = RELATION_TARGETS[target_name]
    ids: list[Any] = []
    unknown = []
    for reference in references:
        if isinstance(reference, int) and not isinstance(reference, bool):
            ids.append(reference)
        elif isinstance(reference, str) and reference.strip().isdigit():
            ids.append(int(reference.strip()))
        elif isinstance(reference, str) and (found := target.lookup_by_address(reference)) is not None:
            ids.append(found)
        else:
            unknown.append(str(reference)[:200])
    if unknown:
        label = target.label or target.name
        raise ValidationError(
            {
                field: [
                    _("There is no %(kind)s at %(address)s.") % {"kind": label, "address": text}
                    for text in unknown
                ]
            }
        )
    return ids


def related_cards(holders: Iterable[models.Model], field: str, language: str) -> dict[Any, list[Card]]:
    """{holder's pk: its cards in the chosen order} for every holder, with one lookup of the
    target for all of them; an id a visitor may not see (hidden, binned, gone) is left out."""
    holders = list(holders)
    if not holders:
        return {}
    relation = holders[0]._meta.get_field(field)
    assert isinstance(relation, OrderedRelation)
    target = RELATION_TARGETS[relation.target]
    lists: Mapping[Any, list[int]] = {holder.pk: list(getattr(holder, field) or []) for holder in holders}
    wanted = {pk for ids in lists.values() for pk in ids if isinstance(pk, int)}
    cards = target.lookup_by_id(sorted(wanted), language) if wanted else {}
    return {pk: [cards[item] for item in ids if item in cards] for pk, ids in lists.items()}


def cards_of(holder: models.Model, field: str, language: str) -> list[Card]:
    """One holder's cards in the chosen order (see `related_cards`)."""
    return related_cards([holder], field, language)[holder.pk]
