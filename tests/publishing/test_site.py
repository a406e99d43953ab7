"""The public site's own pages: the home page lists the pages demo content registers, in the
visitor's language; every public page carries a description and the site's icon."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from frontdesk.core.demo import DEMOS, DemoContent, DemoPage

pytestmark = pytest.mark.django_db

HOURS = {"en": "Opening hours", "de": "Öffnungszeiten", "ru": "Часы работы"}


@pytest.fixture
def registered_page():
    """Demo content of a made-up service with one public page (the home page stands in for it)."""
    content = DemoContent(
        "test-hours",
        seed=lambda: "",
        remove=lambda: "",
        pages=lambda: [DemoPage(title=HOURS, url_name="site:home")],
    )
    with DEMOS.temporarily("test-hours", content):
        yield


def description(html: str) -> str:
    found = re.findall(r'<meta name="description" content="([^"]*)">', html)
    assert len(found) == 1, found
    return found[0]


@pytest.mark.parametrize(("prefix", "language"), [("", "en"), ("/de", "de"), ("/ru", "ru")])
def test_the_home_page_links_each_registered_page_in_the_visitors_language(
    client: Client, registered_page, prefix, language
):
    html = client.get(f"{prefix}/").content.decode()
    assert f'<a href="{prefix}/">{HOURS[language]}</a>' in html


def test_without_demo_pages_the_home_page_says_there_is_nothing_to_try_yet(client: Client):
    html = client.get("/").content.decode()
    assert "It has no pages to show yet." in html
    assert "Below you find what we offer" not in html


def test_public_pages_describe_themselves_in_their_language(client: Client):
    descriptions = {
        prefix: description(client.get(f"{prefix}/").content.decode()) for prefix in ("", "/de", "/ru")
    }
    assert all(descriptions.values())
    assert len(set(descriptions.values())) == 3, descriptions
    missing = client.get("/de/no-such-page/")
    assert missing.status_code == 404
    assert description(missing.content.decode())  # pages of the layout without their own say the site's


@pytest.mark.parametrize("path", ["/", "/de/", "/no-such-page/", "/cms/login/"])
def test_public_pages_and_the_panel_link_the_sites_own_icon(client: Client, path):
    html = client.get(path).content.decode()
    assert '<link rel="icon" href="/static/frontdesk/favicon.svg" type="image/svg+xml">' in html


def test_the_icon_is_served_and_favicon_ico_leads_to_it(client: Client):
    icon = client.get("/static/frontdesk/favicon.svg")
    assert icon.status_code == 200
    assert icon["Content-Type"].startswith("image/svg+xml")
    assert b"<svg" in icon.getvalue()
    response = client.get("/favicon.ico")
    assert response.status_code in (301, 302)
    assert response["Location"] == "/static/frontdesk/favicon.svg"
