"""Relation targets (docs/host.md, "Relation targets"): the kinds of object a holder may point at,
registered by the module that owns them, and the two helpers that judge what a holder is given:
`clean_relation` (a list of ids) and `resolve_references` (ids and addresses, as an agent names
them). The holder's side, the field and its rows, is publishing/relation_field.py."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
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
    # What a holder's editor may offer: every object outside the bin as (id, name), in its
    # owner's order, shown to an account with `permission` (the owner's right to read the names).
    choices: Callable[[], list[tuple[int, str]]] | None = None
    permission: str | None = None


RELATION_TARGETS: Registry[RelationTarget] = Registry("relation target")


def register_relation_target(target: RelationTarget) -> RelationTarget:
    return RELATION_TARGETS.register(target.name, target)


def choices_for(target_name: str, user: Any) -> list[tuple[int, str]] | None:
    """The objects of the target an editor may pick from, as (id, name) in the owner's order; None
    when no installed module registers the target, it offers no choices, or `user` may not read
    their names. So a holder's editor offers, and filters by, another module's objects without
    importing it."""
    target = RELATION_TARGETS.get(target_name)
    if target is None or target.choices is None:
        return None
    if target.permission and not user.has_perm(target.permission):
        return None
    return target.choices()


# The most ids one relation holds: more is a mistake or an attack, and a list this long is already
# more than a page can print.
MAX_RELATED = 500


def as_ids(given: object) -> list[int]:
    """`given` as a list of ids in its order, a repeat dropped (the first place counts); anything but
    a list of at most MAX_RELATED ids is refused with an unkeyed ValidationError."""
    if not isinstance(given, list | tuple):
        raise ValidationError(_("Give a list of ids."))
    if len(given) > MAX_RELATED:
        raise ValidationError(_("Give at most %(count)d ids.") % {"count": MAX_RELATED})
    ids: list[int] = []
    for item in given:
        if isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= MAX_ID:
            text = str(item)[:40]
            raise ValidationError(_("%(value)s is not an id.") % {"value": text})
        if item not in ids:  # a repeat says nothing more; the first place counts
            ids.append(item)
    return ids


def refused_ids(target_name: str, ids: list[int]) -> list[str]:
    """A refusal for each of `ids` that names no object of the target an editor may choose (none,
    or one in the bin): "There is no service 7.". One query, however many ids."""
    if not ids:
        return []
    # A target no installed module registers (events without the services module) has no
    # objects: every id is refused, named by the target's name.
    target = RELATION_TARGETS.get(target_name)
    known = target.existing(ids) if target is not None else set()
    label = (target.label or target.name) if target is not None else target_name
    return [_("There is no %(kind)s %(id)s.") % {"kind": label, "id": pk} for pk in ids if pk not in known]


def clean_relation(target_name: str, given: object, *, field: str) -> list[int]:
    """`given` (a list of ids) as the holder stores it: in the given order, a repeat dropped, or
    ValidationError({field: [...]}) naming each id that is no object of the target (or one in
    the bin). One query, however many ids."""
    try:
        ids = as_ids(given)
    except ValidationError as error:
        raise ValidationError({field: error.messages}) from None
    problems = refused_ids(target_name, ids)
    if problems:
        raise ValidationError({field: problems})
    return ids


def resolve_references(target_name: str, references: Iterable[int | str], *, field: str) -> list[int]:
    """Ids and addresses as an agent names them (7, "/services/garden", "garden") as ids, in
    order; an address no object holds is refused under `field`. An id is passed on as it is
    (`clean_relation` judges it)."""
    target = RELATION_TARGETS.get(target_name)
    ids: list[Any] = []
    unknown = []
    for reference in references:
        if isinstance(reference, int) and not isinstance(reference, bool):
            ids.append(reference)
        elif isinstance(reference, str) and reference.strip().isdigit():
            ids.append(int(reference.strip()))
        elif (
            isinstance(reference, str)
            and target is not None
            and (found := target.lookup_by_address(reference)) is not None
        ):
            ids.append(found)
        else:
            unknown.append(str(reference)[:200])
    if unknown:
        label = (target.label or target.name) if target is not None else target_name
        raise ValidationError(
            {
                field: [
                    _("There is no %(kind)s at %(address)s.") % {"kind": label, "address": text}
                    for text in unknown
                ]
            }
        )
    return ids
