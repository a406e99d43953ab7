"""What one upload may cost (issue 25, item 8): decoding is bounded by pixels x bytes per pixel,
judged from the header before a pixel is decoded; the renditions are made by a task, not in the
request when a queue is configured (the page prints the picture once they are made); and an
account may upload only so many pictures a minute (429)."""

from __future__ import annotations

import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client, override_settings
from PIL import ImageFile

from frontdesk.pictures.models import Picture
from frontdesk.pictures.queries import resolve_pictures
from tests.picture_files import picture_file, stored_files

BASE = "/api/cms/pictures"
DATABASE_QUEUE = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def png(width: int, height: int, *, bits: int) -> bytes:
    """An RGB PNG at 8 or 16 bits per sample, one colour: a few KB however many pixels."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\0" + b"\x80" * (3 * bits // 8) * width
    packer = zlib.compressobj(1)
    body = b"".join(packer.compress(row) for _row in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, bits, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


@pytest.fixture
def uploader(make_user) -> Client:
    client = Client()
    client.force_login(make_user("core.pictures.manage"))
    return client


def limits(settings, **values) -> None:
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "pictures": {**settings.FRONTDESK.get("pictures", {}), **values},
    }


def test_a_16_bit_png_over_the_decoding_budget_is_refused_under_file_before_its_pixels_are_decoded(
    db, media, uploader, settings, monkeypatch
):
    # 3000 x 3000 pixels: 27 MB decoded at 8 bits (3 bytes a pixel), 54 MB at 16 (6 bytes).
    limits(settings, max_decoded_bytes=40 * 1024 * 1024)
    deep = png(3000, 3000, bits=16)
    assert len(deep) < 300_000  # a small file
    with monkeypatch.context() as patched:
        patched.setattr(ImageFile.ImageFile, "load", lambda self: pytest.fail("decoded"))
        answer = uploader.post(BASE, {"file": SimpleUploadedFile("deep.png", deep, "image/png")})
    assert answer.status_code == 422
    (message,) = answer.json()["errors"]["file"]
    assert message.startswith("The picture would take more than 40.0\xa0MB to decode")
    assert not Picture.objects.exists() and stored_files(media) == set()

    flat = uploader.post(BASE, {"file": SimpleUploadedFile("flat.png", png(3000, 3000, bits=8), "image/png")})
    assert flat.status_code == 201, flat.content


def test_the_default_budget_refuses_the_7000_pixel_16_bit_png_of_the_report(db, media, uploader):
    # The report's file: 7000 x 7000 at 16 bits took 30.8 s and 650 MB. Refused from its header.
    answer = uploader.post(
        BASE, {"file": SimpleUploadedFile("huge.png", png(7000, 7000, bits=16), "image/png")}
    )
    assert answer.status_code == 422 and list(answer.json()["errors"]) == ["file"]


@override_settings(TASKS=DATABASE_QUEUE)
def test_with_a_queue_the_renditions_are_made_by_the_worker_and_pages_print_the_picture_once_they_are(
    transactional_db, media, uploader
):
    answer = uploader.post(BASE, {"file": picture_file(1000, 500)})
    assert answer.status_code == 201
    key = answer.json()["key"]
    assert answer.json()["renditions"] == [] and answer.json()["url"] == ""
    assert stored_files(media) == set() and resolve_pictures([key]) == {}

    call_command("db_worker", batch=True, verbosity=0)
    assert [item["width"] for item in uploader.get(f"{BASE}/{key}").json()["renditions"]] == [
        320,
        640,
        960,
        1000,
    ]
    assert resolve_pictures([key])[key].width == 1000


@override_settings(TASKS=DATABASE_QUEUE)
def test_with_a_queue_a_replaced_picture_shows_its_old_renditions_until_the_new_ones_are_made(
    transactional_db, media, uploader
):
    key = uploader.post(BASE, {"file": picture_file(1000, 500)}).json()["key"]
    call_command("db_worker", batch=True, verbosity=0)
    old_url = resolve_pictures([key])[key].url
    assert uploader.post(f"{BASE}/{key}/file", {"file": picture_file(700, 700, "PNG")}).status_code == 200
    assert resolve_pictures([key])[key].url == old_url

    call_command("db_worker", batch=True, verbosity=0)
    new = resolve_pictures([key])[key]
    assert new.url != old_url and new.width == 700
    assert stored_files(media) == set(Picture.objects.get(key=key).rendition_names())


def test_an_account_may_upload_so_many_pictures_a_minute_then_gets_429(
    db, media, uploader, make_user, settings
):
    limits(settings, uploads_per_minute=2)
    for _upload in range(2):
        assert uploader.post(BASE, {"file": picture_file(40, 30)}).status_code == 201
    refused = uploader.post(BASE, {"file": picture_file(40, 30)})
    assert refused.status_code == 429
    assert refused.json()["message"].startswith("Too many pictures uploaded in a minute; try again in ")
    key = Picture.objects.first().key
    assert uploader.post(f"{BASE}/{key}/file", {"file": picture_file(40, 30)}).status_code == 429
    assert Picture.objects.count() == 2

    other = Client()
    other.force_login(make_user("core.pictures.manage"))
    assert other.post(BASE, {"file": picture_file(40, 30)}).status_code == 201
