"""The pages' API and panel: the same rules through every door (a stale revision 409, a refused
value 422 under its field), the list with state, address, search and the bin, the menu's order,
the History, and the editor's screens."""

from __future__ import annotations

import pytest

from frontdesk.core.models import ApiToken
from frontdesk.pages.models import Page
from tests.pages.conftest import heading

pytestmark = pytest.mark.django_db

API = "/api/cms/pages"


def test_the_api_saves_the_draft_and_refuses_a_stale_revision(editor_client, make_page, client):
    page = make_page("about", content={"en": [heading("Old")]}, publish=True)
    body = {"revision": page.revision, "content": {"en": [heading("New")]}}
    saved = editor_client.put(f"{API}/{page.pk}", body, content_type="application/json")
    assert saved.status_code == 200
    assert saved.json()["state"] == "changed" and saved.json()["pending"] == ["content"]
    stale = editor_client.put(f"{API}/{page.pk}", body, content_type="application/json")
    assert stale.status_code == 409
    assert "Old" in client.get("/about").text
    published = editor_client.post(
        f"{API}/{page.pk}/publish", {"revision": saved.json()["revision"]}, content_type="application/json"
    )
    assert published.status_code == 200 and "New" in client.get("/about").text


def test_a_refused_value_answers_422_under_its_field(editor_client, make_page):
    page = make_page("about")
    body = {"revision": page.revision, "slug": {"en": "Not A Slug"}, "content": {"en": [{"type": "nope"}]}}
    response = editor_client.put(f"{API}/{page.pk}", body, content_type="application/json")
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {"content.en.0.type"}  # content is judged first
    response = editor_client.put(
        f"{API}/{page.pk}",
        {"revision": page.revision, "slug": {"en": "Not A Slug"}},
        content_type="application/json",
    )
    assert response.status_code == 422 and "slug" in response.json()["errors"]


def test_the_list_shows_state_and_address_and_searches(editor_client, make_page):
    make_page({"en": "about", "de": "ueber"}, "About us", publish=True)
    make_page("contact", "Contact")
    rows = editor_client.get(API).json()["rows"]
    assert {(row["title_text"], row["state"], row["address"]) for row in rows} == {
        ("About us", "published", "/about"),
        ("Contact", "draft", "/contact"),
    }
    assert [row["title_text"] for row in editor_client.get(API, {"q": "conta"}).json()["rows"]] == ["Contact"]
    make_page({"en": "shop", "de": "laden"}, {"en": "Shop", "de": "Geschäft"})
    # SQLite and MariaDB keep "ä" as "\u00e4" in the JSON: the search reads each language's text.
    assert [row["title_text"] for row in editor_client.get(API, {"q": "schäft"}).json()["rows"]] == ["Shop"]
    assert [row["title_text"] for row in editor_client.get(API, {"state": "published"}).json()["rows"]] == [
        "About us"
    ]


def test_the_bin_through_the_api(editor_client, make_page):
    page = make_page("about", publish=True)
    assert editor_client.delete(f"{API}/{page.pk}").status_code == 204
    assert editor_client.get(f"{API}/{page.pk}").status_code == 404
    binned = editor_client.get(API, {"trashed": "true"}).json()["rows"]
    assert [row["id"] for row in binned] == [page.pk] and binned[0]["address"] is None
    restored = editor_client.post(f"{API}/{page.pk}/restore")
    assert restored.status_code == 200 and restored.json()["addresses"] == {
        "en": "/about",
        "de": "/de/about",
        "ru": "/ru/about",
    }


def test_the_menu_order_through_the_api(editor_client, make_page):
    one, two = make_page("one", in_menu=True), make_page("two", in_menu=True)
    assert [row["id"] for row in editor_client.get(f"{API}/menu").json()] == [one.pk, two.pk]
    response = editor_client.put(f"{API}/menu", {"order": [two.pk, one.pk]}, content_type="application/json")
    assert response.status_code == 204
    assert [row["id"] for row in editor_client.get(f"{API}/menu").json()] == [two.pk, one.pk]


def test_versions_and_log_through_the_api(editor_client, make_page):
    page = make_page("about", title="First", publish=True)
    page = Page.objects.get(pk=page.pk)
    editor_client.put(
        f"{API}/{page.pk}", {"revision": page.revision, "title": "Second"}, content_type="application/json"
    )
    editor_client.post(f"{API}/{page.pk}/publish", {}, content_type="application/json")
    versions = editor_client.get(f"{API}/{page.pk}/versions").json()
    assert [(v["number"], v["values"]["title"]) for v in versions] == [
        (2, {"en": "Second"}),
        (1, {"en": "First"}),
    ]
    restored = editor_client.post(f"{API}/{page.pk}/versions/1/restore", {}, content_type="application/json")
    assert restored.status_code == 200 and restored.json()["title"] == {"en": "First"}
    assert (
        editor_client.post(
            f"{API}/{page.pk}/versions/9/restore", {}, content_type="application/json"
        ).status_code
        == 404
    )
    actions = [line["action"] for line in editor_client.get(f"{API}/{page.pk}/log").json()]
    assert actions[0] == "page.version_restored" and "page.created" in actions


def test_a_token_with_only_the_read_scope_reads_and_may_not_write(client, editor, make_page):
    page = make_page("about")
    secret = ApiToken.issue(editor, "reader", ["pages:read"])[1]
    auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert client.get(f"{API}/{page.pk}", **auth).status_code == 200
    assert (
        client.post(f"{API}/{page.pk}/publish", {}, content_type="application/json", **auth).status_code
        == 403
    )


def test_the_panel_lists_pages_with_a_bin_tab_and_opens_the_editor(editor_client, make_page):
    page = make_page("about", "About us", content={"en": [heading("Hi </script><b>")]}, in_menu=True)
    listing = editor_client.get("/cms/pages/")
    assert listing.status_code == 200 and "About us" in listing.text and "/about" in listing.text
    assert 'id="pages-menu-list"' in listing.text
    assert "About us" in editor_client.get("/cms/pages/", {"q": "about"}).text
    assert "About us" not in editor_client.get("/cms/pages/", {"bin": "1"}).text
    opened = editor_client.get(f"/cms/pages/{page.pk}/")
    assert opened.status_code == 200
    for words in (
        'id="pages-tab-content"',
        'id="pages-tab-settings"',
        'id="pages-tab-history"',
        'id="project-fields"',
    ):
        assert words in opened.text
    # The blocks go into the page as JSON that cannot close its script element.
    assert "</script><b>" not in opened.text
    assert editor_client.get("/cms/pages/999999/").status_code == 404


def test_a_viewer_sees_the_editor_without_its_buttons(client, make_user, make_page):
    page = make_page("about")
    client.force_login(make_user("pages.view"))
    opened = client.get(f"/cms/pages/{page.pk}/")
    assert opened.status_code == 200 and 'data-step="publish"' not in opened.text


def test_the_blocks_route_edits_by_operations_and_refuses_all_or_nothing(editor_client, make_page):
    page = make_page("about", content={"en": [heading("Kept")]})
    refused = editor_client.post(
        f"{API}/{page.pk}/blocks",
        {
            "language": "en",
            "operations": [
                {"op": "add", "type": "text"},
                {"op": "add", "type": "heading", "values": {"text": " "}},
            ],
        },
        content_type="application/json",
    )
    assert refused.status_code == 422 and set(refused.json()["errors"]) == {"operations.1.values.text"}
    assert [block["values"]["text"] for block in Page.objects.get(pk=page.pk).content["en"]] == ["Kept"]
    added = editor_client.post(
        f"{API}/{page.pk}/blocks",
        {
            "language": "en",
            "operations": [{"op": "add", "type": "heading", "values": {"text": "First"}, "position": 0}],
        },
        content_type="application/json",
    )
    assert added.status_code == 200
    assert [block["values"]["text"] for block in added.json()["blocks"]] == ["First", "Kept"]


@pytest.mark.parametrize(
    ("language", "says"),
    [("en", "An address is lowercase letters"), ("de", "Eine Adresse besteht aus Kleinbuchstaben")],
)
def test_a_slug_with_a_capital_letter_is_refused_in_the_slugs_own_words(
    editor_client, editor, make_page, language, says
):
    editor.panel_language = language
    editor.save()
    page = make_page("about")
    body = {"revision": page.revision, "slug": {"en": "About"}}
    response = editor_client.put(f"{API}/{page.pk}", body, content_type="application/json")
    assert response.status_code == 422
    [message] = response.json()["errors"]["slug"]
    assert message.startswith(says), message
