"""What the events' tests share: events made and published through the operations, as every
door and the demo make them, and the application's zone set away from UTC."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.urls import clear_url_caches, get_resolver

from frontdesk.events.models import Event
from frontdesk.events.operations import create_event, publish_event

BERLIN = "Europe/Berlin"


@pytest.fixture(scope="session", autouse=True)
def urls_read_as_the_site_starts() -> None:
    """The root urls.py read with the site's own settings before any events test runs: it reads
    the modules' patterns once (the index at /<prefix>), and a test that first resolves a URL
    under another prefix (the checks' tests run `check`) would otherwise leave them at that
    prefix for every later test of the worker."""
    assert get_resolver().url_patterns


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


def configure_events(settings, **values: Any) -> None:
    """FRONTDESK["events"] with `values` over what the site set, the rest of FRONTDESK kept."""
    settings.FRONTDESK = {**settings.FRONTDESK, "events": {**settings.FRONTDESK.get("events", {}), **values}}


@pytest.fixture
def site_templates(settings, tmp_path) -> Callable[[str, str], Path]:
    """A site's own templates folder (TEMPLATES DIRS, as FRONTDESK_TEMPLATES sets it), empty at
    first: place("events/site/event/facts.html", "...") puts a file there. Left with the test."""
    folder = tmp_path / "site-templates"
    folder.mkdir()
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [str(folder)]}]

    def place(name: str, text: str) -> Path:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        reload_templates(settings)
        return path

    place.folder = folder  # type: ignore[attr-defined]
    return place


def reload_templates(settings) -> None:
    """Forget the template loaders' cache (as a restarted site would), so a placed or removed
    file is seen."""
    settings.TEMPLATES = [dict(settings.TEMPLATES[0])]


@pytest.fixture
def index_off(settings):
    """FRONTDESK["events"]["index"] false, with the URL patterns read again (the root urls.py
    reads a module's patterns once, at start-up); the site's own restored after the test."""
    before = settings.FRONTDESK
    configure_events(settings, index=False)
    _reload_urls()
    yield
    settings.FRONTDESK = before
    _reload_urls()


def _reload_urls() -> None:
    import frontdesk.urls

    importlib.reload(frontdesk.urls)
    clear_url_caches()
