"""What the events' tests share: events made and published through the operations, as every
door and the demo make them, and the application's zone set away from UTC."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.http import HttpResponse
from django.test import Client
from django.urls import clear_url_caches, get_resolver

from frontdesk.categories.operations import create_category
from frontdesk.events.models import Event
from frontdesk.events.operations import create_event, publish_event
from frontdesk.pictures.operations import create_picture
from tests.picture_files import picture_file

BERLIN = "Europe/Berlin"
# The moment the query tests stand at: a Friday noon in Berlin.
NOW = datetime(2027, 3, 12, 12, tzinfo=ZoneInfo(BERLIN))


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


@pytest.fixture
def clock(berlin) -> Iterator[datetime]:
    """The clock stopped at NOW, in the application's zone of `berlin`."""
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
    reload_urls()
    yield
    settings.FRONTDESK = before
    reload_urls()


def reload_urls() -> None:
    """The root urls.py read again, as a restarted site reads it with the settings of now."""
    import frontdesk.urls

    importlib.reload(frontdesk.urls)
    clear_url_caches()


# The present moment of the demo-like events: a Friday noon in the application's zone.
DEMO_NOW = "2027-03-12T12:00+01:00"


@pytest.fixture
def demo_like(berlin, media, make_event) -> Iterator[dict[str, Any]]:
    """The demo's dated kinds of event, published, with the clock held at DEMO_NOW: `week` a week
    ahead with hours, a numeric price, two photos and a place; `days` three whole days in two
    categories; `online` online and free (0); `undated` with only a date note; `past` a month
    ago. Also `pictures` (the week's photos) and `categories`."""
    with time_machine.travel(datetime.fromisoformat(DEMO_NOW), tick=False):
        pictures = [create_picture(actor=None, values={"file": picture_file(400, 300)}) for _ in range(2)]
        categories = [
            create_category("events", actor=None, values={"name": {"en": name}, "slug": {"en": slug}})
            for name, slug in (("Crafts", "crafts"), ("Outdoors", "outdoors"))
        ]
        week = make_event(
            "Pottery workshop",
            slug={"en": "pottery", "ru": "гончарная"},
            lead={"en": "Throw your first bowl.", "ru": "Ваша первая чаша."},
            starts_at="2027-03-19T10:00",
            ends_at="2027-03-19T13:00",
            venue="Clay studio",
            address="Harbour street 4, Kiel",
            map_url="https://maps.example.org/clay",
            price={"en": "30 euros"},
            price_amount="30",
            booking_url="https://tickets.example.org/pottery",
            photos=[picture.key for picture in pictures],
        )
        days = make_event(
            "Forest retreat",
            slug={"en": "retreat"},
            lead={"en": "Three days under the trees."},
            all_day=True,
            starts_at="2027-04-02",
            ends_at="2027-04-04",
            venue="Old farm",
            address="Forest road 1, Plön",
            booking_url="https://tickets.example.org/retreat",
            categories=[category.pk for category in categories],
        )
        online = make_event(
            "Webinar: glazes",
            slug={"en": "glazes"},
            lead={"en": "Glazes explained."},
            format="online",
            starts_at="2027-03-15T18:00",
            ends_at="2027-03-15T19:30",
            venue="A hall the online event no longer uses",
            price_amount="0",
            booking_url="https://tickets.example.org/glazes",
        )
        undated = make_event(
            "Open studio", slug={"en": "open-studio"}, date_note={"en": "Every Friday in spring"}
        )
        past = make_event(
            "Winter market",
            slug={"en": "winter-market"},
            starts_at="2027-02-12T10:00",
            ends_at="2027-02-12T16:00",
            venue="Town hall",
            booking_url="https://tickets.example.org/market",
        )
        yield {
            "week": week,
            "days": days,
            "online": online,
            "undated": undated,
            "past": past,
            "pictures": pictures,
            "categories": categories,
        }


# --- The panel API --------------------------------------------------------------------------------

API = "/api/cms/events"


@pytest.fixture
def staff(clock, admin_client) -> Client:
    """The superuser's client, signed in at the clock's moment (a session opened before the
    clock moved to 2027 would have expired by then)."""
    return admin_client


def send(client: Client, method: str, path: str, body: Any = None) -> HttpResponse:
    """`method` on the events API (`path` after /api/cms/events) with `body` as JSON."""
    call = getattr(client, method.lower())
    if body is None:
        return call(f"{API}{path}", content_type="application/json")
    return call(f"{API}{path}", body, content_type="application/json")
