"""Public doors (core/doors.py): which requests take the short chain, and what it refuses to be."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.http import HttpResponse
from django.test import Client
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from frontdesk.core import doors
from frontdesk.core.doors import DOORS, Door


def answer_who(request, slug):
    """Says whether the whole chain ran: AuthenticationMiddleware gives every request a user."""
    return HttpResponse("whole chain" if hasattr(request, "user") else "door chain")


urlpatterns = [
    path("guarded/<slug:slug>", answer_who, name="guarded"),
    path("open/<slug:slug>", csrf_exempt(answer_who), name="open"),
]


@pytest.fixture
def test_doors():
    with (
        DOORS.temporarily("test-guarded", Door("guarded", "/guarded/")),
        DOORS.temporarily("test-open", Door("open", "/open/")),
    ):
        yield


@pytest.mark.urls("tests.core.test_doors")
def test_a_door_exempt_from_csrf_takes_the_short_chain(test_doors, db):
    response = Client(enforce_csrf_checks=True).post("/open/x")
    assert (response.status_code, response.content) == (200, b"door chain")


@pytest.mark.urls("tests.core.test_doors")
def test_a_door_whose_view_is_not_exempt_from_csrf_keeps_the_whole_chain_and_its_check(test_doors, db):
    visitor = Client(enforce_csrf_checks=True)
    assert visitor.post("/guarded/x").status_code == 403
    assert visitor.get("/guarded/x").content == b"whole chain"


@pytest.mark.urls("tests.core.test_doors")
def test_without_a_registered_door_every_address_takes_the_whole_chain(db):
    with DOORS.scratch() as registered:
        for name in list(registered):
            del registered[name]
        response = Client().post("/open/x")
    assert response.content == b"whole chain"


def test_a_middleware_with_hooks_the_short_chain_does_not_run_cannot_be_in_it(monkeypatch, settings):
    monkeypatch.setattr(
        doors, "DOOR_MIDDLEWARE", (*doors.DOOR_MIDDLEWARE, "django.middleware.csrf.CsrfViewMiddleware")
    )
    with pytest.raises(ImproperlyConfigured, match="CsrfViewMiddleware has process_view"):
        doors.build_door_chain(answer_who)


def test_the_short_chain_keeps_the_order_of_settings_and_leaves_out_what_settings_leave_out(settings):
    settings.MIDDLEWARE = [
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.security.SecurityMiddleware",
    ]
    assert doors.door_middleware() == [
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
        "django.middleware.security.SecurityMiddleware",
    ]
