"""Middleware around some views only (core/view_middleware.py): the named middleware run in the
order named, around the view and its own arguments, with their hooks, as Django's handler runs the
site's; none named, the view runs as it is."""

from __future__ import annotations

import pytest
from django.core.exceptions import MiddlewareNotUsed
from django.http import Http404, HttpResponse
from django.test import RequestFactory

from frontdesk.core.view_middleware import with_middleware

HERE = "tests.core.test_view_middleware"


def seen(response: HttpResponse) -> list[str]:
    return response.headers.get("X-Seen", "").split()


class Outer:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response["X-Seen"] = f"{response.get('X-Seen', '')} outer".strip()
        return response


def inner(get_response):  # a factory, as Django allows
    def middleware(request):
        response = get_response(request)
        response["X-Seen"] = f"{response.get('X-Seen', '')} inner".strip()
        return response

    return middleware


class Gate:
    """Answers itself for ?closed, and turns a 404 raised by the view into its own answer."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        return HttpResponse(f"closed before {kwargs['slug']}") if "closed" in request.GET else None

    def process_exception(self, request, exception):
        return HttpResponse("gate saw it", status=404) if isinstance(exception, Http404) else None


class Unused:
    def __init__(self, get_response):
        raise MiddlewareNotUsed


def page(request, slug):
    if slug == "gone":
        raise Http404(slug)
    return HttpResponse(f"page {slug}")


def call(names: list[str], path: str = "/x", slug: str = "camp") -> HttpResponse:
    view = with_middleware(page, lambda: [f"{HERE}.{name}" for name in names])
    return view(RequestFactory().get(path), slug=slug)


def test_the_first_named_runs_outermost_around_the_view_and_its_arguments():
    response = call(["Outer", "inner", "Unused"])
    assert response.content == b"page camp"
    assert seen(response) == ["inner", "outer"]  # inner answered first, outer last


def test_the_hooks_run_as_djangos_handler_runs_them():
    assert call(["Outer", "Gate"], "/x?closed").content == b"closed before camp"
    answered = call(["Gate"], slug="gone")
    assert answered.status_code == 404 and answered.content == b"gate saw it"
    with pytest.raises(Http404):  # none answers it: it goes on to the site's own handling
        call(["Outer"], slug="gone")


def test_without_middleware_the_view_runs_as_it_is():
    response = call([])
    assert response.content == b"page camp" and seen(response) == []
