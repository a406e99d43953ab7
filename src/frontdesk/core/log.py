"""Writing and reading the log (core/models/log.py): one function to write a line, one query to
read an object's lines.

The account comes from the operation (it is the actor every operation already takes); the token
from the call or request it runs in (core/acting.py), so a line written through an agent's MCP
call or a script's bearer token names the token without any operation passing it on.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db.models import Model, QuerySet

from frontdesk.core.acting import Actor, account_of, current_token
from frontdesk.core.models import LogEntry


def changes_between(before: Mapping[str, Any], after: Mapping[str, Any]) -> dict[str, list]:
    """{name: [before, after]} for every name whose value differs between the two snapshots
    (a name missing from one side counts as None)."""
    return {
        name: [before.get(name), after.get(name)]
        for name in dict.fromkeys([*before, *after])
        if before.get(name) != after.get(name)
    }


def values_of(row: Model, names: Iterable[str]) -> dict[str, Any]:
    """A snapshot of `row`'s values under `names` (attribute names; a foreign key as its id), for
    `changes_between`; copied, so a change made in place to a list or a dict afterwards shows."""
    return {name: copy.deepcopy(getattr(row, name)) for name in names}


def write(
    row: Model,
    action: str,
    actor: Actor = None,
    *,
    changes: Mapping[str, list] | None = None,
    detail: Mapping[str, Any] | None = None,
) -> LogEntry:
    """Write one line about `row` (saved, so it has its id; a deleted row's line is written
    before it goes). `actor` is the account that acted, None for a visitor or the system."""
    line = entry(row, action, actor, changes=changes, detail=detail)
    line.save(force_insert=True)
    return line


def entry(
    row: Model,
    action: str,
    actor: Actor = None,
    *,
    changes: Mapping[str, list] | None = None,
    detail: Mapping[str, Any] | None = None,
) -> LogEntry:
    """The line `write` writes, not saved yet: for a caller that writes it with other rows in
    one statement (the public door, inbox/operations/intake.py), the row's id set when known."""
    return LogEntry(
        content_type=ContentType.objects.get_for_model(row, for_concrete_model=False),
        object_id=row.pk,
        action=action,
        actor=account_of(actor),
        token=current_token(),
        changes=dict(changes or {}),
        detail=dict(detail or {}),
    )


def write_changes(
    row: Model,
    action: str,
    actor: Actor,
    before: Mapping[str, Any],
    *,
    detail: Mapping[str, Any] | None = None,
) -> LogEntry | None:
    """Write a line with the values of `row` that differ from `before` (a `values_of` snapshot
    taken before the change, naming the values to compare), or nothing when none differs: a
    save that changes nothing leaves no line."""
    changes = changes_between(before, values_of(row, before))
    return write(row, action, actor, changes=changes, detail=detail) if changes else None


def log_of(row: Model) -> QuerySet[LogEntry]:
    """`row`'s lines, oldest first, with their account and token: one query."""
    return LogEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(row, for_concrete_model=False), object_id=row.pk
    ).select_related("actor", "token")
