"""The date in words (events/dates.py): every row of the spec's table in English, German and
Russian, with the strings written out, in an application zone away from UTC."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.test import override_settings

from frontdesk.events.dates import print_when

ZONE = ZoneInfo("Europe/Berlin")


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=ZONE)


# (row of the table, starts_at, ends_at, all_day, date_note) -> {language: printed}
ROWS = [
    ("note", at(2027, 3, 12, 10), at(2027, 3, 12, 12), False, "Every Tuesday in spring",
     {"en": "Every Tuesday in spring", "de": "Every Tuesday in spring", "ru": "Every Tuesday in spring"}),
    ("no date", None, None, False, "", {"en": "", "de": "", "ru": ""}),
    ("one day, start and end hours", at(2027, 3, 12, 10), at(2027, 3, 12, 12, 30), False, "",
     {"en": "12 March 2027, 10:00–12:30", "de": "12. März 2027, 10:00–12:30", "ru": "12 марта 2027, 10:00–12:30"}),
    ("one day, start only", at(2027, 3, 12, 9, 5), None, False, "",
     {"en": "12 March 2027, 09:05", "de": "12. März 2027, 09:05", "ru": "12 марта 2027, 09:05"}),
    ("all day, one day", at(2027, 3, 12), at(2027, 3, 12, 23, 59, 59), True, "",
     {"en": "12 March 2027", "de": "12. März 2027", "ru": "12 марта 2027"}),
    ("several days, same month", at(2027, 3, 12), at(2027, 3, 14, 23, 59, 59), True, "",
     {"en": "12–14 March 2027", "de": "12.–14. März 2027", "ru": "12–14 марта 2027"}),
    ("several timed days, same month", at(2027, 5, 3, 9), at(2027, 5, 5, 17), False, "",
     {"en": "3–5 May 2027", "de": "3.–5. Mai 2027", "ru": "3–5 мая 2027"}),
    ("several days across months", at(2027, 3, 30), at(2027, 4, 2, 23, 59, 59), True, "",
     {"en": "30 March – 2 April 2027", "de": "30. März – 2. April 2027", "ru": "30 марта – 2 апреля 2027"}),
    # Choices the table leaves open (docs/events.md, "Dates in words"):
    ("across two years: each side keeps its year", at(2026, 12, 30), at(2027, 1, 2, 23, 59, 59), True, "",
     {"en": "30 December 2026 – 2 January 2027", "de": "30. Dezember 2026 – 2. Januar 2027",
      "ru": "30 декабря 2026 – 2 января 2027"}),
    ("timed, past midnight: two days, no hours", at(2027, 3, 12, 22), at(2027, 3, 13, 2), False, "",
     {"en": "12–13 March 2027", "de": "12.–13. März 2027", "ru": "12–13 марта 2027"}),
    ("timed, ending at midnight exactly: its own day", at(2027, 3, 12, 20), at(2027, 3, 13), False, "",
     {"en": "12 March 2027, 20:00–00:00", "de": "12. März 2027, 20:00–00:00", "ru": "12 марта 2027, 20:00–00:00"}),
]  # fmt: skip


@override_settings(TIME_ZONE="Europe/Berlin")
@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize(
    ("row", "starts_at", "ends_at", "all_day", "note", "printed"), ROWS, ids=[r[0] for r in ROWS]
)
def test_every_row_of_the_date_table_in_every_language(
    row, starts_at, ends_at, all_day, note, printed, language
):
    assert (
        print_when(starts_at, ends_at, all_day=all_day, date_note=note, language=language)
        == printed[language]
    )


@override_settings(TIME_ZONE="Europe/Berlin")
def test_moments_are_printed_in_the_applications_zone_whatever_zone_they_arrive_in():
    # 23:30 UTC on 11 March is 00:30 on 12 March in Berlin.
    starts = datetime(2027, 3, 11, 23, 30, tzinfo=UTC)
    assert print_when(starts, None, language="en") == "12 March 2027, 00:30"


@override_settings(TIME_ZONE="Europe/Berlin")
def test_the_language_defaults_to_the_one_being_rendered():
    from django.utils import translation

    with translation.override("de"):
        assert print_when(at(2027, 3, 12), None, all_day=True) == "12. März 2027"


@override_settings(TIME_ZONE="Europe/Berlin")
def test_the_template_filter_prints_an_events_date_in_the_pages_language():
    class Event:
        starts_at, ends_at, all_day, date_note = at(2027, 3, 12), at(2027, 3, 14, 23, 59, 59), True, {}

    template = Template("{% load i18n events %}{% language 'ru' %}{{ event|when }}{% endlanguage %}")
    assert template.render(Context({"event": Event()})) == "12–14 марта 2027"
