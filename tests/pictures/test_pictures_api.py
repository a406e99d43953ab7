"""The picture library's doors: /api/cms/pictures (multipart upload, list with search and pages,
one picture with its uses, change, replace, delete refused while in use), the OpenAPI document,
tokens and their scopes, and the agent tool pictures_list over real HTTP."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from frontdesk.core.api import api
from frontdesk.core.models import ApiToken
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture
from tests.mcp_client import ok
from tests.picture_files import picture_file, stored_files
from tests.testapp.models import Poster

BASE = "/api/cms/pictures"


@pytest.fixture
def manager_client(make_user) -> Client:
    client = Client()
    client.force_login(make_user("core.pictures.manage", "testapp.view_poster"))
    return client


def test_an_upload_answers_201_with_the_key_size_renditions_and_no_uses(db, media, manager_client):
    answer = manager_client.post(BASE, {"file": picture_file(1000, 500), "name": "Harbour"})
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert body["name"] == "Harbour" and (body["width"], body["height"]) == (1000, 500)
    assert [item["width"] for item in body["renditions"]] == [320, 640, 960, 1000]
    assert body["url"] == body["renditions"][-1]["url"] and body["url"].startswith("/media/pictures/")
    assert body["uses"] == [] and body["alt"] == {}
    assert Picture.objects.get().key == body["key"]


def test_a_file_that_is_no_picture_or_no_file_is_refused_under_file(db, media, manager_client):
    answer = manager_client.post(BASE, {"file": SimpleUploadedFile("notes.txt", b"just text")})
    assert answer.status_code == 422
    assert answer.json() == {
        "message": "Some values are not valid.",
        "errors": {"file": ["This file is not a picture the library takes (JPEG, PNG, WebP or GIF)."]},
    }
    missing = manager_client.post(BASE, {"name": "nothing"})
    assert missing.status_code == 422 and list(missing.json()["errors"]) == ["file"]
    assert not Picture.objects.exists() and stored_files(media) == set()


def test_the_list_searches_and_answers_a_page_at_a_time(db, media, manager_client):
    for name in ("Harbour", "Market", "Harbour at night"):
        create_picture(actor=None, values={"file": picture_file(200, 100), "name": name})
    answer = manager_client.get(BASE, {"q": "harbour", "per_page": 1}).json()
    assert (answer["total"], answer["last_page"], answer["per_page"]) == (2, 2, 1)
    assert [row["name"] for row in answer["rows"]] == ["Harbour at night"]  # newest first
    market = Picture.objects.get(name="Market")
    chosen = manager_client.get(BASE, {"keys": f"{market.key},nope"}).json()
    assert [row["key"] for row in chosen["rows"]] == [market.key]


def test_any_account_reads_the_library_but_only_the_permission_changes_it(db, media, make_user):
    picture = create_picture(actor=None, values={"file": picture_file()})
    client = Client()
    client.force_login(make_user())
    assert client.get(BASE).status_code == 200
    assert client.get(f"{BASE}/{picture.key}").status_code == 200
    assert (
        client.put(f"{BASE}/{picture.key}", {"name": "x"}, content_type="application/json").status_code == 403
    )
    assert client.post(BASE, {"file": picture_file()}).status_code == 403
    assert client.delete(f"{BASE}/{picture.key}").status_code == 403


def test_a_change_names_only_what_it_changes(db, media, manager_client):
    picture = create_picture(
        actor=None, values={"file": picture_file(), "name": "Harbour", "alt": {"en": "Boats"}}
    )
    answer = manager_client.put(
        f"{BASE}/{picture.key}", {"alt": {"de": "Boote"}}, content_type="application/json"
    )
    assert answer.status_code == 200
    assert answer.json()["alt"] == {"en": "Boats", "de": "Boote"} and answer.json()["name"] == "Harbour"
    refused = manager_client.put(
        f"{BASE}/{picture.key}", {"alt": {"xx": "?"}}, content_type="application/json"
    )
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["alt"]
    unknown = manager_client.put(f"{BASE}/{picture.key}", {"title": "x"}, content_type="application/json")
    assert unknown.status_code == 422
    assert manager_client.get(f"{BASE}/nosuchkey").status_code == 404


def test_replacing_the_file_keeps_the_key_and_answers_the_new_addresses(db, media, manager_client):
    picture = create_picture(actor=None, values={"file": picture_file(1000, 500)})
    answer = manager_client.post(f"{BASE}/{picture.key}/file", {"file": picture_file(300, 300, "PNG")})
    assert answer.status_code == 200
    body = answer.json()
    assert body["key"] == picture.key and (body["width"], body["height"], body["format"]) == (300, 300, "png")
    assert body["url"].endswith("-300w.png")


def test_deleting_a_picture_in_use_is_refused_with_the_count_and_the_places(db, media, manager_client):
    picture = create_picture(actor=None, values={"file": picture_file()})
    poster = Poster.objects.create(title="Summer fair", cover=picture.key)
    shown = manager_client.get(f"{BASE}/{picture.key}").json()
    assert shown["uses"] == [
        {
            "kind": "test.poster",
            "kind_label": "Posters",
            "label": "Summer fair",
            "url": f"/posters/{poster.pk}",
        }
    ]
    refused = manager_client.delete(f"{BASE}/{picture.key}")
    assert refused.status_code == 409  # the one status of every "still in use" (core/errors.InUse)
    assert refused.json() == {
        "message": "This picture is used in 1 place; take it out there first.",
        "in_use": 1,
        "uses": ["Posters: Summer fair"],
    }
    poster.delete()
    assert manager_client.delete(f"{BASE}/{picture.key}").status_code == 204
    assert not Picture.objects.exists()


def test_a_use_is_named_only_to_a_caller_who_may_open_it_and_counted_for_everyone(db, media, make_user):
    """Issue 25 item 4: the uses of a picture (GET and the 409 of a delete) name a place only to a
    caller with the permission of its module (posters: testapp.view_poster; a token also needs
    testapp:read); anyone else learns how many places use it."""
    picture = create_picture(actor=None, values={"file": picture_file()})
    Poster.objects.create(title="Q3 layoffs announcement DRAFT", cover=picture.key)
    owner = make_user("core.pictures.manage")
    blind = Client()
    blind.force_login(owner)
    by_token = {
        "HTTP_AUTHORIZATION": f"Bearer {ApiToken.issue(make_user(is_superuser=True), 'p', ['pictures:read', 'pictures:write'])[1]}"
    }
    for answer in (blind.get(f"{BASE}/{picture.key}"), Client().get(f"{BASE}/{picture.key}", **by_token)):
        assert answer.status_code == 200
        assert (answer.json()["uses"], answer.json()["use_count"]) == ([], 1)
        assert "layoffs" not in answer.text
    for refused in (
        blind.delete(f"{BASE}/{picture.key}"),
        Client().delete(f"{BASE}/{picture.key}", **by_token),
    ):
        assert refused.status_code == 409
        assert refused.json() == {
            "message": "This picture is used in 1 place; take it out there first.",
            "in_use": 1,
            "uses": [],
        }
    assert Picture.objects.filter(key=picture.key).exists()
    named = Client()
    named.force_login(make_user("testapp.view_poster"))
    assert named.get(f"{BASE}/{picture.key}").json()["uses"][0]["label"] == "Q3 layoffs announcement DRAFT"


def test_a_token_reads_with_pictures_read_and_changes_only_with_pictures_write(db, media, make_user):
    owner = make_user("core.pictures.manage")
    reader = ApiToken.issue(owner, "reader", ["pictures:read"])[1]
    writer = ApiToken.issue(owner, "writer", ["pictures:write"])[1]
    as_reader = {"HTTP_AUTHORIZATION": f"Bearer {reader}"}
    assert Client().get(BASE, **as_reader).status_code == 200
    assert Client().post(BASE, {"file": picture_file()}, **as_reader).status_code == 403
    answer = Client().post(BASE, {"file": picture_file()}, HTTP_AUTHORIZATION=f"Bearer {writer}")
    assert answer.status_code == 201


def test_the_openapi_document_describes_the_bodies():
    document = api.get_openapi_schema()
    upload = document["paths"][BASE]["post"]
    form = upload["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert "file" in str(form)
    change = document["paths"][f"{BASE}/{{key}}"]["put"]["requestBody"]["content"]["application/json"]
    assert change["schema"]["$ref"].endswith("/PictureChange")
    assert document["paths"][f"{BASE}/{{key}}"]["get"]["x-scope"] == "pictures:read"


@pytest.mark.live
def test_the_agent_lists_pictures_by_key_with_alt_size_and_a_whole_address(
    live_server_url, transactional_db, media, make_user
):
    create_picture(
        actor=None, values={"file": picture_file(640, 480), "name": "Harbour", "alt": {"en": "Boats"}}
    )
    create_picture(actor=None, values={"file": picture_file(), "name": "Market"})
    secret = ApiToken.issue(make_user(), "agent", ["pictures:read"])[1]
    answer = ok(live_server_url, secret, "pictures_list", {"q": "harbour"})
    assert answer["total"] == 1
    row = answer["rows"][0]
    assert (row["name"], row["alt"], row["width"], row["height"]) == ("Harbour", {"en": "Boats"}, 640, 480)
    assert row["url"].startswith("http") and row["url"].endswith("-640w.jpg")
    assert len(ok(live_server_url, secret, "pictures_list")["rows"]) == 2
