"""A module's own public addresses (routes/public_urls.py), shown with the test app's happenings
(tests/testapp/happenings.py), as the events' index and calendar files will use them: mounted in
every language and reversible by name, an index kept from other objects exactly while it is on,
the module's middleware on its routes only, and its own layout around its views."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils import translation

from frontdesk.core.errors import field_errors
from frontdesk.routes.checks import check_reserved_addresses
from frontdesk.routes.claims import claim_routes
from frontdesk.routes.registry import ROUTE_TYPES, RouteType, is_reserved
from tests.testapp import views
from tests.testapp.happenings import STAMP
from tests.testapp.models import RoutedEvent
from tests.testapp.routing import make_event

pytestmark = pytest.mark.django_db

STAMPING = "tests.testapp.happenings.StampMiddleware"


def happenings(settings, **values) -> None:
    """The test module's settings (FRONTDESK["testapp"]), the rest of FRONTDESK kept."""
    settings.FRONTDESK = {**settings.FRONTDESK, "testapp": values}


def test_a_modules_patterns_answer_under_every_language_prefix_and_by_name():
    make_event({"en": "camp", "de": "lager"}, title="Summer camp")
    for prefix in ("", "/de", "/ru"):
        index = Client().get(f"{prefix}/happenings")
        assert index.status_code == 200, prefix
        assert "<li>Summer camp</li>" in index.content.decode()
        calendar = Client().get(f"{prefix}/happenings/camp.ics")
        assert calendar.status_code == 200 and b"SUMMARY:Summer camp" in calendar.content
    with translation.override("en"):
        assert reverse("happenings:index") == "/happenings"
        assert reverse("happenings:ics", kwargs={"slug": "camp"}) == "/happenings/camp.ics"
    with translation.override("de"):
        assert reverse("happenings:index") == "/de/happenings"
    # The objects' own addresses under the prefix still answer (the stored-address pattern comes after).
    assert Client().get("/de/happenings/lager").content == b"event: Summer camp"
    assert Client().get("/happenings/nothing.ics").status_code == 404


def test_an_index_keeps_its_path_exactly_from_other_objects_while_it_is_on(settings):
    """A type at the site's top level (as pages are) cannot take the index's path while the index
    is on, and can once it is off; the module's own objects claim under it all along."""
    flat = RouteType(name="test-flat", model="testapp.RoutedEvent", field="slug", prefix=lambda: "",
                     view=views.routed_event)  # fmt: skip
    with ROUTE_TYPES.temporarily("test-flat", flat):
        page = RoutedEvent.objects.create(title={"en": "Our happenings"}, slug={"en": "happenings"})
        assert is_reserved("happenings") and not is_reserved("happenings/camp")
        with pytest.raises(ValidationError) as refused:
            claim_routes(page, "test-flat")
        assert field_errors(refused.value) == {
            "slug": [
                f"The address /{code}happenings is kept by the site for itself."
                for code in ("", "de/", "ru/")
            ]
        }
        assert make_event("camp")  # happenings/camp: under the index, not the index

        happenings(settings, index=False)
        assert not is_reserved("happenings")
        assert claim_routes(page, "test-flat") == {code: "happenings" for code in ("en", "de", "ru")}


def test_a_modules_middleware_runs_on_its_routes_and_nowhere_else(settings, client):
    make_event("camp")
    happenings(settings, middleware=[STAMPING])
    for own in (
        "/happenings",
        "/de/happenings",
        "/happenings/camp.ics",
        "/happenings/camp",
        "/ru/happenings/camp",
    ):
        assert client.get(own).headers.get(STAMP) == "happenings", own
    assert client.get("/happenings/nothing.ics").status_code == 404  # raised through it, answered by the site
    for other in ("/", "/de/", "/cms/login/", "/robots.txt", "/nowhere"):
        assert STAMP not in client.get(other).headers, other

    happenings(settings, middleware=[])  # read at every request: none named, none run
    assert STAMP not in client.get("/happenings").headers


def test_a_modules_layout_wraps_its_views_and_only_its_views(settings, client):
    assert 'class="test-happenings-layout"' not in client.get("/happenings").content.decode()
    assert 'class="site-page"' in client.get("/happenings").content.decode()  # the site's, by default

    happenings(settings, layout="testapp/happenings/layout.html")
    own = client.get("/de/happenings").content.decode()
    assert '<div class="test-happenings-layout"><h1>Happenings</h1>' in own
    assert "<title>Happenings" in own  # the module's layout prints the head the view gathered
    assert 'class="test-happenings-layout"' not in client.get("/").content.decode()


def test_the_system_check_names_an_address_claimed_before_its_path_was_reserved(settings):
    happenings(settings, index=False)
    flat = RouteType(name="test-flat", model="testapp.RoutedEvent", field="slug", prefix=lambda: "",
                     view=views.routed_event)  # fmt: skip
    with ROUTE_TYPES.temporarily("test-flat", flat):
        page = RoutedEvent.objects.create(
            title={"en": "Our happenings"}, slug={"en": "happenings", "de": "termine"}
        )
        claim_routes(page, "test-flat")
        assert [warning.id for warning in check_reserved_addresses()] == []

        happenings(settings, index=True)  # the index switched on over it
        (warning,) = check_reserved_addresses()
        assert warning.id == "frontdesk.W011"
        assert "/happenings, /ru/happenings." in warning.msg and "/de/termine" not in warning.msg
