"""A service's public page, answered by core/routes at its address in each language."""

from __future__ import annotations

from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from frontdesk.services.models import Service
from frontdesk.services.outputs import service_card


def service_page(request: HttpRequest, service: Model) -> HttpResponse:
    """The page of a visible service; a hidden one is a 404 (one in the bin has no address)."""
    assert isinstance(service, Service)  # the route type "service" hands over its own rows
    if not service.is_published:
        raise Http404
    language = get_language()
    card = service_card(service, language, request.path)
    return render(request, "services/site/service.html", {"service": service, "card": card})
