"""Galleries (pictures/gallery.py): an ordered list of library pictures, the first the cover, judged
on the way in, a use of each picture it holds (drafts included), and its panel control; through the
test app's albums, a versioned model declaring `photos = GalleryField()` and nothing else."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string

from frontdesk.core.errors import InUse
from frontdesk.pictures.controls import gallery_control
from frontdesk.pictures.gallery import MAX_GALLERY, clean_gallery, gallery_cover, gallery_pictures
from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture, purge_picture
from frontdesk.publishing import versions
from tests.picture_files import picture_file
from tests.testapp.models import Album

pytestmark = pytest.mark.django_db


@pytest.fixture
def three(media) -> list[Picture]:
    return [
        create_picture(actor=None, values={"file": picture_file(), "alt": {"en": alt}})
        for alt in ("Lake", "Hill", "Camp")
    ]


def test_a_gallery_keeps_the_chosen_order_and_its_first_picture_is_the_cover(three):
    lake, hill, camp = three
    keys = clean_gallery([camp.key, lake.key, camp.key, hill.key], field="photos")
    assert keys == [camp.key, lake.key, hill.key]  # a repeat dropped, the first place kept
    album = Album.objects.create(title="Summer", photos=keys)
    album.refresh_from_db()
    assert [view.alt for view in gallery_pictures(album.photos, language="en")] == ["Camp", "Lake", "Hill"]
    cover = gallery_cover(album.photos, language="en")
    assert cover is not None and cover.key == camp.key
    assert gallery_cover([]) is None


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("abc", "Give a list of picture keys."),
        ([7], "7 is not a picture key."),
        (["no spaces here"], "no spaces here is not a picture key."),
        (["nosuchpicture"], "There is no picture nosuchpicture in the library."),
        (["k"] * (MAX_GALLERY + 1), f"A gallery holds at most {MAX_GALLERY} pictures."),
    ],
)
def test_what_is_not_a_gallery_of_the_library_is_refused_under_the_field(given, message):
    with pytest.raises(ValidationError) as caught:
        clean_gallery(given, field="photos")
    assert caught.value.message_dict == {"photos": [message]}


def test_a_versioned_holder_judges_its_gallery_on_save(three):
    lake, _, _ = three
    album = Album.objects.create(title="Summer")
    with pytest.raises(ValidationError) as caught:
        versions.save_draft(None, album, values={"photos": [lake.key, "gone"]}, revision=album.revision)
    assert caught.value.message_dict == {"photos": ["There is no picture gone in the library."]}


def test_a_picture_in_a_gallery_or_in_a_gallery_s_draft_refuses_deletion_until_taken_out(three):
    lake, hill, camp = three
    summer = versions.publish(None, Album.objects.create(title="Summer", photos=[lake.key, hill.key]))
    summer = versions.save_draft(None, summer, values={"photos": [camp.key]}, revision=summer.revision)
    for picture in (lake, camp):  # published, then waiting in the draft only
        with pytest.raises(InUse) as refused:
            purge_picture(picture, actor=None)
        assert refused.value.uses == ["Albums: Summer"]
    summer = versions.publish(None, summer, revision=summer.revision)
    purge_picture(lake, actor=None)  # out of the gallery now: it may go
    assert not Picture.objects.filter(key=lake.key).exists()
    with pytest.raises(InUse):
        purge_picture(camp, actor=None)


def test_the_control_lists_the_pictures_in_order_with_the_cover_first_and_sends_their_keys(three):
    lake, hill, _ = three
    html = render_to_string(
        "panel/_gallery_field.html",
        {
            "control": gallery_control(
                [hill.key, lake.key, "gone"], id="photos", name="photos", label="Photos"
            )
        },
    )
    items = re.findall(r'<li data-id="([^"]+)"', html)
    assert items == [hill.key, lake.key, "gone"]
    selected = re.findall(r'<option value="([^"]+)" selected>', html)
    assert selected == [hill.key, lake.key, "gone"]  # formData() sends the list in this order
    assert '<select name="photos" multiple hidden data-error-key="photos" data-gallery-keys>' in html
    assert html.count("data-gallery-cover>") == 1 and html.count("data-gallery-cover hidden>") == 2
    assert "This picture is no longer in the library. (gone)" in html
    assert "frontdesk/js/gallery-field.js" in html
