"""Input is hostile: whatever a door passes on for any of an event's values, creating and saving
answer a ValidationError (a 422 under the field) or succeed, never another exception (a 500)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.events.models import Event
from frontdesk.events.operations import create_event, update_event

pytestmark = pytest.mark.django_db
VALUES = [
    None, 5, -1, 1.5, True, "", " ", "x" * 5000, [], [1], ["a"], [None], {}, {"en": 5}, {"xx": "a"},
    {"en": None}, {"en": ["a"]}, {"en": "x" * 400}, "\x00", "\ud800", [{"id": 5}], [{"heading": 5}],
    2**70, "2027-02-30", "9999-12-31T23:59:59-14:00", float("nan"),
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(Event.versioned_fields))
def test_no_value_of_any_kind_breaks_a_save(name):
    event = create_event(actor=None, values={"title": "T"})
    for value in VALUES:
        current = Event.objects.get(pk=event.pk)
        for call, kwargs in (
            (create_event, {"values": {"title": "T", name: value}}),
            (update_event, {"values": {name: value}, "revision": current.revision}),
        ):
            args = (current,) if call is update_event else ()
            try:
                call(*args, actor=None, **kwargs)
            except ValidationError:
                pass
            except Exception as error:  # anything else is the failure looked for
                raise AssertionError(f"{name}={value!r}: {type(error).__name__}: {error}") from error
