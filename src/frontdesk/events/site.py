"""The events' public pages: the event page and the category page, answered by the route types
registered in apps.py. The pages themselves (their templates, parts, markup and calendar link)
are issue 27's items 5 to 10, built in another step; until then both answer 404, so a published
event's address exists (routes, the sitemap) without a page that prints half of it."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse

from frontdesk.categories.models import Category
from frontdesk.events.models import Event


def event_page(request: HttpRequest, event: Event) -> HttpResponse:
    raise Http404


def category_page(request: HttpRequest, category: Category) -> HttpResponse:
    raise Http404
