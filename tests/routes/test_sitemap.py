"""/sitemap.xml and /robots.txt (routes/sitemap.py): the current addresses of the objects their type
lists, in every language with alternates and their last change; never an alias, a binned row or
a type that is not listed; an index past the per-file limit."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from frontdesk.core.bin.operations import put_in_bin
from frontdesk.routes import sitemap
from frontdesk.routes.claims import claim_routes
from frontdesk.routes.rebuild import rebuild_routes
from frontdesk.routes.registry import ROUTE_TYPES
from tests.testapp.models import Crate
from tests.testapp.routing import make_category, make_event

pytestmark = pytest.mark.django_db


def locations(body: str) -> list[str]:
    return re.findall(r"<loc>([^<]+)</loc>", body)


def test_the_sitemap_names_listed_objects_in_every_language_with_alternates_and_lastmod(settings):
    settings.BASE_URL = "https://example.org"
    event = make_event({"en": "camp", "de": "lager"})
    make_category("outdoors")  # its type is not listed
    response = Client().get("/sitemap.xml")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/xml")
    body = response.content.decode()
    assert set(locations(body)) >= {
        "https://example.org/happenings/camp",
        "https://example.org/de/happenings/lager",
        "https://example.org/ru/happenings/camp",
        "https://example.org/",
        "https://example.org/de/",
    }
    assert "outdoors" not in body
    assert (
        '<xhtml:link rel="alternate" hreflang="de" href="https://example.org/de/happenings/lager"/>' in body
    )
    assert f"<lastmod>{event.changed_at.isoformat()}</lastmod>" in body


def test_a_binned_row_and_an_old_address_are_not_named(settings):
    crate = Crate.objects.create(name="Tools", slug={"en": "tools"})
    claim_routes(crate, "test-crate")
    make_event("camp")
    put_in_bin(None, crate)
    with override_settings(TESTAPP_ROUTES_PREFIX="events"):
        rebuild_routes(["test-event"])
        body = Client().get("/sitemap.xml").content.decode()
    assert "/events/camp" in body
    assert "happenings/camp" not in body  # now an alias: answers 301, never listed
    assert "tools" not in body


def test_the_sitemap_costs_the_same_queries_for_one_or_many_objects():
    make_event("one")
    # Per listed type: its last changes (when it names them), its addresses. The test app's
    # events and crates make 3; an installed app's own types (services) add theirs.
    with CaptureQueriesContext(connection) as one:
        Client().get("/sitemap.xml")
    for number in range(20):
        make_event(f"more-{number}")
    with CaptureQueriesContext(connection) as many:
        Client().get("/sitemap.xml")
    listed = [route_type for route_type in ROUTE_TYPES.all() if route_type.listed is not None]
    assert len(one) == len(many) == sum(2 if route_type.modified else 1 for route_type in listed)


def test_past_the_limit_the_sitemap_is_an_index_of_files(monkeypatch, settings):
    settings.BASE_URL = "https://example.org"
    monkeypatch.setattr(sitemap, "PER_FILE", 4)
    for number in range(3):
        make_event(f"event-{number}")  # 9 addresses
    # Plus the fixed addresses: the home page's 3, and those of an installed module (the events'
    # index).
    total = 9 + sum(len(addresses()) for addresses in sitemap.SITEMAP_ADDRESSES.all())
    files = -(-total // 4)
    index = Client().get("/sitemap.xml").content.decode()
    assert "<sitemapindex" in index
    assert locations(index) == [f"https://example.org/sitemap-{n}.xml" for n in range(1, files + 1)]
    parts = [locations(Client().get(f"/sitemap-{n}.xml").content.decode()) for n in range(1, files + 1)]
    assert [len(part) for part in parts] == [4] * (files - 1) + [total - 4 * (files - 1)]
    assert Client().get(f"/sitemap-{files + 1}.xml").status_code == 404


def test_robots_txt_names_the_sitemap_and_keeps_crawlers_out_of_the_panel(settings):
    settings.BASE_URL = "https://example.org"
    body = Client().get("/robots.txt").content.decode()
    assert "Sitemap: https://example.org/sitemap.xml" in body.splitlines()
    assert "Disallow: /cms/" in body and "Disallow: /api/" in body
