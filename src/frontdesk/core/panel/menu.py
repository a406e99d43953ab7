"""What the shell shows around every panel page: section addresses and the grouped menu."""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse
from django.utils.functional import Promise

from frontdesk.core.panel.sections import SECTIONS, Section, grouped_menu


def section_url(section: Section) -> str:
    """The section's address under the panel root, e.g. /cms/inbox/ (settings may move it)."""
    return f"{reverse('panel:home')}{section.address}/"


def url_for_key(user, key: str) -> str:
    """The address of section `key` when `user` may open it, else ""."""
    section = SECTIONS.get(key)
    return section_url(section) if section is not None and section.visible_to(user) else ""


@dataclass(frozen=True)
class MenuEntry:
    key: str
    label: str | Promise
    icon: str
    url: str
    active: bool


@dataclass(frozen=True)
class MenuGroup:
    heading: str | Promise | None
    entries: list[MenuEntry]


def menu_for(user, active_key: str | None = None) -> list[MenuGroup]:
    return [
        MenuGroup(
            heading,
            [MenuEntry(s.key, s.label, s.icon, section_url(s), s.key == active_key) for s in sections],
        )
        for heading, sections in grouped_menu(user)
    ]
