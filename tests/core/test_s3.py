"""The picture library on S3 (docs/configuration.md, "S3 storage"), against moto's S3 server
(tests/s3.py), through django-storages as a site runs it: an upload's renditions are objects under
the media prefix that anybody reads at the addresses a page prints; a replacement and a deletion
remove the objects they leave behind. And the settings: a half-given S3 configuration stops
start-up with one line."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from frontdesk.pictures.operations import create_picture
from frontdesk.pictures.queries import resolve_pictures
from tests.clients import client_for
from tests.core.test_settings import run_frontdesk
from tests.optional import needs
from tests.picture_files import picture_file

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

BASE = "/api/cms/pictures"
YEAR = "public, max-age=31536000, immutable"


@pytest.fixture
def manager(make_user) -> Client:
    return client_for(make_user("core.pictures.manage"))


def picture_keys(s3, key: str) -> set[str]:
    return {name for name in s3.objects() if f"/pictures/{key}/" in f"/{name}"}


def printed_addresses(html: str) -> list[str]:
    """Every address an <img> names in `src` and `srcset`."""
    found = re.findall(r'<img [^>]*src="([^"]+)"', html)
    for srcset in re.findall(r'srcset="([^"]+)"', html):
        found += [item.strip().split(" ")[0] for item in srcset.split(",")]
    return found


def test_an_upload_puts_its_renditions_under_the_media_prefix_where_anybody_reads_them(s3, manager):
    answer = manager.post(BASE, {"file": picture_file(1000, 500), "name": "Harbour"})
    assert answer.status_code == 201, answer.content
    key = answer.json()["key"]
    view = resolve_pictures([key])[key]
    renditions = [item.split(" ")[0] for item in view.srcset.split(", ")]
    assert len(renditions) == 4 and view.url == renditions[-1]
    for url in renditions:
        assert url.startswith(f"{s3.store.endpoint}/{s3.bucket}/media/pictures/{key}/")
        served = s3.store.anonymous_get(url)
        assert served.status_code == 200
        assert served.headers["Content-Type"] == "image/jpeg"
        assert served.headers["Cache-Control"] == YEAR
    rendition_objects = {f"media/{url.removeprefix(s3.media_url)}" for url in renditions}
    # The original (camera and GPS data and all) is the one other object: private, no address.
    (original,) = picture_keys(s3, key) - rendition_objects
    assert original.startswith(f"private/pictures/{key}/")
    for url in (f"{s3.store.endpoint}/{s3.bucket}/{original}", f"{s3.media_url}{original}"):
        assert s3.store.anonymous_get(url).status_code in {403, 404}, url


@needs("services")
def test_a_page_prints_the_addresses_of_the_public_base_and_each_one_serves_the_picture(s3, settings):
    from tests.services.conftest import make_service

    picture = create_picture(actor=None, values={"file": picture_file(1200, 800), "alt": {"en": "A garden"}})
    make_service("Garden design", "garden-design", cover=picture.key)
    page = Client().get("/services/garden-design")
    assert page.status_code == 200
    addresses = printed_addresses(page.content.decode())
    assert len(addresses) == 1 + 4  # the cover's src, and its srcset of four widths
    for url in addresses:
        assert url.startswith(f"{s3.media_url}pictures/{picture.key}/")
        assert s3.store.anonymous_get(url).status_code == 200


def test_a_custom_public_base_is_the_address_pages_print(s3_store, settings, monkeypatch):
    """FRONTDESK_S3_PUBLIC_URL (a CDN or a custom domain in front of the bucket) is what the page
    names; the store itself is not asked for an address."""
    from frontdesk import settings as site_settings
    from tests.s3 import s3_environment

    bucket = s3_store.new_bucket(public_prefix="media")
    environment = s3_environment(s3_store, bucket, FRONTDESK_S3_PUBLIC_URL="https://media.example.com/")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings.STORAGES = {**settings.STORAGES, **site_settings.s3_storages(["inbox"])}
    picture = create_picture(actor=None, values={"file": picture_file(640, 480)})
    view = resolve_pictures([picture.key])[picture.key]
    assert view.url.startswith(f"https://media.example.com/media/pictures/{picture.key}/")
    assert f"media/{view.url.removeprefix('https://media.example.com/media/')}" in s3_store.objects(bucket)


def test_a_private_bucket_of_its_own_and_public_read_acls_for_the_media(s3_store, settings, monkeypatch):
    """The other layout: a store that makes files public by ACL (FRONTDESK_S3_MEDIA_ACL), the
    private files in a bucket of their own (FRONTDESK_S3_PRIVATE_BUCKET) that nobody else reads."""
    from django.core.files.base import ContentFile
    from django.core.files.storage import storages

    from frontdesk import settings as site_settings
    from tests.s3 import s3_environment

    media, private = s3_store.new_bucket(), s3_store.new_bucket()  # no policy on either
    environment = s3_environment(
        s3_store, media, FRONTDESK_S3_MEDIA_ACL="public-read", FRONTDESK_S3_PRIVATE_BUCKET=private
    )
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings.STORAGES = {**settings.STORAGES, **site_settings.s3_storages(["inbox"])}
    picture = create_picture(actor=None, values={"file": picture_file(640, 480)})
    view = resolve_pictures([picture.key])[picture.key]
    assert view.url.startswith(f"{s3_store.endpoint}/{media}/media/pictures/{picture.key}/")
    assert s3_store.anonymous_get(view.url).status_code == 200
    name = storages["inbox"].save("inbox/1/1/cv.pdf", ContentFile(b"%PDF-1.7"))
    assert f"private/{name}" in s3_store.objects(private)
    assert s3_store.anonymous_get(f"{s3_store.endpoint}/{private}/private/{name}").status_code == 403


def test_a_replacement_serves_the_new_renditions_and_removes_the_old_objects(s3, manager):
    key = manager.post(BASE, {"file": picture_file(1000, 500)}).json()["key"]
    old_objects = picture_keys(s3, key)
    old_url = resolve_pictures([key])[key].url
    answer = manager.post(f"{BASE}/{key}/file", {"file": picture_file(700, 700, "PNG")})
    assert answer.status_code == 200, answer.content
    new_url = resolve_pictures([key])[key].url
    assert new_url != old_url and new_url.endswith("-700w.png")
    assert s3.store.anonymous_get(new_url).status_code == 200
    assert not picture_keys(s3, key) & old_objects
    assert s3.store.anonymous_get(old_url).status_code in {403, 404}


def test_a_deletion_removes_every_object_of_the_picture(s3, manager):
    key = manager.post(BASE, {"file": picture_file(1000, 500)}).json()["key"]
    assert picture_keys(s3, key)
    assert manager.delete(f"{BASE}/{key}").status_code == 204
    assert picture_keys(s3, key) == set()


S3_KEYS = {
    "FRONTDESK_S3_ACCESS_KEY_ID": "key",
    "FRONTDESK_S3_SECRET_ACCESS_KEY": "secret",
    "FRONTDESK_S3_ENDPOINT_URL": "http://127.0.0.1:1",
}


@pytest.mark.parametrize(
    ("variables", "words"),
    [
        (
            {"FRONTDESK_S3_BUCKET": "site", "FRONTDESK_S3_SECRET_ACCESS_KEY": "secret"},
            "FRONTDESK_S3_BUCKET is set but FRONTDESK_S3_ACCESS_KEY_ID is not",
        ),
        (
            {"FRONTDESK_S3_BUCKET": "site", "FRONTDESK_S3_ACCESS_KEY_ID": "key"},
            "FRONTDESK_S3_BUCKET is set but FRONTDESK_S3_SECRET_ACCESS_KEY is not",
        ),
        (
            {"FRONTDESK_S3_ACCESS_KEY_ID": "key", "FRONTDESK_S3_SECRET_ACCESS_KEY": "secret"},
            "FRONTDESK_S3_ACCESS_KEY_ID is set but FRONTDESK_S3_BUCKET is not",
        ),
        (
            {**S3_KEYS, "FRONTDESK_S3_BUCKET": "site", "FRONTDESK_S3_PRIVATE_PREFIX": "media/private"},
            "FRONTDESK_S3_PRIVATE_PREFIX must lie beside FRONTDESK_S3_MEDIA_PREFIX",
        ),
        (
            {**S3_KEYS, "FRONTDESK_S3_BUCKET": "site", "FRONTDESK_S3_PUBLIC_URL": "media.example.com"},
            "FRONTDESK_S3_PUBLIC_URL='media.example.com' is not an http:// or https:// address",
        ),
    ],
)
def test_a_half_given_s3_configuration_stops_with_one_line(variables, words):
    result = run_frontdesk("check", **variables)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert words in result.stderr


def test_on_s3_the_media_address_is_the_public_base_and_the_pages_may_show_its_pictures(tmp_path):
    """The settings of a site on S3, in a fresh process: every storage without an address is on
    the private prefix, MEDIA_URL is the public base, and the CSP lets pages show its pictures."""
    result = run_frontdesk(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.MEDIA_URL);"
        " print(sorted(a for a, c in s.STORAGES.items() if c['BACKEND'].endswith('PrivateS3Storage')));"
        " print({c['OPTIONS']['location'] for c in s.STORAGES.values() if 'PrivateS3' in c['BACKEND']});"
        " print(s.SECURE_CSP['img-src'][-1])",
        **S3_KEYS,
        FRONTDESK_S3_BUCKET="site",
        FRONTDESK_S3_PUBLIC_URL="https://cdn.example.com/site",
        FRONTDESK_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stderr
    media_url, aliases, locations, image_source = result.stdout.strip().splitlines()[-4:]
    assert media_url == "https://cdn.example.com/site/media/"
    assert "inbox" in aliases and locations == "{'private'}"
    assert image_source == "https://cdn.example.com"
