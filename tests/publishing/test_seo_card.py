"""The SEO card (publishing/seo_card.py): a save merges by language and keeps what it leaves out, bad
values are refused under their names, the model judges the stored shape, the page's head shows
the card with the SEO settings as fallback, and the panel card sends what the input takes."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.test import Client

from frontdesk.core.errors import InUse
from frontdesk.pictures.operations import create_picture, purge_picture
from frontdesk.publishing.seo_card import SeoCardIn, card_controls, clean_seo_card, empty_card, read_card
from frontdesk.sitesettings.groups import SEO
from frontdesk.sitesettings.operations import update_group
from tests.picture_files import picture_file
from tests.testapp.models import Brochure

STORED = {
    "title": {"en": "Harbour tours", "de": "Hafenrundfahrten"},
    "description": {"en": "Boats every hour."},
    "image": "harbour-7",
    "noindex": False,
}


def refusal(given, stored=STORED) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as refused:
        clean_seo_card(given, stored=stored)
    return refused.value.message_dict


def test_a_save_changes_the_languages_it_names_and_keeps_everything_it_leaves_out():
    card = clean_seo_card({"title": {"de": "Rundfahrten", "en": None}}, stored=STORED)
    assert card == {**STORED, "title": {"de": "Rundfahrten"}}
    assert clean_seo_card(SeoCardIn(noindex=True), stored=STORED) == {**STORED, "noindex": True}
    assert clean_seo_card(None, stored=STORED) == STORED


def test_the_image_is_replaced_or_removed_only_when_named(db, media):
    quay = create_picture(actor=None, values={"file": picture_file()}).key
    assert clean_seo_card({"image": quay}, stored=STORED)["image"] == quay
    assert clean_seo_card({"image": None}, stored=STORED)["image"] is None
    assert clean_seo_card({"image": ""}, stored=STORED)["image"] is None  # the panel's emptied box
    assert clean_seo_card({"description": "Hourly."}, stored=STORED)["image"] == "harbour-7"


def test_a_row_without_a_card_reads_as_the_empty_card():
    assert read_card(None) == empty_card() == read_card({})
    assert clean_seo_card({"title": "Tours"}, stored=None) == {**empty_card(), "title": {"en": "Tours"}}


@pytest.mark.parametrize(
    ("given", "key", "message"),
    [
        ({"title": {"en": "x" * 101}}, "seo.title", "At most 100 characters."),
        ({"description": {"de": "x" * 301}}, "seo.description", "At most 300 characters."),
        ({"title": {"xx": "Tours"}}, "seo.title", "Unknown language: xx."),
    ],
)
def test_bad_values_are_refused_under_their_names(given, key, message):
    assert refusal(given) == {key: [message]}


def test_an_unknown_key_or_a_wrong_type_is_refused_under_the_cards_name():
    assert set(refusal({"colour": "red"})) == {"seo.colour"}
    assert set(refusal({"noindex": "perhaps"})) == {"seo.noindex"}
    assert set(refusal({"image": "k" * 33})) == {"seo.image"}
    assert set(refusal({"image": "no such/key"})) == {"seo.image"}


@pytest.mark.django_db
def test_the_model_stores_an_empty_card_and_refuses_a_bad_shape():
    brochure = Brochure.objects.create(title={"en": "Tours"})
    assert Brochure.objects.get(pk=brochure.pk).seo == empty_card()
    brochure.seo = {"title": {"en": "x" * 101}, "image": 7, "noindex": "yes", "colour": "red"}
    with pytest.raises(ValidationError) as refused:
        brochure.full_clean()
    assert "Name a picture of the library by its key." in refused.value.message_dict["seo"]
    brochure.seo = clean_seo_card({"title": {"en": "Tours by boat"}}, stored=brochure.seo)
    brochure.full_clean()


def head(html: str) -> str:
    return html.partition("</head>")[0]


@pytest.mark.django_db
@pytest.mark.urls("tests.testapp.urls")
def test_the_page_shows_the_cards_title_and_description_over_its_own(client: Client):
    update_group(
        SEO, actor=None, values={"site_name": {"en": "Harbour"}, "meta_description": {"en": "Boats."}}
    )
    brochure = Brochure.objects.create(title={"en": "Tours", "de": "Touren"})
    page = head(client.get(f"/test-brochures/{brochure.pk}/").content.decode())
    assert "<title>Tours · Harbour</title>" in page  # no card: the row's own title
    assert '<meta name="description" content="Boats.">' in page  # and the group's description
    brochure.seo = clean_seo_card({**STORED, "image": None}, stored=None)
    brochure.save()
    page = head(client.get(f"/test-brochures/{brochure.pk}/").content.decode())
    assert "<title>Harbour tours · Harbour</title>" in page
    assert '<meta name="description" content="Boats every hour.">' in page
    german = head(client.get(f"/de/test-brochures/{brochure.pk}/").content.decode())
    assert "<title>Hafenrundfahrten · Harbour</title>" in german


@pytest.mark.django_db
@pytest.mark.urls("tests.testapp.urls")
def test_a_card_asking_for_noindex_keeps_the_page_out_of_search_engines(client: Client):
    brochure = Brochure.objects.create(title={"en": "Tours"}, seo={**empty_card(), "noindex": True})
    response = client.get(f"/test-brochures/{brochure.pk}/")
    assert response["X-Robots-Tag"] == "noindex"
    assert '<meta name="robots" content="noindex">' in response.content.decode()


@pytest.mark.django_db  # the card shows its picture: one read of the library
def test_the_panel_card_names_its_controls_as_the_input_takes_them():
    html = render_to_string("panel/_seo_card.html", {"seo": card_controls(STORED)})
    names = set(re.findall(r'name="([^"]+)"', html))
    assert names == {
        "seo.title.en", "seo.title.de", "seo.title.ru",
        "seo.description.en", "seo.description.de", "seo.description.ru",
        "seo.image", "seo.noindex",
    }  # fmt: skip
    assert 'value="Hafenrundfahrten"' in html and 'value="harbour-7"' in html
    assert 'maxlength="100"' in html and 'maxlength="300"' in html
    for key in ("seo.title", "seo.description", "seo.image", "seo.noindex"):
        assert f'data-error-key="{key}"' in html
    # Every control has a label; the picture's key is carried by a hidden input the picker fills.
    assert re.search(r'<input type="hidden" name="seo.image" value="harbour-7"', html)
    assert "Choose a picture…" in html
    for control_id in re.findall(r'<(?:input|textarea)[^>]*\bid="([^"]+)"', html):
        assert f'for="{control_id}"' in html or control_id == ""
    assert 'type="checkbox" name="seo.noindex"' in html  # wrapped in its label


def test_what_the_panel_sends_is_a_valid_input():
    sent = {
        "title": {"en": "Tours", "de": "", "ru": ""},
        "description": {"en": "", "de": "", "ru": ""},
        "image": None,
        "noindex": False,
    }
    assert clean_seo_card(sent, stored=STORED) == {
        "title": {"en": "Tours"},
        "description": {},
        "image": None,
        "noindex": False,
    }


# --- The social image: a picture of the library ---------------------------------------------------


def meta(html: str, name: str) -> str | None:
    found = re.search(rf'<meta (?:property|name)="{re.escape(name)}" content="([^"]*)">', html)
    return found[1] if found else None


def test_a_key_that_names_no_picture_is_refused_under_seo_image(db, media):
    assert refusal({"image": "nosuchpicture"}) == {
        "seo.image": ["There is no picture nosuchpicture in the library."]
    }


@pytest.mark.urls("tests.testapp.urls")
def test_the_cards_picture_is_the_shared_links_image_with_its_size_and_alt(client: Client, db, media):
    picture = create_picture(
        actor=None, values={"file": picture_file(1200, 800), "alt": {"en": "Boats at dawn"}}
    )
    brochure = Brochure.objects.create(title={"en": "Tours"})
    brochure.seo = clean_seo_card({"image": picture.key}, stored=None)
    brochure.save()
    page = head(client.get(f"/test-brochures/{brochure.pk}/").content.decode())
    image = meta(page, "og:image")
    assert image.startswith("http://testserver/media/pictures/") and image.endswith("-1200w.jpg")
    assert (meta(page, "og:image:width"), meta(page, "og:image:height")) == ("1200", "800")
    assert meta(page, "og:image:alt") == "Boats at dawn" == meta(page, "twitter:image:alt")
    assert meta(page, "twitter:image") == image
    assert meta(page, "twitter:card") == "summary_large_image"


@pytest.mark.urls("tests.testapp.urls")
def test_the_seo_groups_default_image_shows_where_a_page_has_none_and_a_card_wins(client: Client, db, media):
    default = create_picture(actor=None, values={"file": picture_file(640, 480)})
    own = create_picture(actor=None, values={"file": picture_file(800, 600)})
    brochure = Brochure.objects.create(title={"en": "Tours"})
    assert meta(head(client.get("/").content.decode()), "og:image") is None
    assert meta(head(client.get("/").content.decode()), "twitter:card") == "summary"
    update_group(SEO, actor=None, values={"social_image": default.key})
    for path in ("/", f"/test-brochures/{brochure.pk}/"):
        page = head(client.get(path).content.decode())
        assert f"/pictures/{default.key}/" in (meta(page, "og:image") or ""), path
        assert meta(page, "og:image:width") == "640"
    brochure.seo = clean_seo_card({"image": own.key}, stored=None)
    brochure.save()
    page = head(client.get(f"/test-brochures/{brochure.pk}/").content.decode())
    assert f"/pictures/{own.key}/" in (meta(page, "og:image") or "")


def test_the_default_image_must_be_a_picture_of_the_library(db, media):
    with pytest.raises(ValidationError) as refused:
        update_group(SEO, actor=None, values={"social_image": "nosuchpicture"})
    assert refused.value.message_dict == {
        "social_image": ["There is no picture nosuchpicture in the library."]
    }


def test_a_picture_on_an_seo_card_or_as_the_default_image_is_in_use_and_not_deleted(db, media):
    on_card = create_picture(actor=None, values={"file": picture_file()})
    as_default = create_picture(actor=None, values={"file": picture_file()})
    Brochure.objects.create(title={"en": "Tours"}, seo=clean_seo_card({"image": on_card.key}, stored=None))
    update_group(SEO, actor=None, values={"social_image": as_default.key})
    with pytest.raises(InUse) as refused:
        purge_picture(on_card, actor=None)
    assert refused.value.uses == ["Brochures: Tours"]
    with pytest.raises(InUse) as refused:
        purge_picture(as_default, actor=None)
    assert refused.value.uses == ["Settings: SEO: Default social image"]
    update_group(SEO, actor=None, values={"social_image": None})
    purge_picture(as_default, actor=None)


def test_the_seo_settings_screen_offers_the_picker_for_the_default_image(admin_client, media):
    picture = create_picture(actor=None, values={"file": picture_file(640, 480), "alt": {"en": "Quay"}})
    update_group(SEO, actor=None, values={"social_image": picture.key})
    html = admin_client.get("/cms/settings/seo/").content.decode()
    assert re.search(rf'<input type="hidden" name="values.social_image" value="{picture.key}"', html)
    assert 'data-error-key="social_image"' in html and "Choose a picture…" in html
    assert re.search(r'<img class="fd-picture-field-preview" src="/media/pictures/[^"]+" width="640"', html)
