"""Translated values: one helper, one documented fallback rule, validation against the site's languages."""

from __future__ import annotations

import hypothesis
import pytest
from django.core.exceptions import ValidationError
from django.test import override_settings
from django.utils import translation
from hypothesis import strategies as st

from frontdesk.core.fields import TranslatedField, merge_translations, validate_translations
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


# --- saving a translated value: the languages sent change, the others stay ----------------------


def test_a_save_changes_the_languages_it_names_and_keeps_the_others():
    stored = {"en": "Your name", "de": "Ihr Name", "ru": "Ваше имя"}
    assert merge_translations(stored, {"en": "Full name"}) == {
        "en": "Full name",
        "de": "Ihr Name",
        "ru": "Ваше имя",
    }
    assert merge_translations(stored, {}) == stored
    assert merge_translations({}, {"de": "  Kontakt "}) == {"de": "Kontakt"}


@pytest.mark.parametrize("removal", ["", "   ", None])
def test_an_empty_text_or_null_removes_only_its_language(removal):
    stored = {"en": "Your name", "de": "Ihr Name", "ru": "Ваше имя"}
    assert merge_translations(stored, {"de": removal}) == {"en": "Your name", "ru": "Ваше имя"}


def test_a_plain_string_is_the_text_of_the_sites_default_language(settings):
    stored = {"en": "Your name", "de": "Ihr Name"}
    assert merge_translations(stored, "Full name") == {"en": "Full name", "de": "Ihr Name"}
    assert merge_translations(stored, "") == {"de": "Ihr Name"}
    settings.LANGUAGES, settings.LANGUAGE_CODE = [("de", "German"), ("en", "English")], "de"
    assert merge_translations(stored, "Vollständiger Name") == {"en": "Your name", "de": "Vollständiger Name"}


def test_null_for_the_whole_value_removes_every_language():
    assert merge_translations({"en": "Hint", "de": "Hinweis"}, None) == {}


def test_a_required_value_left_without_any_language_is_refused():
    with pytest.raises(ValidationError) as caught:
        merge_translations({"en": "Contact", "de": "Kontakt"}, {"en": "", "de": None}, required=True)
    assert caught.value.messages == ["Give a text in at least one language."]
    assert merge_translations({"en": "Contact", "de": "Kontakt"}, {"en": ""}, required=True) == {
        "de": "Kontakt"
    }


@pytest.mark.parametrize(
    ("sent", "words"),
    [
        (["en", "Contact"], "Give a text per language, as an object."),
        ({"fr": "Contact"}, "Unknown language: fr."),
        ({"fr": None}, "Unknown language: fr."),
        ({"en": 42}, "Each translation must be text."),
        ({"en": ["Contact"]}, "Each translation must be text."),
    ],
)
def test_a_save_naming_an_unknown_language_or_no_text_is_refused(sent, words):
    with pytest.raises(ValidationError) as caught:
        merge_translations({"en": "Contact"}, sent)
    assert caught.value.messages == [words]


LANGUAGES = st.sampled_from(["en", "de", "ru"])
TEXTS = st.one_of(st.none(), st.sampled_from(["", " ", "\t"]), st.text(min_size=1, max_size=8))
STORED = st.dictionaries(LANGUAGES, st.text(min_size=1, max_size=8).map(str.strip).filter(bool))
SENT = st.dictionaries(LANGUAGES, TEXTS)


@hypothesis.settings(max_examples=200, deadline=None)
@hypothesis.given(stored=STORED, sent=SENT)
def test_merging_changes_exactly_the_languages_sent(stored, sent):
    merged = merge_translations(stored, sent)

    for code in ("en", "de", "ru"):
        if code not in sent:
            assert merged.get(code) == stored.get(code)  # not named: kept as it was
        elif (sent[code] or "").strip():
            assert merged[code] == sent[code].strip()  # named with a text: that text
        else:
            assert code not in merged  # named empty or null: removed
    assert all(merged.values())  # never an empty text stored
    assert merge_translations(merged, sent) == merged  # saving the same again changes nothing
    assert merge_translations(stored, {}) == stored  # naming nothing keeps everything
