"""The events' settings: what a site sets in `FRONTDESK["events"]` over the defaults here.

Read through `events_settings()` (core/conf.module_settings); `settings.py` maps the environment
onto keys (FRONTDESK_EVENTS_PREFIX, FRONTDESK_EVENTS_INDEX, FRONTDESK_EVENTS_PER_PAGE,
FRONTDESK_EVENTS_CURRENCY, FRONTDESK_EVENTS_BREADCRUMBS) and the system checks
(events/checks.py) judge the values. docs/events.md, "Configuration", has the table.
"""

from __future__ import annotations

from typing import Any

from frontdesk.core.conf import module_settings

DEFAULTS: dict[str, Any] = {
    # The first segment of every address: /events, /events/<slug>, /de/events/<slug>.ics.
    "prefix": "events",
    # Whether /<prefix> answers with the service's own list of events to come; false leaves the
    # address to a page of the pages module with the slug of the prefix.
    "index": True,
    # Events per page of the index and of a category page.
    "per-page": 24,
    # ISO 4217 code of the prices in the markup's offers; empty: no price in the markup.
    "currency": "",
    # Templates of the index, a category and an event, for a site that replaces a whole view.
    "views": {
        "index": "events/site/index.html",
        "category": "events/site/category.html",
        "event": "events/site/event.html",
    },
    # The template the views stand in; empty: the site's layout (FRONTDESK["site"]["layout"]).
    "layout": "",
    # Whether the views print the visible trail of links above the heading.
    "breadcrumbs": True,
    # Dotted paths of middleware run on the events' public routes and on no other.
    "middleware": [],
}


def events_settings() -> dict[str, Any]:
    """The events' settings, the site's over the defaults."""
    return module_settings("events", DEFAULTS)


def events_prefix() -> str:
    """The prefix without outer slashes, read at every call (routes)."""
    return str(events_settings()["prefix"] or "").strip().strip("/")
