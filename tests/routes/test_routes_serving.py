"""Serving addresses (routes/serving.py, urls.py): an object's page at its address in each
language, one 301 from a former address with the query string kept, and 404 elsewhere as before."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.db.models import Value
from django.http import HttpResponse
from django.template import Context, Template
from django.utils import translation

from frontdesk.core.languages import translate
from frontdesk.routes.claims import claim_routes, reclaim_routes, release_routes
from frontdesk.routes.registry import ROUTE_TYPES
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.reading import stored_values
from tests.testapp.models import RoutedEvent
from tests.testapp.routing import EVENT, make_category, make_event

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def seo_settings_read():
    """The layout of a 404 page reads the SEO settings, cached as on a running site (the counts
    below are the routes' own questions)."""
    stored_values(SEO)


def test_an_address_answers_the_objects_page_with_one_lookup_and_one_read(client, django_assert_num_queries):
    make_event({"en": "camp", "de": "lager"}, title="Summer camp")
    with django_assert_num_queries(2):
        response = client.get("/happenings/camp")
    assert response.status_code == 200
    assert response.content == b"event: Summer camp"


def test_a_route_type_reads_its_rows_as_its_view_wants_them(client, django_assert_num_queries):
    """`RouteType.rows`: the object is read from the type's own queryset, annotated for the view
    in the same question; an object outside it answers 404 as an object gone does."""
    make_event({"en": "camp"}, title="Summer camp")
    make_event({"en": "cellar"}, title="Hidden")
    rows = lambda: RoutedEvent.objects.exclude(title__en="Hidden").annotate(mood=Value("sunny"))  # noqa: E731
    view = lambda request, event: HttpResponse(f"{translate(event.title)} is {event.mood}")  # noqa: E731
    with ROUTE_TYPES.scratch() as types:
        types[EVENT] = replace(ROUTE_TYPES[EVENT], rows=rows, view=view)
        with django_assert_num_queries(2):
            response = client.get("/happenings/camp")
        assert response.content == b"Summer camp is sunny"
        assert client.get("/happenings/cellar").status_code == 404


def test_each_language_answers_at_its_own_address(client):
    make_event({"en": "camp", "de": "lager"})
    make_category({"en": "outdoors"})
    assert client.get("/de/happenings/lager").status_code == 200
    assert client.get("/ru/happenings/camp").status_code == 200
    assert client.get("/de/happenings/camp").status_code == 404
    assert client.get("/de/happenings/outdoors").content == b"category: Outdoors"


def test_a_former_address_answers_one_301_to_the_current_one_with_the_query_kept(
    client, django_assert_num_queries
):
    event = make_event({"en": "camp", "de": "lager"})
    event.slug = {"en": "tent", "de": "zelt"}
    claim_routes(event, EVENT)
    with django_assert_num_queries(2):  # the last pattern's lookup, then the alias
        response = client.get("/de/happenings/lager?from=mail&x=1")
    assert response.status_code == 301
    assert response["Location"] == "/de/happenings/zelt?from=mail&x=1"
    assert client.get(response["Location"]).status_code == 200


def test_a_former_address_of_a_binned_object_is_404_until_it_is_restored(client):
    event = make_event("camp")
    event.slug = {"en": "tent"}
    claim_routes(event, EVENT)
    release_routes(event)
    assert client.get("/happenings/camp").status_code == 404
    assert client.get("/happenings/tent").status_code == 404
    reclaim_routes(event)
    assert client.get("/happenings/camp")["Location"] == "/happenings/tent"


def test_a_post_to_a_former_address_is_not_redirected(client):
    event = make_event("camp")
    event.slug = {"en": "tent"}
    claim_routes(event, EVENT)
    assert client.post("/happenings/camp").status_code == 404


def test_an_unknown_address_stays_a_404(client):
    make_event("camp")
    assert client.get("/happenings/nothing").status_code == 404
    assert client.get("/happenings/camp/").status_code == 404


@pytest.mark.parametrize("address", ["/happenings/a%00b", "/de/happenings/a%00b", "/a%00"])
def test_an_address_with_a_nul_character_is_a_404_on_every_database(client, address):
    """PostgreSQL refuses a NUL byte in any text it is asked about: such a path is asked nothing."""
    assert client.get(address).status_code == 404


def test_the_site_still_adds_a_missing_trailing_slash_to_its_own_pages(client):
    response = client.get("/de/forms/contact")
    assert response.status_code == 301
    assert response["Location"] == "/de/forms/contact/"


def test_a_miss_below_the_panel_asks_nothing_about_aliases(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert client.get("/cms/no-such-page/").status_code == 404


def test_a_404_page_asks_once_for_an_address_and_once_for_an_alias(client, django_assert_num_queries):
    """APPEND_SLASH and the layout's language links resolve the path again; the answer is kept."""
    with django_assert_num_queries(2):
        assert client.get("/happenings/nothing").status_code == 404


def test_the_language_links_of_an_objects_page_lead_to_its_address_in_each_language(rf):
    event = make_event({"en": "camp", "de": "lager"})
    request = rf.get("/de/happenings/lager?x=1")
    request.routed_object = event
    with translation.override("de"):
        rendered = Template(
            "{% load site %}{% language_links as links %}{% for link in links %}{{ link.url }} {% endfor %}"
        ).render(Context({"request": request}))
    assert rendered.split() == ["/happenings/camp?x=1", "/de/happenings/lager?x=1", "/ru/happenings/camp?x=1"]
