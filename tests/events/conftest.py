"""What the events' tests share: events made and published through the operations, as every
door and the demo make them, and the application's zone set away from UTC."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from frontdesk.events.models import Event
from frontdesk.events.operations import create_event, publish_event

BERLIN = "Europe/Berlin"


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
