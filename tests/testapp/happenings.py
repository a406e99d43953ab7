"""A module's own public side, as the events' will be, for the host's tests: an index at
/<prefix> (named happenings:index) while its `index` setting is on, a calendar file per test
event at /<prefix>/<slug>.ics (happenings:ics), its own layout and middleware from its settings
(FRONTDESK["testapp"]), and markup with the site's pictures and Organization (publishing/head.py).
Registered in the test app's `ready()` (routes/public_urls.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.urls import URLPattern, URLResolver, path

from frontdesk.core.conf import module_settings
from frontdesk.core.languages import translate
from frontdesk.pictures.queries import resolve_pictures
from frontdesk.publishing.head import (
    head_of,
    json_ld_image_urls,
    organization_reference_if_printed,
    render_page,
)
from tests.testapp.apps import routes_prefix
from tests.testapp.models import RoutedEvent

DEFAULTS: dict[str, Any] = {
    "index": True,  # the index answers the prefix (and keeps pages off it)
    "layout": "",  # the template its views stand in; empty: the site's layout
    "middleware": [],  # dotted paths of middleware run on its public routes only
}

STAMP = "X-Test-Module"


def happenings_settings() -> dict[str, Any]:
    return module_settings("testapp", DEFAULTS)


def prefix() -> str:
    """The route types' prefix: the index and the test events share it, as the events' do."""
    return routes_prefix()


def index_path() -> str:
    """The exact path the index keeps for itself ("" while it is switched off)."""
    return prefix() if happenings_settings()["index"] else ""


def middleware() -> Sequence[str]:
    return happenings_settings()["middleware"]


def index(request: HttpRequest) -> HttpResponse:
    """The test events, with an Event node whose images are the pictures `?picture=` names."""
    events = [translate(event.title) for event in RoutedEvent.objects.order_by("pk")]
    head = head_of(request)
    head.set_title("Happenings")
    keys = request.GET.getlist("picture")
    if keys:
        pictures = resolve_pictures(keys)
        node: dict[str, Any] = {
            "@context": "https://schema.org",
            "@type": "Event",
            "name": "Harbour fair",
            "image": json_ld_image_urls(request, [pictures.get(key) for key in keys]),
        }
        organizer = organization_reference_if_printed()
        if organizer:
            node["organizer"] = organizer
        head.add_json_ld("event", node)
    layout = happenings_settings()["layout"]
    return render_page(request, "testapp/happenings/index.html", {"events": events}, layout=layout)


def calendar_file(request: HttpRequest, slug: str) -> HttpResponse:
    event = RoutedEvent.objects.filter(slug__en=slug).first()
    if event is None:
        raise Http404(slug)
    body = f"BEGIN:VCALENDAR\r\nSUMMARY:{translate(event.title)}\r\nEND:VCALENDAR\r\n"
    return HttpResponse(body, content_type="text/calendar")


def urlpatterns() -> list[URLPattern | URLResolver]:
    """Read once, when the root urls.py is imported: the index only while it is on."""
    patterns: list[URLPattern | URLResolver] = [
        path(f"{prefix()}/<slug:slug>.ics", calendar_file, name="ics")
    ]
    if happenings_settings()["index"]:
        patterns.insert(0, path(prefix(), index, name="index"))
    return patterns


class StampMiddleware:
    """Marks the answers it runs on, so a test sees where it ran."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response[STAMP] = "happenings"
        return response
