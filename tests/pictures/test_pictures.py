"""The picture library's rules (pictures): upload with renditions, alt per language, replacing
the file under the same key, refusing what is not a picture, deletion refused while in use,
`resolve_pictures` in one query, and the log."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from PIL import Image

from frontdesk.core import log
from frontdesk.core.errors import InUse, NotFound
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import (
    create_picture,
    purge_picture,
    update_picture,
    update_picture_file,
)
from frontdesk.pictures.queries import picture_named, pictures, resolve_pictures
from tests.picture_files import image_bytes, picture_file, stored_files
from tests.testapp.models import Poster

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_upload_gets_a_key_its_size_and_renditions_never_wider_than_the_original(media, private_files):
    picture = create_picture(actor=None, values={"file": picture_file(1000, 500)})
    assert len(picture.key) == 12 and picture.key.isalnum()
    assert (picture.width, picture.height, picture.format) == (1000, 500, "jpeg")
    assert picture.name == "holiday photo"
    assert [(item["width"], item["height"]) for item in picture.renditions] == [
        (320, 160), (640, 320), (960, 480), (1000, 500),
    ]  # fmt: skip
    for item in picture.renditions:
        with Image.open(media / item["name"]) as image:
            assert image.format == "JPEG" and image.size == (item["width"], item["height"])
    assert stored_files(media) == set(picture.rendition_names())
    assert stored_files(private_files) == {picture.file.name}


def test_a_large_picture_is_rendered_up_to_1920_and_a_small_one_at_its_own_width(media):
    large = create_picture(actor=None, values={"file": picture_file(2400, 1200, "PNG")})
    assert [item["width"] for item in large.renditions] == [320, 640, 960, 1280, 1920]
    assert all(item["name"].endswith(".png") for item in large.renditions)
    small = create_picture(actor=None, values={"file": picture_file(200, 100, "WEBP")})
    assert [item["width"] for item in small.renditions] == [200]
    assert small.renditions[0]["name"].endswith(".webp")


def test_renditions_are_upright_and_carry_no_camera_metadata(media):
    exif = Image.Exif()
    exif[0x0112] = 6  # orientation: turned 90° clockwise
    exif[0x010F] = "Spy Camera Co"
    upload = SimpleUploadedFile("turned.jpg", image_bytes(400, 200, exif=exif.tobytes()), "image/jpeg")
    picture = create_picture(actor=None, values={"file": upload})
    assert (picture.width, picture.height) == (200, 400)
    with Image.open(media / picture.renditions[-1]["name"]) as image:
        assert image.size == (200, 400)
        assert not image.getexif()


@pytest.mark.parametrize(
    ("content", "name"),
    [
        (b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\n", "report.pdf"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.svg"),
        (b"", "empty.jpg"),
        (image_bytes(400, 300)[:300], "truncated.jpg"),
        (image_bytes(40, 30, "BMP"), "old.bmp"),
    ],
)
def test_a_file_that_is_not_a_picture_the_library_takes_is_refused_under_file(media, content, name):
    with pytest.raises(ValidationError) as refused:
        create_picture(actor=None, values={"file": SimpleUploadedFile(name, content, "image/jpeg")})
    assert list(refused.value.message_dict) == ["file"]
    assert not Picture.objects.exists() and stored_files(media) == set()


def test_a_decompression_bomb_is_refused_before_it_is_decoded(media, settings):
    # 20,000 × 20,000 pixels of one colour: a few hundred kilobytes as PNG, 1.6 GB decoded.
    out = io.BytesIO()
    Image.new("1", (20_000, 20_000)).save(out, "PNG")
    assert len(out.getvalue()) < 2_000_000
    with pytest.raises(ValidationError) as refused:
        create_picture(
            actor=None, values={"file": SimpleUploadedFile("bomb.png", out.getvalue(), "image/png")}
        )
    assert refused.value.message_dict == {"file": ["The picture has more than 50 million pixels."]}


def test_a_file_over_the_size_limit_is_refused(media, settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "pictures": {"max_bytes": 1000}}
    with pytest.raises(ValidationError) as refused:
        create_picture(actor=None, values={"file": picture_file(600, 600, quality=100)})
    assert refused.value.message_dict == {"file": ["The file is larger than 1000\xa0bytes."]}


def test_alt_text_is_kept_per_language_and_a_save_naming_one_language_keeps_the_others(media):
    picture = create_picture(
        actor=None, values={"file": picture_file(), "name": "Harbour", "alt": {"en": "Boats", "de": "Boote"}}
    )
    update_picture(picture, actor=None, values={"alt": {"de": "Schiffe"}})
    assert picture_named(picture.key).alt == {"en": "Boats", "de": "Schiffe"}
    update_picture(picture, actor=None, values={"alt": {"en": ""}})
    assert picture_named(picture.key).alt == {"de": "Schiffe"}
    with pytest.raises(ValidationError) as refused:
        update_picture(picture, actor=None, values={"alt": {"fr": "Bateaux"}})
    assert list(refused.value.message_dict) == ["alt"]
    with pytest.raises(ValidationError) as refused:
        update_picture(picture, actor=None, values={"name": "x" * 201})
    assert list(refused.value.message_dict) == ["name"]


def test_replacing_the_file_keeps_the_key_makes_new_renditions_and_removes_the_old_files(
    media, private_files
):
    picture = create_picture(actor=None, values={"file": picture_file(1000, 500), "alt": {"en": "Boats"}})
    old_files = set(picture.rendition_names())
    old_url = resolve_pictures([picture.key])[picture.key].url

    replaced = update_picture_file(
        picture, actor=None, values={"file": picture_file(700, 700, "PNG", colour=(1, 2, 3))}
    )
    assert replaced.key == picture.key and replaced.alt == {"en": "Boats"}
    assert (replaced.width, replaced.height, replaced.format) == (700, 700, "png")
    assert [item["width"] for item in replaced.renditions] == [320, 640, 700]
    assert stored_files(media) == set(replaced.rendition_names())
    assert stored_files(private_files) == {replaced.file.name}
    assert not old_files & stored_files(media)
    assert resolve_pictures([picture.key])[picture.key].url != old_url


def test_a_refused_replacement_changes_nothing(media):
    picture = create_picture(actor=None, values={"file": picture_file()})
    before = stored_files(media)
    with pytest.raises(ValidationError):
        update_picture_file(picture, actor=None, values={"file": SimpleUploadedFile("a.txt", b"hello")})
    assert stored_files(media) == before
    assert picture_named(picture.key).renditions == picture.renditions


def test_a_picture_in_use_is_not_deleted_and_the_refusal_says_how_often_and_where(media):
    picture = create_picture(actor=None, values={"file": picture_file()})
    Poster.objects.create(title="Summer fair", cover=picture.key)
    Poster.objects.create(
        title="Winter fair", body={"de": f'<p>Hallo</p><img data-picture="{picture.key}" alt="">'}
    )
    Poster.objects.create(title="Other", cover="somethingelse")
    with pytest.raises(InUse) as refused:
        purge_picture(picture, actor=None)
    assert str(refused.value) == "This picture is used in 2 places; take it out there first."
    assert refused.value.count == 2
    assert refused.value.uses == ["Posters: Summer fair", "Posters: Winter fair"]
    assert Picture.objects.filter(key=picture.key).exists()
    assert stored_files(media) == set(picture.rendition_names())


def test_deleting_a_picture_nobody_uses_removes_it_and_its_files_and_it_drops_out_of_resolve(
    media, private_files
):
    picture = create_picture(actor=None, values={"file": picture_file()})
    purge_picture(picture, actor=None)
    assert stored_files(media) == set() and stored_files(private_files) == set()
    assert resolve_pictures([picture.key]) == {}
    with pytest.raises(NotFound):
        picture_named(picture.key)


def test_changes_are_logged_with_the_account(media, make_user):
    editor = make_user("core.pictures.manage")
    picture = create_picture(actor=editor, values={"file": picture_file(), "name": "Harbour"})
    update_picture(picture, actor=editor, values={"alt": {"en": "Boats"}})
    update_picture(picture, actor=editor, values={"alt": {"en": "Boats"}})  # nothing changes: no line
    update_picture_file(picture, actor=editor, values={"file": picture_file(300, 300)})
    lines = list(log.log_of(picture))
    assert [line.action for line in lines] == ["picture.created", "picture.changed", "picture.replaced"]
    assert all(line.actor == editor for line in lines)
    assert lines[1].changes == {"alt": [{}, {"en": "Boats"}]}
    assert lines[2].changes == {"width": [800, 300], "height": [600, 300], "bytes": lines[2].changes["bytes"]}
    purge_picture(picture, actor=editor)
    assert log.log_of(picture).last().action == "picture.deleted"


def test_an_account_without_the_permission_changes_nothing(media, make_user):
    picture = create_picture(actor=None, values={"file": picture_file()})
    stranger = make_user()
    for attempt in (
        lambda: create_picture(actor=stranger, values={"file": picture_file()}),
        lambda: update_picture(picture, actor=stranger, values={"name": "Mine"}),
        lambda: update_picture_file(picture, actor=stranger, values={"file": picture_file()}),
        lambda: purge_picture(picture, actor=stranger),
    ):
        with pytest.raises(PermissionDenied):
            attempt()
    assert Picture.objects.get().name == "holiday photo"


def test_resolve_pictures_is_one_query_for_one_or_ten_keys_and_leaves_out_unknown_ones(media):
    keys = [
        create_picture(
            actor=None, values={"file": picture_file(400, 200), "alt": {"en": f"P{n}", "de": f"B{n}"}}
        ).key
        for n in range(10)
    ]
    for wanted in (keys[:1], keys):
        with CaptureQueriesContext(connection) as queries:
            found = resolve_pictures([*wanted, "nope", "<bad key>"], language="de")
        assert len(queries) == 1
        assert sorted(found) == sorted(wanted)
    view = found[keys[3]]
    assert view.alt == "B3" and (view.width, view.height) == (400, 200)
    assert view.url.startswith("/media/pictures/") and view.url.endswith("-400w.jpg")
    assert view.srcset == ", ".join(
        f"/media/{item['name']} {item['width']}w" for item in picture_named(keys[3]).renditions
    )
    with CaptureQueriesContext(connection) as queries:
        assert resolve_pictures(["nope!", ""]) == {}
    assert len(queries) == 0


def test_an_animated_gif_keeps_moving_in_a_rendition_of_its_own_and_its_original_is_not_shown(media):
    frames = [Image.new("RGB", (120, 80), colour) for colour in ((255, 0, 0), (0, 255, 0), (0, 0, 255))]
    out = io.BytesIO()
    frames[0].save(
        out, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0, comment=b"secret"
    )
    picture = create_picture(
        actor=None, values={"file": SimpleUploadedFile("spin.gif", out.getvalue(), "image/gif")}
    )
    (rendition,) = picture.renditions
    view = resolve_pictures([picture.key])[picture.key]
    assert view.url == f"/media/{rendition['name']}" and view.url != f"/media/{picture.file.name}"
    with Image.open(media / rendition["name"]) as shown:
        assert shown.format == "GIF" and shown.n_frames == 3 and "comment" not in shown.info


def test_the_search_reads_the_name_every_alt_text_and_the_key(media):
    harbour = create_picture(
        actor=None,
        values={"file": picture_file(), "name": "Harbour at dawn", "alt": {"de": "Boote im Hafen"}},
    )
    create_picture(actor=None, values={"file": picture_file(), "name": "Market", "alt": {"en": "Stalls"}})
    assert list(pictures("harbour")) == [harbour]
    assert list(pictures("HAFEN boote")) == [harbour]
    assert list(pictures(harbour.key)) == [harbour]
    assert list(pictures("harbour stalls")) == []
    assert pictures().count() == 2
