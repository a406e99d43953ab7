"""Reading a group's stored values, cached: the public pages read them on every request that needs
them (the captcha keys), and a configuration read must not cost a query each time (DESIGN.md,
"Writes that do not queue").

The values live in Django's cache under one key per group, dropped by every save (when it is
made and again when it commits, so a read between the two cannot keep the old values). With
several worker processes the cache must be shared (CACHE_URL, Redis) for a save to reach every
worker at once; a worker's own local-memory cache forgets the group after CACHE_SECONDS anyway.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache
from django.db import connection, transaction

from frontdesk.core.fresh_reads import must_read_fresh
from frontdesk.sitesettings.models import SettingsGroup
from frontdesk.sitesettings.registry import GROUPS

CACHE_SECONDS = 60


@dataclass(frozen=True)
class Stored:
    """A group's values over its defaults, and its secrets (for the code that uses them only)."""

    values: dict[str, Any]
    secrets: dict[str, str] = field(repr=False)  # repr=False: a traceback or a log never prints them
    revision: int = 0

    def secret(self, name: str) -> str:
        return self.secrets.get(name, "")


def _key(name: str) -> str:
    return f"frontdesk:settings-group:{name}"


def stored_values(name: str) -> Stored:
    """Group `name`'s values (defaults for those never saved) and secrets; KeyError for a group
    that is not registered."""
    group = GROUPS[name]
    # Asked afresh while a page is rendered to be kept (core/fresh_reads.py).
    from_database = _changed_in_this_transaction(name) or must_read_fresh()
    found = None if from_database else cache.get(_key(name))
    if found is None:
        row = SettingsGroup.objects.filter(name=name).values("values", "secrets", "revision").first()
        found = row or {"values": {}, "secrets": {}, "revision": 0}
        if not _changed_in_this_transaction(name):
            cache.set(_key(name), found, CACHE_SECONDS)
    # Only what the group declares today: a setting a module has dropped stays stored, unread.
    values = {**group.defaults(), **{k: v for k, v in found["values"].items() if k in group.defaults()}}
    secrets = {setting.name: found["secrets"].get(setting.name, "") for setting in group.secrets}
    return Stored(values, {k: v for k, v in secrets.items() if v}, found["revision"])


def forget(name: str) -> None:
    """Drop the cached values of `name` now and when the current transaction commits."""
    cache.delete(_key(name))

    def after_commit() -> None:
        cache.delete(_key(name))

    after_commit.settings_group = name  # type: ignore[attr-defined]
    transaction.on_commit(after_commit)


def _changed_in_this_transaction(name: str) -> bool:
    """Whether this connection's open transaction saved group `name`: its reads then come from the
    database and are not cached, for the transaction may still roll back (an agent's dry run) and
    the values it sees are nobody else's. Django keeps the callbacks of a transaction until it
    commits and drops those of a rolled-back one (or savepoint), so a pending `forget` says it."""
    pending = connection.run_on_commit if connection.in_atomic_block else []
    # Each entry is (savepoint ids, callback, robust); the stubs know only the first two.
    return any(getattr(entry[1], "settings_group", None) == name for entry in pending)
