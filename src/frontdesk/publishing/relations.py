"""Relations (docs/host.md, "Relation targets"): a holder's ordered list of objects of another
module (an event's services), without importing the module that owns them.

A module registers a `RelationTarget` in `AppConfig.ready()` (publishing/relation_targets.py); a
holder declares an `OrderedRelation(target=...)` (publishing/relation_field.py), whose value is the
list of ids in the chosen order, kept in the one through table `RelationLink`, and goes through the
helpers here: `clean_relation` judges a list on the way in, `related_cards` reads the cards of any
number of holders' lists in the target's few queries, `related_to` narrows holders to those that
hold given objects.

What a foreign key to the target would give is made good on both ends: an id is checked against
the target when saved, and one whose object went away since (deleted, in the bin, hidden) is left
out when read rather than printed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import models

from frontdesk.publishing.relation_field import OrderedRelation, load_relations, related_to, relation_counts
from frontdesk.publishing.relation_targets import (
    MAX_RELATED,
    RELATION_TARGETS,
    Card,
    RelationTarget,
    as_ids,
    clean_relation,
    register_relation_target,
    resolve_references,
)

__all__ = [
    "MAX_RELATED",
    "RELATION_TARGETS",
    "Card",
    "OrderedRelation",
    "RelationTarget",
    "as_ids",
    "cards_of",
    "clean_relation",
    "load_relations",
    "register_relation_target",
    "related_cards",
    "related_to",
    "relation_counts",
    "resolve_references",
]


def related_cards(holders: Iterable[models.Model], field: str, language: str) -> dict[Any, list[Card]]:
    """{holder's pk: its cards in the chosen order} for every holder, with one lookup of the
    target for all of them; an id a visitor may not see (hidden, binned, gone) is left out."""
    holders = list(holders)
    if not holders:
        return {}
    relation = holders[0]._meta.get_field(field)
    assert isinstance(relation, OrderedRelation)
    target = RELATION_TARGETS.get(relation.target)
    if target is None:  # the target's module is not installed: nothing a visitor may see
        return {holder.pk: [] for holder in holders}
    load_relations(holders, field)  # one query for the lists not read yet
    lists = {holder.pk: getattr(holder, field) for holder in holders}
    wanted = {pk for ids in lists.values() for pk in ids if isinstance(pk, int)}
    cards = target.lookup_by_id(sorted(wanted), language) if wanted else {}
    return {pk: [cards[item] for item in ids if item in cards] for pk, ids in lists.items()}


def cards_of(holder: models.Model, field: str, language: str) -> list[Card]:
    """One holder's cards in the chosen order (see `related_cards`)."""
    return related_cards([holder], field, language)[holder.pk]
