"""The host's refusal of keys an operation does not know (core/inputs.refuse_unknown_keys)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.core.inputs import refuse_unknown_keys


def test_known_keys_pass():
    refuse_unknown_keys({"title": "x", "slug": "y"}, {"title", "slug", "lead"})


def test_under_a_location_one_sentence_names_them_all():
    with pytest.raises(ValidationError) as refused:
        refuse_unknown_keys({"title": 1, "size": 2, "colour": 3}, ["title"], location="fields.0")
    assert refused.value.message_dict == {"fields.0": ["Unknown setting: colour, size."]}


def test_without_a_location_each_under_its_own_name():
    with pytest.raises(ValidationError) as refused:
        refuse_unknown_keys({"title": 1, "size": 2, "colour": 3}, ("title",))
    assert refused.value.message_dict == {
        "colour": ["Unknown setting: colour."],
        "size": ["Unknown setting: size."],
    }
