"""Public pages kept in the cache (publishing/page_cache.py, docs/host.md "Public pages in the
cache"): a page is answered again from the cache until anything it may print changes, for this
worker at once and for every worker at the change's commit; never longer than `cache_seconds`;
never when the answer depends on the request."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
import time_machine
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.db import connection, transaction
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from frontdesk.core import csp
from frontdesk.publishing import page_cache
from frontdesk.publishing.models import PublicEdition
from frontdesk.routes.models import Route
from tests.conftest import keep_pages_for

pytestmark = pytest.mark.django_db


class CountingView:
    """A public page printing the addresses stored (a watched model): how often it rendered."""

    def __init__(self, before: Callable[[HttpRequest, HttpResponse], None] | None = None) -> None:
        self.rendered = 0
        self.before = before
        self.view = page_cache.cached_page(self.render)

    def render(self, request: HttpRequest) -> HttpResponse:
        self.rendered += 1
        paths = Route.objects.order_by("pk").values_list("path", flat=True)
        response = HttpResponse(" ".join(path or "" for path in paths))
        if self.before is not None:
            self.before(request, response)
        return response

    def get(self, path: str = "/kept", method: str = "get") -> HttpResponse:
        request = getattr(RequestFactory(), method)(path)
        request.session = SessionStore()
        return self.view(request)


@pytest.fixture
def page() -> Iterator[CountingView]:
    yield CountingView()


def address(path: str) -> Route:
    return Route.objects.create(
        type_name="kept", object_id=Route.objects.count() + 1, language="en", path=path
    )


def test_a_page_is_answered_from_the_cache_until_a_watched_row_changes(page):
    address("first")
    assert page.get().content == b"first"
    with CaptureQueriesContext(connection) as asked:
        assert page.get().content == b"first"
    assert page.rendered == 1
    assert len(asked) == 1  # the edition's token, nothing else
    address("second")
    assert page.get().content == b"first second"
    assert page.rendered == 2
    Route.objects.filter(path="first").delete()
    assert page.get().content == b"second"
    assert page.rendered == 3


def test_each_address_and_query_string_is_kept_apart(page):
    address("first")
    page.get("/kept")
    page.get("/kept?page=2")
    page.get("/kept?page=2")
    page.get("/other")
    assert page.rendered == 3


@pytest.mark.parametrize(
    "query", ["?utm_source=mail", "?page=02", "?page=2&x=1", "?page=-1", "?page=", "?Page=2"]
)
def test_a_query_string_other_than_a_page_number_is_answered_without_the_cache(page, query):
    """A visitor cannot fill the cache with addresses of their own making."""
    page.get("/kept" + query)
    page.get("/kept" + query)
    assert page.rendered == 2


def test_a_change_committed_by_another_worker_is_seen_at_the_next_request(page):
    """Another process's commit changes nothing in this one but the edition's row."""
    address("first")
    page.get()
    page_cache.new_edition()  # what the other worker's commit ran
    page.get()
    assert page.rendered == 2


def test_a_commit_gives_the_edition_one_new_token_however_many_rows_it_wrote(
    django_capture_on_commit_callbacks,
):
    before = page_cache.current_edition()
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        for number in range(5):
            address(f"a{number}")
    assert callbacks == [page_cache.new_edition]
    assert page_cache.current_edition() not in (None, before)


def test_a_rolled_back_change_leaves_the_edition_as_it_was(django_capture_on_commit_callbacks):
    before = page_cache.current_edition()
    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        address("gone")
        raise RuntimeError
    assert callbacks == []
    assert page_cache.current_edition() == before


def test_a_change_no_signal_reports_shows_after_cache_seconds_at_most(page, settings):
    """QuerySet.update() sends no signal: the page kept shows the old value until its time is up."""
    keep_pages_for(settings, 60)
    address("first")
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        page.get()
        Route.objects.filter(path="first").update(path="renamed")
        assert page.get().content == b"first"
        traveller.shift(timedelta(seconds=61))
        assert page.get().content == b"renamed"


def test_keep_until_bounds_how_long_a_page_that_changes_with_the_clock_is_kept():
    ends = timezone.now() + timedelta(seconds=30)
    view = CountingView(before=lambda request, response: page_cache.keep_until(request, ends))
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        view.get()
        view.get()
        assert view.rendered == 1
        traveller.shift(timedelta(seconds=31))
        view.get()
        assert view.rendered == 2  # rendered again, and not kept: the moment has passed
        view.get()
        assert view.rendered == 3


def test_the_earliest_moment_a_view_names_wins():
    request = RequestFactory().get("/")
    now = timezone.now()
    page_cache.keep_until(request, now + timedelta(minutes=5))
    page_cache.keep_until(request, now + timedelta(minutes=1))
    page_cache.keep_until(request, None)
    page_cache.keep_until(request, now + timedelta(minutes=9))
    assert getattr(request, page_cache.KEEP_UNTIL_ATTRIBUTE) == now + timedelta(minutes=1)


@pytest.mark.parametrize(
    "depends",
    [
        pytest.param(lambda request, response: request.session.get("seen"), id="reads the session"),
        pytest.param(lambda request, response: get_token(request), id="asks for a CSRF token"),
        pytest.param(
            lambda request, response: csp.allow(request, {"script-src": ["https://captcha.example"]}),
            id="widens the CSP",
        ),
        pytest.param(lambda request, response: response.set_cookie("seen", "1"), id="sets a cookie"),
        pytest.param(lambda request, response: setattr(response, "status_code", 404), id="answers 404"),
    ],
)
def test_an_answer_that_depends_on_the_request_is_never_kept(depends):
    view = CountingView(before=depends)
    view.get()
    view.get()
    assert view.rendered == 2


@pytest.mark.parametrize("method", ["head", "post"])
def test_only_a_get_is_answered_from_the_cache(page, method):
    page.get()
    page.get(method=method)
    page.get(method=method)
    assert page.rendered == 3


def test_cache_seconds_0_keeps_no_page(page, settings):
    keep_pages_for(settings, 0)
    page.get()
    with CaptureQueriesContext(connection) as asked:
        page.get()
    assert page.rendered == 2
    assert not [query for query in asked if "publicedition" in query["sql"]]


def test_without_the_editions_row_no_page_is_kept_until_a_change_makes_it_again(
    page, django_capture_on_commit_callbacks
):
    PublicEdition.objects.all().delete()
    page.get()
    page.get()
    assert page.rendered == 2
    with django_capture_on_commit_callbacks(execute=True):
        address("first")
    page.get()
    page.get()
    assert page.rendered == 3


@pytest.mark.parametrize("seconds", [-1, "300", 2.5, True])
def test_a_cache_time_that_is_no_whole_number_of_seconds_stops_the_site_at_start(settings, seconds):
    keep_pages_for(settings, seconds)
    with pytest.raises(SystemCheckError, match=r"frontdesk\.E021"):
        call_command("check")
