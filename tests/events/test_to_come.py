"""To come and over (events/queries.py): one expression, the application's clock, the same answer
and the same order on SQLite, PostgreSQL and MariaDB, with the application's zone away from UTC.
Run on the three with FRONTDESK_TEST_DB (docs/events.md, "To come and over")."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
import time_machine

from frontdesk.events import queries
from frontdesk.events.operations import bin_event, update_event

pytestmark = pytest.mark.django_db
BERLIN = ZoneInfo("Europe/Berlin")


def at(
    year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0, micro: int = 0
) -> datetime:
    return datetime(year, month, day, hour, minute, second, micro, tzinfo=BERLIN)


def names(events) -> list[str]:
    return [event.title["en"] for event in events]


def test_an_event_that_has_begun_and_not_ended_is_to_come_not_over(berlin, make_event):
    event = make_event("Running", starts_at="2027-03-12T10:00", ends_at="2027-03-12T14:00")
    with time_machine.travel(at(2027, 3, 12, 11), tick=False):
        assert names(queries.upcoming()) == ["Running"] and names(queries.past()) == []
    with time_machine.travel(at(2027, 3, 12, 14, 0, 1), tick=False):
        assert names(queries.upcoming()) == [] and names(queries.past()) == ["Running"]
    assert event.pk


def test_a_start_only_event_is_to_come_at_its_start_and_over_a_microsecond_later(berlin, make_event):
    make_event("Talk", starts_at="2027-03-12T10:00:00")
    start = at(2027, 3, 12, 10)
    with time_machine.travel(start, tick=False):
        assert names(queries.upcoming()) == ["Talk"] and names(queries.past()) == []
    with time_machine.travel(start + timedelta(microseconds=1), tick=False):
        assert names(queries.upcoming()) == [] and names(queries.past()) == ["Talk"]
    with time_machine.travel(start + timedelta(seconds=1), tick=False):
        assert names(queries.past()) == ["Talk"]


def test_an_undated_event_is_first_among_those_to_come_and_never_over(berlin, make_event):
    make_event("Soon", starts_at="2027-03-12T10:00")
    make_event("Some day")
    for moment in (at(2000, 1, 1), at(2027, 3, 12, 9), at(9000, 1, 1)):
        with time_machine.travel(moment, tick=False):
            assert names(queries.upcoming())[0] == "Some day"
            assert "Some day" not in names(queries.past())
            assert names(queries.every())[0] == "Some day"


def test_an_all_day_event_ending_5_may_is_to_come_until_the_last_second_of_5_may(berlin, make_event):
    make_event("Fair", all_day=True, starts_at="2027-05-03", ends_at="2027-05-05")
    with time_machine.travel(at(2027, 5, 5, 23, 59, 59), tick=False):
        assert names(queries.upcoming()) == ["Fair"] and names(queries.past()) == []
    with time_machine.travel(at(2027, 5, 5, 23, 59, 59, 999999), tick=False):
        assert names(queries.upcoming()) == ["Fair"]
    with time_machine.travel(at(2027, 5, 6, 0, 0, 0), tick=False):
        assert names(queries.upcoming()) == [] and names(queries.past()) == ["Fair"]


def test_only_published_events_outside_the_bin_are_listed(berlin, make_event):
    make_event("Draft", publish=False, starts_at="2027-03-20T10:00")
    binned = make_event("Binned", starts_at="2027-03-20T10:00")
    bin_event(binned, actor=None)
    shown = make_event("Shown", starts_at="2027-03-20T10:00")
    # Edits waiting in the draft change nothing until publish: the published date is listed.
    update_event(shown, actor=None, values={"starts_at": "2027-01-01T10:00"}, revision=shown.revision)
    with time_machine.travel(at(2027, 3, 12), tick=False):
        assert names(queries.upcoming()) == ["Shown"] and names(queries.past()) == []
        assert names(queries.every()) == ["Shown"]


# Twenty events, made in this order (so ids ascend in it): undated ones, ties on the start and
# on the end moment, all-day ones, one that began months ago, one at this very moment, a draft and
# one in the bin. The present moment is 12 March 2027, 12:00 in Berlin.
NOW = at(2027, 3, 12, 12)
TWENTY: list[tuple[str, dict]] = [
    ("u1", {}),
    ("p1", {"starts_at": "2027-03-01T10:00"}),
    ("c1", {"starts_at": "2027-03-12T10:00", "ends_at": "2027-03-12T14:00"}),
    ("p2", {"starts_at": "2027-03-01T10:00", "ends_at": "2027-03-01T12:00"}),
    ("u2", {"date_note": {"en": "Every Friday"}}),
    ("c2", {"starts_at": "2027-03-12", "all_day": True}),
    ("p3", {"starts_at": "2027-02-28T09:00", "ends_at": "2027-03-01T12:00"}),
    ("c3", {"starts_at": "2027-03-12T12:00:00"}),
    ("c4", {"starts_at": "2027-03-20T10:00"}),
    ("p4", {"starts_at": "2027-03-10", "all_day": True}),
    ("c5", {"starts_at": "2027-03-20T10:00"}),
    ("u3", {}),
    ("p5", {"starts_at": "2027-03-12T11:59:59"}),
    ("c6", {"starts_at": "2027-04-01T09:00", "ends_at": "2027-04-03T18:00"}),
    ("p6", {"starts_at": "2027-01-01T10:00", "ends_at": "2027-03-12T11:00"}),
    ("c7", {"starts_at": "2026-12-01T10:00", "ends_at": "2027-12-31T10:00"}),
    ("p7", {"starts_at": "2027-03-01T10:00"}),
    ("c8", {"starts_at": "2027-03-20T09:00:00+00:00"}),  # the same moment as c4 and c5
    ("draft", {"starts_at": "2027-03-20T10:00", "publish": False}),
    ("binned", {"starts_at": "2027-03-20T10:00", "bin": True}),
]
UPCOMING = ["u1", "u2", "u3", "c7", "c2", "c1", "c3", "c4", "c5", "c8", "c6"]
PAST = ["p5", "p6", "p4", "p2", "p3", "p1", "p7"]
ALL = [
    "u1",
    "u2",
    "u3",
    "c6",
    "c4",
    "c5",
    "c8",
    "c3",
    "p5",
    "c1",
    "c2",
    "p4",
    "p1",
    "p2",
    "p7",
    "p3",
    "p6",
    "c7",
]


def test_twenty_events_come_in_the_same_order_on_every_database(berlin, make_event):
    for name, values in TWENTY:
        values = dict(values)
        binned = values.pop("bin", False)
        event = make_event(name, publish=values.pop("publish", True), **values)
        if binned:
            bin_event(event, actor=None)
    with time_machine.travel(NOW, tick=False):
        assert names(queries.upcoming()) == UPCOMING
        # The paged lists read the same rows in turn (no date, then dated): the same order whole,
        # and in slices across the seam.
        in_turn = queries.upcoming_in_turn()
        assert names(in_turn) == UPCOMING and in_turn.count() == len(UPCOMING)
        assert names(in_turn[2:7]) == UPCOMING[2:7] and names(in_turn[10:40]) == UPCOMING[10:]
        assert names([in_turn[5], in_turn[-1]]) == [UPCOMING[5], UPCOMING[-1]]
        assert names(queries.past()) == PAST
        assert names(queries.every()) == ALL
        assert [event.is_over for event in queries.every()] == [name.startswith("p") for name in ALL]


def test_a_date_note_changes_the_words_not_the_place_in_the_lists(berlin, make_event):
    """`date_note` overrides the printing, never the data: a dated event with a note sorts among
    the others by its date and is over after its end, as one without a note is."""
    make_event("Later", starts_at="2027-03-20T10:00")
    make_event(
        "Noted", starts_at="2027-03-15T10:00", ends_at="2027-03-15T12:00", date_note={"en": "Mid-March"}
    )
    make_event("Sooner", starts_at="2027-03-13T10:00")
    with time_machine.travel(at(2027, 3, 12, 12), tick=False):
        assert names(queries.upcoming()) == ["Sooner", "Noted", "Later"]
    with time_machine.travel(at(2027, 3, 15, 12, 0, 1), tick=False):
        assert names(queries.upcoming()) == ["Later"] and names(queries.past()) == ["Noted", "Sooner"]
