"""A page's head and its draft preview: the public page prints through the head collector (title and
description from the SEO card, the canonical address, the language alternates, its blocks' JSON-LD,
a breadcrumb but on the home page); the SEO card waits for Publish like the title; the preview
shows the draft, marked and noindex, to an account with pages.view only."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.html import format_html

from frontdesk.blocks.codes import BLOCK_CODES, BlockCode, BlockValues
from frontdesk.blocks.models import BlockType
from frontdesk.pages import operations
from frontdesk.pages.models import Page
from frontdesk.pictures.operations import create_picture
from frontdesk.publishing.head import head_of
from frontdesk.publishing.preview import preview_link
from tests.head import json_ld
from tests.pages.conftest import heading
from tests.picture_files import picture_file

pytestmark = pytest.mark.django_db

API = "/api/cms/pages"


class PlaceValues(BlockValues):
    name: str = ""


class PlaceBlock(BlockCode):
    """Prints a place and adds it to one JSON-LD node, as an FAQ block adds its questions."""

    slug = "test-place"
    label = "Place"
    values = PlaceValues
    editor = ()

    def render(self, values, context):
        return format_html('<p class="test-place">{}</p>', values.name)

    def head(self, values, context, request) -> None:
        head_of(request).add_json_ld("places", {"@type": "ItemList", "itemListElement": [values.name]})


@pytest.fixture
def place_block(db):
    BlockType.objects.create(slug="test-place", code="test-place", name={"en": "Place"})
    with BLOCK_CODES.temporarily("test-place", PlaceBlock()):
        yield


def meta(html: str, name: str) -> str | None:
    found = re.search(rf'<meta name="{name}" content="([^"]*)">', html)
    return found.group(1) if found else None


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


@pytest.fixture
def about(make_page) -> Page:
    return make_page(
        {"en": "about", "de": "ueber-uns"},
        {"en": "About us", "de": "Über uns"},
        content={"en": [heading("Who we are")]},
        seo={"description": {"en": "A small team by the harbour.", "de": "Ein kleines Team am Hafen."}},
        publish=True,
    )


def test_a_page_prints_its_head_through_the_collector(client, about):
    html = client.get("/de/ueber-uns").content.decode()
    assert title(html).startswith("Über uns")
    assert meta(html, "description") == "Ein kleines Team am Hafen."
    assert '<link rel="canonical" href="http://testserver/de/ueber-uns">' in html
    assert '<link rel="alternate" hreflang="en" href="http://testserver/about">' in html
    assert '<link rel="alternate" hreflang="de" href="http://testserver/de/ueber-uns">' in html
    assert "<h1>Über uns</h1>" in html and "<h2>Who we are</h2>" in html  # de falls back to en blocks


def test_the_seo_card_title_and_noindex_win_over_the_pages_own(client, about, editor):
    saved = operations.update_page(
        about,
        actor=editor,
        values={"seo": {"title": {"en": "About the harbour team"}, "noindex": True}},
        revision=about.revision,
    )
    operations.publish_page(saved, actor=editor)
    response = client.get("/about")
    html = response.content.decode()
    assert title(html).startswith("About the harbour team")
    assert meta(html, "robots") == "noindex" and response["X-Robots-Tag"] == "noindex"
    assert 'rel="canonical"' not in html
    assert meta(html, "description") == "A small team by the harbour."  # kept: the save left it out


def test_a_page_has_a_breadcrumb_home_page_first(client, about):
    html = client.get("/de/ueber-uns").content.decode()
    nav = re.search(r'<nav class="site-breadcrumb".*?</nav>', html, re.S).group(0)
    assert re.findall(r">([^<>]+)</(?:a|span)>", nav) == ["Startseite", "Über uns"]
    assert '<a href="/de/">' in nav and '<span aria-current="page">Über uns</span>' in nav
    trail = next(node for node in json_ld(html) if node["@type"] == "BreadcrumbList")
    assert [item["name"] for item in trail["itemListElement"]] == ["Startseite", "Über uns"]


def test_the_home_page_has_no_breadcrumb_and_its_canonical_is_the_root(client, make_page):
    make_page("start", "Welcome", is_home=True, publish=True)
    html = client.get("/de/").content.decode()
    assert "site-breadcrumb" not in html
    assert '<link rel="canonical" href="http://testserver/de/">' in html
    assert '<link rel="alternate" hreflang="en" href="http://testserver/">' in html


def test_the_blocks_head_contributions_reach_the_head_merged(client, make_page, place_block):
    blocks = [
        {"type": "test-place", "values": {"name": "Harbour"}},
        heading("Between"),
        {"type": "test-place", "values": {"name": "Lighthouse"}},
    ]
    make_page("places", "Places", content={"en": blocks}, publish=True)
    html = client.get("/places").content.decode()
    head = html.split("</head>")[0]
    assert '"itemListElement":["Harbour","Lighthouse"]' in head.replace(" ", "")
    assert [node for node in json_ld(html) if node["@type"] == "ItemList"] == [
        {"@type": "ItemList", "itemListElement": ["Harbour", "Lighthouse"]}
    ]


def test_the_seo_card_waits_for_publish_like_the_title(client, about, editor):
    saved = operations.update_page(
        about, actor=editor, values={"seo": {"title": {"en": "Harbour team"}}}, revision=about.revision
    )
    assert saved.state == "changed" and saved.draft and "seo" in saved.draft
    assert title(client.get("/about").content.decode()).startswith("About us")
    operations.publish_page(saved, actor=editor)
    assert title(client.get("/about").content.decode()).startswith("Harbour team")
    operations.restore_page_version(Page.objects.get(pk=about.pk), actor=editor, number=1)
    assert Page.objects.get(pk=about.pk).draft_values()["seo"]["title"] == {}


def test_the_api_saves_the_seo_card_by_language_and_refuses_a_bad_one(client, about, editor, media):
    client.force_login(editor)
    url = f"{API}/{about.pk}"
    harbour = create_picture(actor=None, values={"file": picture_file()}).key
    body = {"revision": about.revision, "seo": {"title": {"de": "Hafenteam"}, "image": harbour}}
    saved = client.put(url, body, content_type="application/json")
    assert saved.status_code == 200
    assert saved.json()["seo"] == {
        "title": {"de": "Hafenteam"},
        "description": {"en": "A small team by the harbour.", "de": "Ein kleines Team am Hafen."},
        "image": harbour,
        "noindex": False,
    }
    assert saved.json()["pending"] == ["seo"]
    refused = client.put(
        url,
        {"revision": saved.json()["revision"], "seo": {"description": {"en": "x" * 301}}},
        content_type="application/json",
    )
    assert refused.status_code == 422 and set(refused.json()["errors"]) == {"seo.description"}


def test_a_new_page_takes_its_seo_card(make_page):
    page = make_page("new", seo={"title": "A new page", "noindex": True})
    assert page.seo == {"title": {"en": "A new page"}, "description": {}, "image": None, "noindex": True}


# --- The draft preview -------------------------------------------------------------------------


def test_the_preview_shows_the_draft_marked_while_the_site_shows_the_published_page(client, about, editor):
    saved = operations.update_page(
        about, actor=editor, values={"content": {"en": [heading("Who we will be")]}}, revision=about.revision
    )
    viewer = Client()
    viewer.force_login(editor)
    response = viewer.get(preview_link("page", saved))
    html = response.content.decode()
    assert response.status_code == 200 and "<h2>Who we will be</h2>" in html
    assert '<div class="site-preview" role="status">' in html
    assert meta(html, "robots") == "noindex" and response["X-Robots-Tag"] == "noindex"
    assert "Who we will be" not in client.get("/about").content.decode()


def test_a_draft_never_published_is_previewed_while_its_address_answers_404(client, make_page, editor):
    page = make_page("soon", "Coming soon", content={"en": [heading("Soon")]})
    assert client.get("/soon").status_code == 404
    viewer = Client()
    viewer.force_login(editor)
    assert "<h2>Soon</h2>" in viewer.get(preview_link("page", page)).content.decode()


def test_the_preview_needs_pages_view(about, make_user):
    link = preview_link("page", about)
    stranger = Client()
    stranger.force_login(make_user())
    assert stranger.get(link).status_code == 403
    reader = Client()
    reader.force_login(make_user("pages.view"))
    assert reader.get(link).status_code == 200
    assert Client().get(link).status_code == 302  # signed out: the login page


def test_the_api_makes_a_fresh_preview_link_in_a_language(client, about, make_user):
    client.force_login(make_user("pages.view"))
    answer = client.get(f"{API}/{about.pk}/preview", {"language": "de"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["path"].startswith("/de/preview/") and body["url"] == f"http://testserver{body['path']}"
    assert "Über uns" in client.get(body["path"]).content.decode()
    assert client.get(f"{API}/{about.pk}/preview", {"language": "xx"}).status_code == 422
    assert client.get(f"{API}/999999/preview").status_code == 404


def test_the_editor_offers_the_preview_link(client, about, editor):
    client.force_login(editor)
    html = client.get(f"/cms/pages/{about.pk}/").content.decode()
    link = re.search(r'<a [^>]*data-preview[^>]*href="([^"]+)"|<a [^>]*href="([^"]+)"[^>]*data-preview', html)
    assert link, "no preview link in the editor"
    path = link.group(1) or link.group(2)
    assert path.startswith("/preview/")
    assert client.get(path).status_code == 200


def test_the_editor_has_a_block_editor_per_language_and_marks_those_that_borrow(client, editor, make_page):
    page = make_page(
        {"en": "about", "de": "ueber-uns"}, content={"en": [heading("Hi")], "de": [heading("Hallo")]}
    )
    client.force_login(editor)
    html = client.get(f"/cms/pages/{page.pk}/").content.decode()
    for code in ("en", "de", "ru"):
        assert f'id="pages-blocks-{code}" class="blocks-editor" data-name="content.{code}"' in html
    tabs = re.findall(
        r'<button type="button" role="tab"[^>]*data-language="(\w+)">(.*?)</button>', html, re.S
    )
    borrowing = [code for code, label in tabs if "default language" in label]
    assert borrowing == ["ru"]
    assert 'id="seo-card"' in html and 'name="seo.title.de"' in html
