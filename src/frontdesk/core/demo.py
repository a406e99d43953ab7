"""Demo content registry: apps register a seed and a removal in `AppConfig.ready()`.

`frontdesk demo` runs every seed (idempotent) and creates the demo administrator;
`frontdesk demo --remove` runs every removal in reverse order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class DemoContent:
    name: str
    seed: Callable[[], str]
    remove: Callable[[], str]


_contents: dict[str, DemoContent] = {}


def register_demo(name: str, *, seed: Callable[[], str], remove: Callable[[], str]) -> None:
    _contents[name] = DemoContent(name, seed, remove)


def demo_contents() -> list[DemoContent]:
    return list(_contents.values())
