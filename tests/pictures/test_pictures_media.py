"""The media files are served by the site itself at MEDIA_URL (pictures/media.py): an uploaded
picture's renditions are reachable at the address a page prints, nothing outside the media root
is, and a site that serves them elsewhere turns it off."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.pictures.operations import create_picture
from frontdesk.pictures.queries import resolve_pictures
from tests.picture_files import picture_file


@pytest.mark.django_db
def test_a_rendition_is_served_at_the_address_pages_print_and_cached_for_long(media):
    picture = create_picture(actor=None, values={"file": picture_file(400, 300)})
    url = resolve_pictures([picture.key])[picture.key].url
    answer = Client().get(url)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "image/jpeg"
    assert b"".join(answer.streaming_content) == (media / picture.renditions[-1]["name"]).read_bytes()
    assert answer["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.django_db
def test_nothing_outside_the_media_root_and_no_missing_file_is_served(media, tmp_path):
    (tmp_path / "secret.txt").write_text("secret")
    media.mkdir(parents=True, exist_ok=True)
    for address in ("/media/../secret.txt", "/media/%2e%2e/secret.txt", "/media/nothing.jpg", "/media/"):
        assert Client().get(address).status_code == 404


@pytest.mark.django_db
def test_a_site_that_serves_the_media_elsewhere_turns_it_off(media, settings):
    picture = create_picture(actor=None, values={"file": picture_file()})
    settings.FRONTDESK = {**settings.FRONTDESK, "pictures": {"serve_media": False}}
    assert Client().get(resolve_pictures([picture.key])[picture.key].url).status_code == 404
