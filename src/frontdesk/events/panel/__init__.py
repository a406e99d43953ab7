"""The events' panel sections: Events (the list; the editor beside it) and Categories (the host's
screen), both under the heading Events (docs/events.md, "The panel: the list and the
categories")."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from frontdesk.categories.panel import category_section
from frontdesk.core.panel.sections import Section, register_section
from frontdesk.events.models import CATEGORY_TYPE
from frontdesk.events.permissions import VIEW

EVENTS = "events"
CATEGORIES = "events-categories"


def register_sections() -> None:
    """Called from EventsConfig.ready(). Each section keeps its own `path`; a site moves either with
    FRONTDESK["panel"]["paths"] = {"events": "...", "events-categories": "..."}."""
    group = _("Events")
    register_section(
        Section(
            key=EVENTS,
            label=_("Events"),
            icon="calendar",
            permission=VIEW,
            order=50,
            group=group,
            path="events",
            urlconf="frontdesk.events.panel.urls",
        )
    )
    register_section(
        category_section(
            CATEGORY_TYPE,
            key=CATEGORIES,
            label=_("Categories"),
            group=group,
            order=51,
            path="events/categories",
            icon="sliders",
            urlconf="frontdesk.events.panel.category_urls",
        )
    )
