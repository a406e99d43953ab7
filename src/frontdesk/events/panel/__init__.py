"""The events panel. TEMPORARY on branch `editor` until the `panel` branch lands (it owns the
sections): the Events section, so the editor has its address."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from frontdesk.core.panel.sections import Section, register_section
from frontdesk.events.permissions import VIEW


def register_sections() -> None:
    register_section(
        Section(
            key="events",
            label=_("Events"),
            icon="calendar",
            permission=VIEW,
            order=45,
            group=_("Events"),
            path="events",
            urlconf="frontdesk.events.panel.urls",
        )
    )
