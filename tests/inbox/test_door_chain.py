"""What a visitor's post to the door passes through and gets back, through frontdesk's own WSGI
handler as `frontdesk serve` runs it: the site's middleware, headers, session and pages."""

from __future__ import annotations

from collections.abc import Iterator
from http.cookies import SimpleCookie

import pytest
from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client, RequestFactory

from frontdesk.core.handler import get_wsgi_application
from frontdesk.inbox.models import Submission

pytestmark = pytest.mark.django_db

URL = "/site/forms/contact"
ORIGIN = "http://testserver"
PASSED: list[str] = []  # the paths RecordingMiddleware saw


class RecordingMiddleware:
    """A site's own middleware at the end of settings.MIDDLEWARE."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        PASSED.append(request.path)
        return self.get_response(request)


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


@pytest.fixture
def recorded(settings) -> Iterator[list[str]]:
    settings.MIDDLEWARE = [*settings.MIDDLEWARE, "tests.inbox.test_door_chain.RecordingMiddleware"]
    PASSED.clear()
    yield PASSED
    PASSED.clear()


@pytest.fixture
def serve():
    """Call frontdesk's WSGI handler itself (not the test client's): (status, headers, body).

    Like the test client, it keeps the test's database connection across the request, which
    Django's request signals would otherwise close inside the test's transaction."""
    application = get_wsgi_application()
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)

    def call(path: str, data: dict, **headers) -> tuple[int, dict[str, list[str]], bytes]:
        environ = RequestFactory().post(path, data, HTTP_ORIGIN=ORIGIN, **headers).environ
        answered: dict = {}

        def start_response(status, response_headers, exc_info=None):
            answered["status"] = int(status.split()[0])
            answered["headers"] = {}
            for name, value in response_headers:
                answered["headers"].setdefault(name.lower(), []).append(value)

        body = b"".join(application(environ, start_response))
        return answered["status"], answered["headers"], body

    yield call
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def body(answers: dict, timestamp: str, **extra) -> dict:
    posted = {"site_form": "contact", "site_ts": timestamp, "homepage": ""}
    for name, value in answers.items():
        posted[f"fields[{name}][]" if isinstance(value, list) else f"fields[{name}]"] = value
    return {**posted, **extra}


def assert_guarded(headers: dict[str, list[str]]) -> None:
    """The headers every answer of the site carries (SecurityMiddleware, the CSP, framing)."""
    assert "default-src 'self'" in headers["content-security-policy"][0]
    assert headers["x-content-type-options"] == ["nosniff"]
    assert headers["x-frame-options"] == ["DENY"]
    assert headers["referrer-policy"] and headers["cross-origin-opener-policy"]


def test_a_post_to_the_door_passes_a_middleware_the_site_adds_as_every_request_does(
    client, recorded, contact_form, good_answers, minted
):
    posted = client.post(URL, body(good_answers, minted), HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json")
    assert posted.status_code == 200 and Submission.objects.count() == 1
    assert client.post(URL + "/more", {}, HTTP_ORIGIN=ORIGIN).status_code == 404
    assert recorded == [URL, URL + "/more"]


def test_an_accepted_post_answered_in_json_has_every_header_and_the_pages_language(
    serve, contact_form, good_answers, minted
):
    status, headers, reply = serve(
        URL, body(good_answers, minted, site_locale="de"), HTTP_ACCEPT="application/json"
    )
    assert status == 200 and b"Vielen Dank" in reply
    assert_guarded(headers)
    assert headers["content-language"] == ["de"]
    assert "set-cookie" not in headers  # nothing kept for a visitor whose page has script


def test_a_post_without_script_is_sent_back_with_its_outcome_in_a_session_cookie(
    serve, contact_form, good_answers, minted
):
    status, headers, _page = serve(
        URL, body({**good_answers, "email": "nope"}, minted), HTTP_REFERER="http://testserver/kontakt/"
    )
    assert status == 302 and headers["location"] == ["http://testserver/kontakt/"]
    assert_guarded(headers)
    cookie = SimpleCookie(headers["set-cookie"][0])["sessionid"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    # The visitor's next page reads the outcome from that session.
    visitor = Client()
    visitor.cookies["sessionid"] = cookie.value
    assert list(visitor.session["inbox_result"]["errors"]) == ["fields.email"]
    assert Submission.objects.count() == 0


def test_a_refused_post_without_script_is_the_sites_page_in_the_pages_language(serve, minted):
    status, headers, page = serve("/site/forms/nosuch", {"site_ts": minted, "site_locale": "de"})
    assert status == 404
    assert_guarded(headers)
    assert headers["content-language"] == ["de"]
    assert b'<html lang="de">' in page and b"data-site-refusal" in page


def test_an_error_in_the_door_is_the_sites_500_page_with_every_header(
    monkeypatch, contact_form, good_answers, minted
):
    def broken(*args, **kwargs):
        raise RuntimeError("the disk is full")

    monkeypatch.setattr("frontdesk.inbox.site.views.accept_submission", broken)
    visitor = Client(raise_request_exception=False)
    response = visitor.post(
        URL, body(good_answers, minted), HTTP_ORIGIN=ORIGIN, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 500
    assert_guarded({name.lower(): [value] for name, value in response.items()})
    assert b"the disk is full" not in response.content
