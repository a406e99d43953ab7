"""The settings-group registry: what groups the site has and what each is made of. Apps register
theirs in `AppConfig.ready()` (docs/host.md, "Settings groups"):

    register_settings_group(Group(
        name="maps",
        label=_("Maps"),
        description=_("The map shown on event pages."),
        settings=(Text(name="style", label=_("Map style")), Secret(name="api_key", label=_("API key"))),
        order=300,
    ))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.utils.functional import Promise

from frontdesk.core.registry import Registry
from frontdesk.sitesettings.kinds import Setting

NAME_LENGTH = 64  # SettingsGroup.name


@dataclass(frozen=True)
class Group:
    """One screen of settings, stored as one row; `order` places it among the others."""

    name: str
    label: str | Promise
    settings: tuple[Setting, ...]
    description: str | Promise = ""
    order: int = 100

    def __post_init__(self) -> None:
        names = [setting.name for setting in self.settings]
        if len(set(names)) != len(names):
            raise ImproperlyConfigured(f"The settings group {self.name!r} names a setting twice.")
        if not self.name or len(self.name) > NAME_LENGTH or not self.name.replace("_", "").isalnum():
            raise ImproperlyConfigured(f"A settings group is named with a-z, 0-9 and _, not {self.name!r}.")

    def setting(self, name: str) -> Setting | None:
        return next((setting for setting in self.settings if setting.name == name), None)

    @property
    def secrets(self) -> tuple[Setting, ...]:
        return tuple(setting for setting in self.settings if setting.secret)

    @property
    def plain(self) -> tuple[Setting, ...]:
        return tuple(setting for setting in self.settings if not setting.secret)

    def defaults(self) -> dict[str, Any]:
        return {setting.name: setting.default() for setting in self.plain}


GROUPS: Registry[Group] = Registry("settings group")


def register_settings_group(group: Group) -> Group:
    return GROUPS.register(group.name, group)


def all_groups() -> list[Group]:
    """Every group in screen order (order, then registration order)."""
    indexed = list(enumerate(GROUPS.all()))
    return [group for _i, group in sorted(indexed, key=lambda pair: (pair[1].order, pair[0]))]
