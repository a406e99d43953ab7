"""The test types' public pages: just the title, enough to see which object answered."""

from django.http import HttpResponse

from frontdesk.core.languages import translate


def routed_event(request, event) -> HttpResponse:
    return HttpResponse(f"event: {translate(event.title)}")


def routed_category(request, category) -> HttpResponse:
    return HttpResponse(f"category: {translate(category.name)}")


def crate(request, crate) -> HttpResponse:
    return HttpResponse(f"crate: {crate.name}")
