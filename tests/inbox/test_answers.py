"""inbox/answers.py: a date field's earliest and latest day."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.inbox.answers import clean_answers
from frontdesk.inbox.models import Field


def date_field(min_value: str = "", max_value: str = "") -> Field:
    return Field(machine_name="when", type="date", min_value=min_value, max_value=max_value)


@pytest.mark.parametrize(
    ("day", "message"),
    [("2025-12-31", "Pick 2026-01-01 or later."), ("2027-01-01", "Pick 2026-12-31 or earlier.")],
)
def test_a_day_outside_the_fields_limits_is_refused(day, message):
    with pytest.raises(ValidationError) as refused:
        clean_answers([date_field("2026-01-01", "2026-12-31")], {"when": day})
    assert refused.value.message_dict == {"fields.when": [message]}


def test_a_day_inside_the_limits_is_the_answer():
    (answer,) = clean_answers([date_field("2026-01-01", "2026-12-31")], {"when": "2026-06-01"})
    assert answer.value == "2026-06-01"


@pytest.mark.parametrize("limit", ["2026-13-45", "soon"])
def test_a_stored_limit_that_is_no_date_limits_nothing(limit):
    # The field's save refuses such a limit; a row written around it must still not break the
    # intake (comparing a day with no date raised TypeError: a 500 for every visitor).
    field = date_field(limit, limit)
    (answer,) = clean_answers([field], {"when": "2026-06-01"})
    assert answer.value == "2026-06-01"
