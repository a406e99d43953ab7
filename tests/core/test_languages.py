"""Translated values: one helper, one documented fallback rule, validation against the site's languages."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import override_settings
from django.utils import translation

from frontdesk.core.fields import TranslatedField, validate_translations
from frontdesk.core.languages import is_site_language, site_language_codes, translate


def test_the_site_ships_english_german_and_russian_by_default():
    assert site_language_codes() == ["en", "de", "ru"]


def test_translate_picks_the_requested_language():
    assert translate({"en": "Contact", "de": "Kontakt", "ru": "Контакт"}, "de") == "Kontakt"


def test_translate_falls_back_to_the_default_language_then_any_other():
    assert translate({"en": "Contact", "de": ""}, "de") == "Contact"
    assert translate({"ru": "Контакт"}, "de") == "Контакт"
    assert translate({}, "de") == ""
    assert translate(None) == ""


def test_translate_uses_the_active_language_when_none_is_given():
    with translation.override("ru"):
        assert translate({"en": "Contact", "ru": "Контакт"}) == "Контакт"


def test_translate_accepts_a_regional_variant_of_a_site_language():
    assert translate({"en": "Colour", "de": "Farbe"}, "de-at") == "Farbe"


@override_settings(LANGUAGES=[("de", "German"), ("en", "English")], LANGUAGE_CODE="de")
def test_the_fallback_follows_the_configured_default_language():
    assert translate({"en": "Contact", "de": "Kontakt"}, "ru") == "Kontakt"


def test_is_site_language_refuses_unknown_and_empty_codes():
    assert is_site_language("ru")
    assert not is_site_language("fr")
    assert not is_site_language("")
    assert not is_site_language(None)


@pytest.mark.parametrize(
    "value",
    [["en", "Contact"], {"fr": "Contact"}, {"en": 42}, "Contact"],
)
def test_translated_values_must_be_text_per_known_language(value):
    with pytest.raises(ValidationError):
        validate_translations(value)


def test_a_required_translated_field_needs_one_text():
    field = TranslatedField(required=True)
    with pytest.raises(ValidationError):
        field.clean({"en": "", "de": ""}, None)
    assert field.clean({"de": "Kontakt"}, None) == {"de": "Kontakt"}
