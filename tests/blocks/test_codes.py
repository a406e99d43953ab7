"""Registering block codes: the editor description and the names a values model may not use."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from frontdesk.blocks.codes import BLOCK_CODES, BlockCode, BlockValues, EditorField, register_block_code


def test_a_values_model_may_not_use_a_blocks_own_keys(settings):
    class Clash(BlockValues):
        type: str = ""

    class ClashBlock(BlockCode):
        slug = "clash"
        label = "Clash"
        values = Clash

    with pytest.raises(ImproperlyConfigured, match="names a value type"):
        register_block_code(ClashBlock())
    assert "clash" not in BLOCK_CODES


def test_an_editor_field_of_an_unknown_kind_or_a_bad_picker_is_refused():
    with pytest.raises(ValueError, match="Unknown editor kind 'colour'"):
        EditorField("x", "colour", "X")
    with pytest.raises(ValueError, match="collection/picker"):
        EditorField("x", "text", "X", picker="faq/categories")


def test_the_editor_description_names_every_control_in_the_active_language():
    from django.utils import translation

    with translation.override("de"):
        described = BLOCK_CODES["heading"].describe()
    assert described["label"] == "Überschrift"
    assert [(field["name"], field["kind"]) for field in described["fields"]] == [
        ("text", "text"),
        ("level", "select"),
    ]
    assert described["fields"][1]["choices"] == [
        {"value": 2, "label": "Überschrift 2"},
        {"value": 3, "label": "Überschrift 3"},
    ]
