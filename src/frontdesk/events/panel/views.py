"""TEMPORARY on branch `editor` until the `panel` branch lands (it owns this file and the list)."""

from django.http import HttpRequest, HttpResponse

from frontdesk.core.panel.access import panel_page


@panel_page("events")
def event_list(request: HttpRequest) -> HttpResponse:
    return HttpResponse("Events")
