"""What the events' tests share: events made and published through the operations, as every
door and the demo make them, and the application's zone set away from UTC."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine

from frontdesk.categories.operations import create_category
from frontdesk.events.models import Event
from frontdesk.events.operations import create_event, publish_event

BERLIN = "Europe/Berlin"
# The moment the query tests stand at: a Friday noon in Berlin.
NOW = datetime(2027, 3, 12, 12, tzinfo=ZoneInfo(BERLIN))


@pytest.fixture
def berlin(settings) -> str:
    """The application's zone an hour or two away from UTC, so a moment read in the wrong zone
    shows."""
    settings.TIME_ZONE = BERLIN
    return BERLIN


@pytest.fixture
def make_event(db) -> Callable[..., Event]:
    """make_event("Title", starts_at=..., publish=True): a new event through create_event,
    published through publish_event unless publish=False."""

    def make(title: str = "Tea and talk", *, publish: bool = True, **values: Any) -> Event:
        event = create_event(actor=None, values={"title": {"en": title}, **values})
        return publish_event(event, actor=None) if publish else event

    return make


@pytest.fixture
def clock() -> Iterator[datetime]:
    """The clock stopped at NOW."""
    with time_machine.travel(NOW, tick=False):
        yield NOW


@pytest.fixture
def three(berlin, make_event, clock) -> dict[str, Any]:
    """A past event, one to come and one without a date, with two categories."""
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}, "slug": {"en": "yoga"}})
    talks = create_category("events", actor=None, values={"name": {"en": "Talks"}, "slug": {"en": "talks"}})
    over = make_event(
        "Over", starts_at="2027-03-01T10:00", categories=[yoga.pk], booking_url="https://example.org/b"
    )
    soon = make_event("Soon", starts_at="2027-03-20T10:00", categories=[talks.pk, yoga.pk], slug="soon")
    undated = make_event("Undated", date_note={"en": "Every Friday"})
    return {"yoga": yoga, "talks": talks, "over": over, "soon": soon, "undated": undated}
