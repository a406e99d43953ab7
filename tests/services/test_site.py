"""A service's public page (services/site.py) at its address in each language, 404 when hidden
or in the bin, 301 from a former address; the sitemap names the published ones with alternates."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from frontdesk.services.operations import bin_service, update_service
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db

GARDEN = {"en": "Garden design", "de": "Gartenplanung", "ru": "Ландшафтный дизайн"}


def test_the_page_answers_in_each_language_in_the_site_layout(client):
    make_service(
        GARDEN, {"en": "garden-design", "de": "gartenplanung"}, lead={"en": "Plans.", "de": "Pläne."}
    )
    english = client.get("/services/garden-design").content.decode()
    assert "<h1>Garden design</h1>" in english and "Plans." in english and 'class="site-header"' in english
    german = client.get("/de/services/gartenplanung").content.decode()
    assert "<h1>Gartenplanung</h1>" in german and "Pläne." in german
    assert 'hreflang="en" href="http://testserver/services/garden-design"' in german
    russian = client.get("/ru/services/garden-design").content.decode()
    assert "<h1>Ландшафтный дизайн</h1>" in russian and "Plans." in russian  # the lead by fallback
    assert client.get("/de/services/garden-design").status_code == 404


def test_a_hidden_or_binned_service_has_no_page(client):
    service = make_service("Garden design", "garden-design")
    update_service(service, actor=None, values={"is_visible": False})
    assert client.get("/services/garden-design").status_code == 404
    update_service(service, actor=None, values={"is_visible": True})
    assert client.get("/services/garden-design").status_code == 200
    bin_service(service, actor=None)
    assert client.get("/services/garden-design").status_code == 404


def test_a_changed_slug_answers_301_from_the_old_address(client):
    service = make_service("Garden design", {"en": "garden", "de": "garten"})
    update_service(service, actor=None, values={"slug": {"de": "gartenplanung"}})
    response = client.get("/de/services/garten?from=mail")
    assert response.status_code == 301
    assert response["Location"] == "/de/services/gartenplanung?from=mail"
    assert client.get("/services/garden").status_code == 200  # English did not move


def test_the_prefix_comes_from_the_settings(client, settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "services": {"prefix": "offer/"}}
    make_service("Garden design", "garden-design")
    assert client.get("/offer/garden-design").status_code == 200


def locations(body: str) -> list[str]:
    return re.findall(r"<loc>([^<]+)</loc>", body)


def test_the_sitemap_names_published_services_with_alternates_and_no_hidden_binned_or_old_one(settings):
    settings.BASE_URL = "https://example.org"
    make_service(GARDEN, {"en": "garden-design", "de": "gartenplanung"})
    hidden = make_service("Secret", "secret")
    update_service(hidden, actor=None, values={"is_visible": False})
    binned = make_service("Gone", "gone")
    bin_service(binned, actor=None)
    moved = make_service("Trees", "trees")
    update_service(moved, actor=None, values={"slug": {"en": "tree-care"}})
    body = Client().get("/sitemap.xml").content.decode()
    assert set(locations(body)) >= {
        "https://example.org/services/garden-design",
        "https://example.org/de/services/gartenplanung",
        "https://example.org/ru/services/garden-design",
        "https://example.org/services/tree-care",
    }
    assert (
        '<xhtml:link rel="alternate" hreflang="de" href="https://example.org/de/services/gartenplanung"/>'
        in body
    )
    assert "secret" not in body and "gone" not in body and "/services/trees" not in body
