"""An order editors set by naming every row once (dragged in the panel, or a list of ids in the
API and the tools): the one rule every module's `reorder_` operation uses.

    reorder(Service.objects.all(), ids, location="order", words=SERVICE_ORDER)

`rows` is the complete set to order (the module narrows it: outside the bin, one form's fields,
one category's placements). The list is refused under `location`, changing nothing, when it is
not a list of ids, leaves a row out, names one twice, or names an id that is not among `rows`;
otherwise the rows take the positions 1..n in the list's order (only those whose position moved
are written) and come back in that order. No log line: no reordering is logged (docs/host.md,
"The log").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model, QuerySet
from django.dispatch import Signal
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from frontdesk.core.limits import MAX_ID

# Sent after `reorder` stored new positions in bulk (a bulk update sends no post_save), with the
# model as sender and the database alias as `using`: the page cache hears of it
# (publishing/page_cache.py), as of every save.
reordered = Signal()

NOT_A_LIST = _("Give the order as a list of ids.")
INCOMPLETE = _("Name every item exactly once.")


@dataclass(frozen=True)
class OrderWords:
    """The refusals' sentences, so each module names its rows ("Name every service exactly once.").
    `missing` may name the ids with %(ref)s; None: an id not among the rows gets `incomplete`."""

    not_a_list: str | Promise = NOT_A_LIST
    incomplete: str | Promise = INCOMPLETE
    missing: str | Promise | None = None


WORDS = OrderWords()


def order_ids(ids: object, *, location: str = "ids", words: OrderWords = WORDS) -> list[int]:
    """`ids` as a list of row ids, or refused under `location` (a bool is not an id, nor is a
    number no row can have)."""
    if not isinstance(ids, list | tuple) or any(
        isinstance(item, bool) or not isinstance(item, int) or not 1 <= item <= MAX_ID for item in ids
    ):
        raise ValidationError({location: [str(words.not_a_list)]})
    return list(ids)


def reorder[M: Model](
    rows: QuerySet[M],
    ids: Sequence[object],
    *,
    field: str = "position",
    location: str = "ids",
    words: OrderWords = WORDS,
) -> list[M]:
    """Store the order `ids` names over `rows` (the whole set), positions from 1 in `field`."""
    wanted = order_ids(ids, location=location, words=words)
    with transaction.atomic():
        by_id = {row.pk: row for row in rows.select_for_update().order_by("pk")}
        if words.missing is not None:
            missing = [pk for pk in dict.fromkeys(wanted) if pk not in by_id]
            if missing:
                ref = ", ".join(str(pk) for pk in missing)
                raise ValidationError({location: [str(words.missing) % {"ref": ref}]})
        if len(wanted) != len(set(wanted)) or set(wanted) != set(by_id):
            raise ValidationError({location: [str(words.incomplete)]})
        moved = []
        for position, pk in enumerate(wanted, start=1):
            row = by_id[pk]
            if getattr(row, field) != position:
                setattr(row, field, position)
                moved.append(row)
        if moved:
            rows.model._default_manager.bulk_update(moved, [field])
            reordered.send(sender=rows.model, using=rows.db)
    return [by_id[pk] for pk in wanted]
