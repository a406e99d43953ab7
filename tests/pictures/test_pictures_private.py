"""Picture originals stay private and every file the site serves is stripped (issue 25, item 3): an
original sits in STORAGES["private"], outside the media root and without an address; no address a
page or an answer prints, nor one derived from it, serves a file with EXIF, a GPS position, XMP or
a comment; and every served file is the right way up. `pictures_remake` moves the originals of an
older site out of the media storage and makes its renditions again."""

from __future__ import annotations

import hashlib
import io
import re

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from PIL import Image, ImageCms

from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture
from tests.optional import needs
from tests.picture_files import stored_files

pytestmark = pytest.mark.django_db

GPS_INFO, ORIENTATION, MAKE = 0x8825, 0x0112, 0x010F
RED, BLUE = (255, 0, 0), (0, 0, 255)
SRGB = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
ADDRESS = re.compile(r"(?:http://testserver)?(/media/[^\s\"',<>]+)")


def camera_jpeg(width: int = 1200, height: int = 800) -> bytes:
    """A photo as a phone stores it: sideways (EXIF orientation 6: turn it a quarter clockwise to
    show it), red on its left and blue on its right, with the camera, a GPS position, XMP, a
    comment and an sRGB colour profile."""
    image = Image.new("RGB", (width, height), BLUE)
    image.paste(RED, (0, 0, width // 2, height))
    exif = Image.Exif()
    exif[MAKE] = "Spy Camera"
    exif[ORIENTATION] = 6
    gps = exif.get_ifd(GPS_INFO)
    gps.update({1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)})
    out = io.BytesIO()
    xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><secret>at home</secret></x:xmpmeta>'
    image.save(out, "JPEG", exif=exif, xmp=xmp, comment=b"at home", icc_profile=SRGB, quality=95)
    return out.getvalue()


def assert_stripped_and_upright(content: bytes) -> None:
    with Image.open(io.BytesIO(content)) as image:
        assert not image.getexif(), "EXIF served"
        assert not image.getexif().get_ifd(GPS_INFO), "a GPS position served"
        assert "exif" not in image.info and "xmp" not in image.info and "comment" not in image.info
        assert b"at home" not in content and b"Spy Camera" not in content
        assert image.info.get("icc_profile") == SRGB  # the colour profile is kept
        rgb = image.convert("RGB")
        # Upright: taller than wide, the photo's left (red) now on top, its right (blue) below.
        assert rgb.height > rgb.width
        top, bottom = (
            rgb.getpixel((rgb.width // 2, 5)),
            rgb.getpixel((rgb.width // 2, rgb.height - 5)),
        )
        assert isinstance(top, tuple) and isinstance(bottom, tuple)
        assert top[0] > 200 and top[2] < 60 and bottom[2] > 200 and bottom[0] < 60


def addresses_in(text: str) -> set[str]:
    return {match.rstrip(".") for match in ADDRESS.findall(text)}


def served(client: Client, address: str):
    answer = client.get(address)
    return answer, (answer.getvalue() if answer.status_code == 200 else b"")


@needs("services")  # a service's page prints the picture three ways (cover, description, SEO card)
def test_a_photo_with_a_gps_position_is_never_served_with_it_nor_its_original_at_any_address(
    media, private_files, make_user
):
    from tests.services.conftest import make_service

    editor = Client()
    editor.force_login(make_user("core.pictures.manage"))
    photo = camera_jpeg()
    answer = editor.post("/api/cms/pictures", {"file": SimpleUploadedFile("home.jpg", photo, "image/jpeg")})
    assert answer.status_code == 201, answer.content
    key = answer.json()["key"]
    assert (answer.json()["width"], answer.json()["height"]) == (800, 1200)  # upright
    make_service(
        "Garden design",
        "garden-design",
        cover=key,
        description={"en": f'<p>Our plan.</p><img data-picture="{key}" alt="">'},
        seo={"image": key},
    )
    printed = "\n".join(
        [
            answer.content.decode(),
            editor.get(f"/api/cms/pictures/{key}").content.decode(),
            editor.get("/api/cms/pictures").content.decode(),
            Client().get("/services/garden-design").content.decode(),
        ]
    )
    addresses = addresses_in(printed)
    assert addresses, "the page and the answers print the renditions"
    digest = hashlib.sha256(photo).hexdigest()[:16]
    derived = {re.sub(r"-\d+w(\.\w+)$", r"\1", address) for address in addresses}
    old_original = f"/media/pictures/{key}/{digest}.jpg"
    visitor = Client()
    for address in addresses:
        response, content = served(visitor, address)
        assert response.status_code == 200, address
        assert_stripped_and_upright(content)
    for address in {*derived, old_original} - addresses:
        assert served(visitor, address)[0].status_code == 404, address
    # The original is on the private storage only, exactly as uploaded; nothing in the media root.
    picture = Picture.objects.get(key=key)
    assert stored_files(private_files) == {picture.file.name}
    assert (private_files / picture.file.name).read_bytes() == photo
    assert stored_files(media) == set(picture.rendition_names())
    with pytest.raises(ValueError):
        storages["private"].url(picture.file.name)


def test_an_animated_webp_gets_a_stripped_moving_rendition_instead_of_its_original(media):
    frames = [Image.new("RGB", (200, 100), colour) for colour in (RED, BLUE, RED)]
    exif = Image.Exif()
    exif[MAKE] = "Spy Camera"
    out = io.BytesIO()
    frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], duration=80, loop=0, exif=exif)
    picture = create_picture(
        actor=None, values={"file": SimpleUploadedFile("spin.webp", out.getvalue(), "image/webp")}
    )
    (rendition,) = picture.renditions
    content = (media / rendition["name"]).read_bytes()
    assert b"Spy Camera" not in content
    with Image.open(io.BytesIO(content)) as shown:
        assert shown.format == "WEBP" and shown.n_frames == 3 and not shown.getexif()


def test_pictures_remake_moves_an_older_sites_originals_out_of_the_media_and_strips_its_renditions(
    media, private_files, django_capture_on_commit_callbacks
):
    picture = create_picture(
        actor=None, values={"file": SimpleUploadedFile("home.jpg", camera_jpeg(), "image/jpeg")}
    )
    # As a site before the private storage kept it: the original in the media storage, and a
    # rendition that still carried the camera's metadata.
    original = picture.file.name
    storages["default"].save(original, ContentFile((private_files / original).read_bytes()))
    storages["private"].delete(original)
    for name in picture.rendition_names():
        storages["default"].delete(name)
    leaky = storages["default"].save(f"pictures/{picture.key}/0ld-640w.jpg", ContentFile(camera_jpeg()))
    Picture.objects.filter(pk=picture.pk).update(renditions=[{"width": 640, "height": 960, "name": leaky}])

    call_command("pictures_remake", "--dry-run", stdout=io.StringIO())
    assert (media / original).exists() and not (private_files / original).exists()

    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("pictures_remake", stdout=out)
    assert "Remade 1 pictures." in out.getvalue()
    picture.refresh_from_db()
    assert not (media / original).exists() and (private_files / picture.file.name).exists()
    assert stored_files(media) == set(picture.rendition_names()) and leaky not in stored_files(media)
    for name in picture.rendition_names():
        assert_stripped_and_upright((media / name).read_bytes())


def test_a_private_storage_inside_the_public_media_folder_stops_start_up(settings, tmp_path):
    from frontdesk.core.checks import check_private_storage_is_private

    assert check_private_storage_is_private() == []
    settings.MEDIA_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "private": {**settings.STORAGES["private"], "OPTIONS": {"location": tmp_path / "private"}},
    }
    (error,) = check_private_storage_is_private()
    assert error.id == "frontdesk.E004" and "MEDIA_ROOT" in error.msg
