"""The head collector and the layout (publishing/head.py): content renders first and its JSON-LD reaches
the head, merged per key; a layout that prints the head first drops later contributions quietly;
the Organization, the breadcrumb, noindex, and escaping."""

from __future__ import annotations

import http.client
import logging
import re
from urllib.parse import urlsplit

import pytest
from django.test import Client, RequestFactory, override_settings

from frontdesk.publishing.head import HeadCollector, head_of, json_ld_script, merge_json_ld
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.operations import update_group
from tests.head import json_ld

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.testapp.urls")]

HEAD_FIRST = "testapp/head_first_layout.html"


def head_and_body(html: str) -> tuple[str, str]:
    head, _sep, body = html.partition("</head>")
    assert _sep, "the page has no head"
    return head, body


def of_type(nodes: list[dict], kind: str) -> list[dict]:
    return [node for node in nodes if node.get("@type") == kind]


def test_two_blocks_under_one_key_print_one_merged_node_in_the_head_of_the_default_layout(client: Client):
    html = client.get("/test-head/").content.decode()
    head, body = head_and_body(html)
    pages = of_type(json_ld(head), "FAQPage")
    assert len(pages) == 1
    assert [question["name"] for question in pages[0]["mainEntity"]] == [
        "Where is the harbour?",
        "When does the ferry leave?",
    ]
    assert json_ld(body) == []  # nothing of it in the page's body
    assert body.count('class="test-faq"') == 2


def test_a_layout_that_prints_the_head_first_drops_the_content_contributions_quietly(
    client: Client, settings, caplog
):
    settings.FRONTDESK = {**settings.FRONTDESK, "site": {"layout": HEAD_FIRST}}
    with caplog.at_level(logging.DEBUG):
        response = client.get("/test-head/?title=Harbour+questions")
    assert response.status_code == 200
    html = response.content.decode()
    head, body = head_and_body(html)
    assert json_ld(html) == []
    assert "Harbour questions" not in head  # the title came after the head, too
    assert body.count('class="test-faq"') == 2 and '<p class="test-end">End of the content.</p>' in body
    assert [record for record in caplog.records if record.levelno > logging.DEBUG] == []
    assert any("dropped" in record.getMessage() for record in caplog.records)


def test_the_same_contributions_under_the_default_layout_reach_the_head(client: Client):
    head, _body = head_and_body(client.get("/test-head/?title=Harbour+questions").content.decode())
    assert "<title>Harbour questions</title>" in head


@override_settings(LANGUAGE_CODE="en")
def test_the_organization_is_printed_on_every_public_page_once_named(client: Client):
    assert of_type(json_ld(client.get("/").content.decode()), "Organization") == []
    update_group(
        SEO, actor=None, values={"organization_name": "Harbour Ltd", "organization_locality": "Kiel"}
    )
    for path in ("/", "/de/", "/test-head/", "/no-such-page/"):
        head, _body = head_and_body(client.get(path).content.decode())
        organizations = of_type(json_ld(head), "Organization")
        assert len(organizations) == 1, path
        assert organizations[0]["name"] == "Harbour Ltd"
        assert organizations[0]["address"]["addressLocality"] == "Kiel"


def test_a_site_name_set_without_an_organisation_name_prints_no_organization(client: Client):
    update_group(SEO, actor=None, values={"site_name": {"en": "Harbour"}})
    html = client.get("/").content.decode()
    assert of_type(json_ld(html), "Organization") == []
    assert "<title>Harbour</title>" in html


def test_the_title_follows_the_seo_pattern_and_the_description_falls_back_to_the_default(client: Client):
    update_group(
        SEO,
        actor=None,
        values={"site_name": {"en": "Harbour"}, "meta_description": {"en": "Boats and ferries."}},
    )
    head, _body = head_and_body(client.get("/test-head/?title=Questions").content.decode())
    assert "<title>Questions · Harbour</title>" in head
    assert '<meta name="description" content="Boats and ferries.">' in head
    assert '<meta property="og:title" content="Questions">' in head


def test_json_ld_cannot_break_out_of_its_script_element(client: Client):
    evil = '</script><script>alert("x")</script><!--'
    html = client.get("/test-head/", {"q": evil}).content.decode()
    head, _body = head_and_body(html)
    assert "<script>alert" not in head and "<!--" not in head
    (page,) = of_type(json_ld(head), "FAQPage")
    assert page["mainEntity"][0]["name"] == evil  # the text itself is kept, only written safely


def test_the_breadcrumb_prints_a_visible_trail_and_a_breadcrumb_list(client: Client):
    html = client.get("/test-head/?trail=1").content.decode()
    head, body = head_and_body(html)
    nav = re.search(r'<nav class="site-breadcrumb" aria-label="Breadcrumb">.*?</nav>', body, re.S).group(0)
    assert '<a href="/">Home</a>' in nav and '<a href="/guides/">Guides</a>' in nav
    assert '<span aria-current="page">Harbour</span>' in nav
    (trail,) = of_type(json_ld(head), "BreadcrumbList")
    assert trail["itemListElement"] == [
        {"@type": "ListItem", "position": 1, "name": "Home", "item": "http://testserver/"},
        {"@type": "ListItem", "position": 2, "name": "Guides", "item": "http://testserver/guides/"},
        {"@type": "ListItem", "position": 3, "name": "Harbour"},
    ]
    assert "site-breadcrumb" not in client.get("/test-head/").content.decode()


def test_a_noindex_page_says_so_in_its_head_and_its_headers(client: Client):
    response = client.get("/test-head/?noindex=1")
    assert response["X-Robots-Tag"] == "noindex"
    assert '<meta name="robots" content="noindex">' in response.content.decode()
    plain = client.get("/test-head/")
    assert "X-Robots-Tag" not in plain and 'name="robots"' not in plain.content.decode()


def test_the_home_page_names_its_canonical_address_and_its_languages(client: Client):
    head, _body = head_and_body(client.get("/de/").content.decode())
    assert '<link rel="canonical" href="http://testserver/de/">' in head
    assert '<link rel="alternate" hreflang="ru" href="http://testserver/ru/">' in head


# Paths a visitor can ask for whose language links, built naively, lead to evil.example. Each is
# given as the server passes it to Django (PATH_INFO, percent escapes decoded): "/%2F%2Fevil.example"
# arrives as "///evil.example", "/%09/evil.example" with a tab, which browsers drop from an address.
OFF_SITE_PATHS = ["//evil.example/x", "/\\evil.example", "///evil.example", "/\t/evil.example"]


def language_addresses(html: str) -> tuple[list[str], list[str]]:
    """(the language switcher's hrefs, the alternates' hrefs) of a page."""
    switcher = re.findall(r'<a href="([^"]*)" hreflang=', html)
    alternates = re.findall(r'<link rel="alternate" hreflang="[^"]*" href="([^"]*)">', html)
    return switcher, alternates


def assert_on_this_site(
    switcher: list[str], alternates: list[str], origin: str = "http://testserver"
) -> None:
    assert switcher and alternates
    for href in switcher:
        assert re.match(r"/[^/\\\t\n\r]", href), href  # one "/", then no second one
    for href in alternates:
        assert href.startswith(f"{origin}/") and re.match(r"/[^/\\]", href.removeprefix(origin)), href


@pytest.mark.parametrize("path", OFF_SITE_PATHS)
def test_a_404_for_a_path_that_names_another_host_links_only_to_this_site(client: Client, path: str):
    response = client.get("/", PATH_INFO=path)
    assert response.status_code == 404
    assert_on_this_site(*language_addresses(response.content.decode()))


@pytest.mark.live
@pytest.mark.parametrize(
    "path", ["//evil.example/x", "/\\evil.example", "/%2F%2Fevil.example", "/%09/evil.example"]
)
def test_through_the_real_server_a_404_for_such_a_path_links_only_to_this_site(live_site: str, path: str):
    # http.client sends the path as written: the server decodes it, as it does a browser's.
    address = urlsplit(live_site)
    connection = http.client.HTTPConnection(address.netloc, timeout=10)
    connection.request("GET", path)
    response = connection.getresponse()
    assert response.status == 404
    assert_on_this_site(*language_addresses(response.read().decode()), origin=live_site)


def test_a_404_for_an_ordinary_path_links_to_that_path(client: Client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    switcher, alternates = language_addresses(response.content.decode())
    assert set(switcher) == {"/no-such-page"} and set(alternates) == {"http://testserver/no-such-page"}


@pytest.mark.parametrize("path", OFF_SITE_PATHS)
def test_the_language_links_of_a_page_whose_path_names_another_host_stay_on_this_site(path: str):
    from frontdesk.publishing.head import language_links

    request = RequestFactory().get("/", PATH_INFO=path)
    links = language_links(request)
    assert_on_this_site([link["url"] for link in links], [link["absolute_url"] for link in links])


def test_a_page_at_an_ordinary_path_links_to_itself_in_each_language(client: Client):
    response = client.get("/de/test-head/")
    assert response.status_code == 200
    switcher, alternates = language_addresses(response.content.decode())
    assert switcher == ["/test-head/", "/de/test-head/", "/ru/test-head/"]
    assert alternates == [f"http://testserver{path}" for path in switcher]


def test_alternates_a_view_gives_replace_the_language_links():
    request = RequestFactory().get("/x/")
    head_of(request).set_alternates({"en": "/x/", "de": "/de/y/"})
    from frontdesk.publishing.head import language_links

    assert [(link["code"], link["url"]) for link in language_links(request)] == [
        ("en", "/x/"),
        ("de", "/de/y/"),
    ]


def test_lists_join_without_repeats_objects_merge_and_the_first_scalar_stays():
    kept = {"@type": "FAQPage", "name": "First", "mainEntity": [1, 2], "about": {"name": "A"}}
    merge_json_ld(
        kept, {"@type": "Other", "name": "Second", "mainEntity": [2, 3], "about": {"x": 1}, "new": True}
    )
    assert kept == {
        "@type": "FAQPage",
        "name": "First",
        "mainEntity": [1, 2, 3],
        "about": {"name": "A", "x": 1},
        "new": True,
    }


def test_a_closed_collector_keeps_what_it_had_and_drops_the_rest():
    head = HeadCollector()
    head.add_json_ld("faq", {"mainEntity": [1]})
    head.set_title("Before")
    head.close()
    head.add_json_ld("faq", {"mainEntity": [2]})
    head.add_json_ld("other", {"x": 1})
    head.set_title("After")
    head.set_noindex()
    assert head.json_ld() == {"faq": {"mainEntity": [1]}} and head.title == "Before" and not head.noindex


def test_a_node_given_is_copied_so_later_changes_to_it_do_not_reach_the_head():
    head = HeadCollector()
    node = {"mainEntity": [1]}
    head.add_json_ld("faq", node)
    node["mainEntity"].append(2)
    assert head.json_ld() == {"faq": {"mainEntity": [1]}}


def test_the_script_element_escapes_what_html_would_read():
    script = json_ld_script({"text": "a < b & c > d"})
    assert script == '<script type="application/ld+json">{"text": "a \\u003C b \\u0026 c \\u003E d"}</script>'
