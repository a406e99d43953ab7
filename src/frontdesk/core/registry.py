"""One shape for every registry the host keeps: panel sections, API routers, MCP tools and
resources, note entities, demo content, and each registry a later module adds.

Apps register in `AppConfig.ready()`. A name is registered once: a second registration stops
start-up with one line naming both places, whatever the entry (no silent overwrite, no silent
skip). Once every app is ready the registry is closed, so nothing changes what the running site
offers behind its back; a test adds an entry for its own duration with `temporarily`, which
leaves no trace.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, MutableMapping
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Generic, TypeVar

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured

Entry = TypeVar("Entry")

_HERE = str(Path(__file__))


def _caller() -> str:
    """`file:line` of the code that registered: outside this module, contextlib and the
    `register_*` helpers each registry's module offers."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and (
        frame.f_code.co_filename == _HERE
        or frame.f_code.co_filename.endswith("contextlib.py")
        or frame.f_code.co_name.startswith("register")
    ):
        frame = frame.f_back
    if frame is None:
        return "?"
    return f"{frame.f_code.co_filename}:{frame.f_lineno}"


class Registry(Generic[Entry]):
    """Named entries in the order they were registered; `kind` names them in messages."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self._entries: dict[str, tuple[Entry, str]] = {}
        self._lock = threading.Lock()  # the MCP server reads from its own thread
        self.version = 0  # moves on every change, for readers that mirror the registry

    def register(self, name: str, entry: Entry) -> Entry:
        """Add `entry` under `name`; refused after start-up and for a name already taken."""
        where = _caller()
        if apps.ready:
            raise ImproperlyConfigured(
                f"The {self.kind} {name!r} is registered after start-up ({where});"
                " register it in the app's AppConfig.ready()."
            )
        self._add(name, entry, where)
        return entry

    def _add(self, name: str, entry: Entry, where: str) -> None:
        with self._lock:
            if name in self._entries:
                first = self._entries[name][1]
                raise ImproperlyConfigured(
                    f"The {self.kind} {name!r} is registered twice: at {first} and at {where}."
                )
            self._entries[name] = (entry, where)
            self.version += 1

    @contextmanager
    def temporarily(self, name: str, entry: Entry) -> Iterator[Entry]:
        """Register `entry` for the block only, after start-up too (tests); the name must be free."""
        self._add(name, entry, _caller())
        try:
            yield entry
        finally:
            with self._lock:
                self._entries.pop(name, None)
                self.version += 1

    @contextmanager
    def scratch(self) -> Iterator[MutableMapping[str, Entry]]:
        """For tests that reshape a registry: a mapping the block may add to, replace in and delete
        from, written through to the registry; afterwards the registry is exactly as before."""
        with self._lock:
            saved = dict(self._entries)
        try:
            yield _Scratch(self)
        finally:
            with self._lock:
                self._entries.clear()
                self._entries.update(saved)
                self.version += 1

    def get(self, name: str) -> Entry | None:
        with self._lock:
            found = self._entries.get(name)
        return None if found is None else found[0]

    def __getitem__(self, name: str) -> Entry:
        entry = self.get(name)
        if entry is None:
            raise KeyError(name)
        return entry

    def __contains__(self, name: object) -> bool:
        with self._lock:
            return name in self._entries

    def all(self) -> list[Entry]:
        """Every entry, in the order registered."""
        with self._lock:
            return [entry for entry, _where in self._entries.values()]

    def names(self) -> list[str]:
        with self._lock:
            return list(self._entries)


class _Scratch(MutableMapping[str, Entry]):
    def __init__(self, registry: Registry[Entry]) -> None:
        self.registry = registry

    def __getitem__(self, name: str) -> Entry:
        return self.registry[name]

    def __setitem__(self, name: str, entry: Entry) -> None:
        with self.registry._lock:
            self.registry._entries[name] = (entry, _caller())
            self.registry.version += 1

    def __delitem__(self, name: str) -> None:
        with self.registry._lock:
            del self.registry._entries[name]
            self.registry.version += 1

    def __iter__(self) -> Iterator[str]:
        return iter(self.registry.names())

    def __len__(self) -> int:
        return len(self.registry.names())
