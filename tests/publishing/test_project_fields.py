"""Project fields in the host: a site's patch lists checked at start-up with one line, and each
type's judgement and stored shape (publishing/project_fields/). The inbox's form editor is the screen;
the doors are tested in tests/inbox/test_project_fields.py."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import ImproperlyConfigured, ValidationError

from frontdesk.publishing.checks import check_project_field_screens
from frontdesk.publishing.project_fields import FIELD_TYPES, clean_extra, fields_of, listed_extra
from frontdesk.publishing.project_fields.schemas import value_schema
from tests.core.test_settings import run_frontdesk
from tests.project_fields import BUDGET, FORM_EDITOR, TAGLINE, node, project_fields


def refused(patch: dict) -> str:
    with project_fields(patch), pytest.raises(ImproperlyConfigured) as caught:
        fields_of(FORM_EDITOR)
    return str(caught.value)


def clean(patch: dict, value, stored=None):
    with project_fields(patch):
        return clean_extra(FORM_EDITOR, stored or {}, {patch["node"]["name"]: value})


def words(patch: dict, value, stored=None) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        clean(patch, value, stored)
    return caught.value.message_dict


# --- patch lists ------------------------------------------------------------------------------


def test_the_patches_of_a_screen_become_its_fields_in_order():
    with project_fields(BUDGET, TAGLINE):
        fields = fields_of(FORM_EDITOR)
    assert [(field.name, field.type.name, field.localized) for field in fields] == [
        ("budget", "number", False),
        ("tagline", "text", True),
    ]
    assert fields[0].props == {"min": 0, "max": 1_000_000, "decimals": 2}
    assert fields[1].props == {"min_length": 0, "max_length": 40}  # a default filled in


def test_a_screen_without_patches_has_no_fields_and_a_test_leaves_none_behind():
    with project_fields(BUDGET):
        assert fields_of(FORM_EDITOR)
    assert fields_of(FORM_EDITOR) == ()


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"op": "remove"}, "unknown op 'remove' (known: add)"),
        ({"target": "general"}, "unknown target 'general' (known: project-fields)"),
        (
            {"node": {**BUDGET["node"], "type": "money"}},
            "unknown type 'money' (known: text, long_text, number,",
        ),
        ({"node": {**BUDGET["node"], "name": "slug"}}, "the name 'slug' is one of the screen's own values"),
        ({"node": {**BUDGET["node"], "name": "Budget"}}, "name 'Budget' must be a-z, 0-9 and _"),
        ({"node": {**BUDGET["node"], "localized": True}}, "a number field cannot be localized"),
        (
            {"node": {**BUDGET["node"], "props": {"step": 5}}},
            "unknown prop step (this type takes: decimals, max, min)",
        ),
        ({"node": {**BUDGET["node"], "props": {"min": 5, "max": 1}}}, "prop min is above max"),
        ({"node": {**BUDGET["node"], "label": ""}}, "label must be a text or {language code: text}"),
        ({"node": {**BUDGET["node"], "colour": "red"}}, "unknown node key colour"),
        ({"when": "now"}, "unknown patch key when"),
    ],
)
def test_a_bad_patch_is_refused_with_one_line_naming_screen_index_and_reason(change, reason):
    message = refused({**BUDGET, **change})
    assert message.startswith("FRONTDESK['project_fields']['inbox.form-editor'][0]: ")
    assert reason in message and "\n" not in message


def test_a_name_used_twice_on_a_screen_is_refused():
    other = {**TAGLINE, "node": {**TAGLINE["node"], "name": "budget"}}
    with project_fields(BUDGET, other), pytest.raises(ImproperlyConfigured) as caught:
        fields_of(FORM_EDITOR)
    assert str(caught.value) == (
        "FRONTDESK['project_fields']['inbox.form-editor'][1]: the name 'budget' is used twice on this screen."
    )


def test_a_choice_needs_its_choices():
    assert "prop choices must be a non-empty list" in refused(node("size", "choice"))


def test_a_patch_list_for_a_screen_no_app_has_fails_the_system_check(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "project_fields": {"inbox.form-editr": [BUDGET]}}
    [error] = check_project_field_screens()
    assert error.id == "frontdesk.E020" and error.is_serious()
    assert error.msg.startswith(
        "FRONTDESK['project_fields'] names the screen 'inbox.form-editr', which no app has"
    )


def test_a_patch_with_an_unknown_type_stops_start_up_with_one_line():
    patches = {FORM_EDITOR: [BUDGET, {**TAGLINE, "node": {**TAGLINE["node"], "type": "money"}}]}
    result = run_frontdesk("check", FRONTDESK_PROJECT_FIELDS=json.dumps(patches))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    assert result.stderr.startswith(
        "frontdesk: configuration error: FRONTDESK['project_fields']['inbox.form-editor'][1]: unknown type 'money'"
    )


def test_a_good_patch_list_starts_up():
    result = run_frontdesk("check", FRONTDESK_PROJECT_FIELDS=json.dumps({FORM_EDITOR: [BUDGET, TAGLINE]}))
    assert result.returncode == 0, result.stderr


# --- the types: judgement and stored shape --------------------------------------------------------


def test_the_built_in_types_are_registered_and_picture_waits_for_its_library():
    assert FIELD_TYPES.names() == ["text", "long_text", "number", "boolean", "choice", "url", "date"]


@pytest.mark.parametrize(
    ("props", "value", "stored"),
    [
        ({}, 12, 12),
        ({}, 12.0, 12),
        ({"decimals": 2}, 12.5, 12.5),
        ({"decimals": 2}, 0.1, 0.1),
        ({"min": -5}, -5, -5),
    ],
)
def test_a_number_is_stored_as_a_json_number(props, value, stored):
    assert clean(node("size", "number", **props), value) == {"size": stored}


@pytest.mark.parametrize(
    ("props", "value", "message"),
    [
        ({}, True, "Give a number."),
        ({}, "12", "Give a number."),
        ({}, 12.5, "Give a whole number."),
        ({"decimals": 1}, 1.25, "Give a number with at most 1 decimal place."),
        ({"min": 0}, -1, "Give a number of at least 0."),
        ({"max": 10}, 11, "Give a number of at most 10."),
        ({}, 2**53, "Give a number of at most 9007199254740991."),
    ],
)
def test_a_number_outside_its_rules_is_refused_under_its_name(props, value, message):
    assert words(node("size", "number", **props), value) == {"size": [message]}


def test_text_and_long_text_keep_their_length_limits_and_are_trimmed():
    assert clean(node("motto", "text", max_length=5), "  short ") == {"motto": "short"}
    assert words(node("motto", "text", max_length=5), "longer") == {"motto": ["Write at most 5 characters."]}
    assert words(node("motto", "text", min_length=3), "ab") == {"motto": ["Write at least 3 characters."]}
    assert words(node("notes", "long_text"), 5) == {"notes": ["Give a text."]}
    assert clean(node("notes", "long_text"), "line one\nline two") == {"notes": "line one\nline two"}
    assert words(node("notes", "long_text"), "x" * 10_001) == {"notes": ["Write at most 10000 characters."]}


def test_a_boolean_is_true_or_false_and_false_is_kept():
    assert clean(node("urgent", "boolean"), False) == {"urgent": False}
    assert words(node("urgent", "boolean"), "yes") == {"urgent": ["Say true or false."]}
    assert words(node("urgent", "boolean"), 1) == {"urgent": ["Say true or false."]}


def test_a_choice_is_one_of_the_declared_values():
    patch = node(
        "size", "choice", choices=["small", {"value": "large", "label": {"en": "Large", "de": "Groß"}}]
    )
    assert clean(patch, "large") == {"size": "large"}
    assert words(patch, "huge") == {"size": ["Pick from the choices given."]}


@pytest.mark.parametrize("address", ["ftp://example.com/x", "javascript:alert(1)", "example.com", ""])
def test_a_web_address_is_http_or_https_only(address):
    patch = node("site", "url")
    if address == "":
        assert clean(patch, address) == {}  # an empty value removes it
    else:
        assert words(patch, address) == {"site": ["Give a web address starting with http:// or https://."]}
    assert clean(patch, "https://example.com/a?b=c") == {"site": "https://example.com/a?b=c"}


def test_a_date_is_an_iso_date_within_its_bounds():
    patch = node("opens", "date", min="2026-01-01", max="2026-12-31")
    assert clean(patch, "2026-05-01") == {"opens": "2026-05-01"}
    assert words(patch, "01.05.2026") == {"opens": ["Enter a date as YYYY-MM-DD."]}
    assert words(patch, "2026-02-30") == {"opens": ["Enter a date as YYYY-MM-DD."]}
    assert words(patch, "2025-12-31") == {"opens": ["Pick 2026-01-01 or later."]}
    assert words(patch, "2027-01-01") == {"opens": ["Pick 2026-12-31 or earlier."]}


# --- localized values, partial saves, unknown names -------------------------------------------------


def test_a_localized_value_is_stored_per_language_and_merged_by_language():
    stored = clean(TAGLINE, {"en": "Fast help", "de": "Schnelle Hilfe"})
    assert stored == {"tagline": {"en": "Fast help", "de": "Schnelle Hilfe"}}
    assert clean(TAGLINE, {"de": "Rasche Hilfe"}, stored) == {
        "tagline": {"en": "Fast help", "de": "Rasche Hilfe"}
    }
    assert clean(TAGLINE, {"de": ""}, stored) == {"tagline": {"en": "Fast help"}}
    assert clean(TAGLINE, "Quick", stored) == {"tagline": {"en": "Quick", "de": "Schnelle Hilfe"}}
    assert clean(TAGLINE, None, stored) == {}


def test_a_localized_value_is_judged_per_language_sent():
    assert words(TAGLINE, {"de": "x" * 41}) == {"tagline": ["Write at most 40 characters."]}
    assert words(TAGLINE, {"fr": "Aide"}) == {"tagline": ["Unknown language: fr."]}
    # A stored text longer than today's limit does not block a save of another language.
    assert clean(TAGLINE, {"de": "Hilfe"}, {"tagline": {"en": "x" * 60}}) == {
        "tagline": {"en": "x" * 60, "de": "Hilfe"}
    }


def test_names_not_given_keep_their_values_and_every_refusal_comes_at_once():
    with project_fields(BUDGET, TAGLINE, node("urgent", "boolean")):
        stored = {"budget": 10, "tagline": {"en": "Hi"}, "gone": "kept"}
        assert clean_extra(FORM_EDITOR, stored, {"budget": 20}) == {**stored, "budget": 20}
        with pytest.raises(ValidationError) as caught:
            clean_extra(FORM_EDITOR, stored, {"budget": -1, "urgent": "no", "tagline": {"en": "fine"}})
        assert caught.value.message_dict == {
            "budget": ["Give a number of at least 0."],
            "urgent": ["Say true or false."],
        }
        with pytest.raises(ValidationError) as caught:
            clean_extra(FORM_EDITOR, stored, {"gone": "x", "other": 1})
        assert caught.value.message_dict == {
            "extra.gone": ["Unknown project field: gone."],
            "extra.other": ["Unknown project field: other."],
        }
        assert listed_extra(FORM_EDITOR, stored) == {"budget": 10, "tagline": {"en": "Hi"}, "urgent": None}


def test_the_schema_names_each_field_with_its_shape():
    with project_fields(BUDGET, TAGLINE):
        budget, tagline = fields_of(FORM_EDITOR)
        assert value_schema(budget)["anyOf"][0] == {"type": "number", "minimum": 0, "maximum": 1_000_000}
        assert value_schema(tagline)["description"] == "Tagline (text, per language)"
