"""The panel's section registry. Apps register their sections in `AppConfig.ready()`.

    register_section(Section(key="inbox", label=_("Inbox"), icon="inbox",
                             permission="inbox.view", order=10, landing=True,
                             urlconf="frontdesk.inbox.panel.urls"))

The menu shows the sections a user may open; the landing section is the first visible one
registered with `landing=True`, else the first visible one. A site moves a section to another
address with FRONTDESK["panel"]["paths"] = {"inbox": "mail"}.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.functional import Promise

from frontdesk.core.conf import host_settings
from frontdesk.core.registry import Registry


@dataclass(frozen=True)
class Section:
    key: str
    label: str | Promise
    urlconf: str
    icon: str = "square"
    permission: str | None = None
    order: int = 100
    group: str | Promise | None = None
    landing: bool = False
    path: str | None = None
    extra_permissions: tuple[str, ...] = field(default_factory=tuple)

    @property
    def address(self) -> str:
        """The address segment under /cms/ (settings win over the registered path)."""
        moved = (host_settings("panel")["paths"] or {}).get(self.key)
        return (moved or self.path or self.key).strip("/")

    @property
    def url_namespace(self) -> str:
        return f"panel-{self.key}"

    def visible_to(self, user) -> bool:
        if not (user.is_authenticated and user.is_active):
            return False
        return self.permission is None or user.has_perm(self.permission)


SECTIONS: Registry[Section] = Registry("panel section")


def register_section(section: Section) -> Section:
    return SECTIONS.register(section.key, section)


def all_sections() -> list[Section]:
    """Every section in menu order (order, then registration order)."""
    indexed = list(enumerate(SECTIONS.all()))
    return [section for _i, section in sorted(indexed, key=lambda pair: (pair[1].order, pair[0]))]


def sections_for(user) -> list[Section]:
    return [section for section in all_sections() if section.visible_to(user)]


def landing_section_for(user) -> Section | None:
    visible = sections_for(user)
    registered = SECTIONS.all()
    for section in sorted(visible, key=registered.index):
        if section.landing:
            return section
    return visible[0] if visible else None


def grouped_menu(user) -> list[tuple[str | Promise | None, list[Section]]]:
    """The visible sections grouped under their headings, groups in first-appearance order."""
    groups: dict[str | Promise | None, list[Section]] = {}
    for section in sections_for(user):
        groups.setdefault(section.group, []).append(section)
    return list(groups.items())
