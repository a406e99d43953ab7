"""Versions that fit dated, multi-valued content (issue 27, section 0), on the test app's rows:
moments compared as moments and answered in the application's zone, a language removed from a
text staying removed, and translated values inside list items (highlight cards) merged by
language."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core.exceptions import ValidationError
from django.test import override_settings

from frontdesk.publishing import versions
from frontdesk.publishing.models import State
from frontdesk.publishing.outputs import draft_out
from tests.testapp.models import Notice, Outing

NINE_UTC = datetime(2026, 3, 5, 9, 0, tzinfo=UTC)


@pytest.fixture
def editor(make_user):
    return make_user("testapp.change_notice", "testapp.change_outing")


def published_notice(editor, **values) -> Notice:
    return versions.publish(editor, Notice.objects.create(title={"en": "Fair"}, slug="fair", **values))


def published_outing(editor, **values) -> Outing:
    outing = Outing.objects.create(title={"en": "Walk"}, slug={"en": "walk"})
    saved = versions.save_draft(editor, outing, values=values, revision=1)
    return versions.publish(editor, saved)


# --- Moments -------------------------------------------------------------------------------------


@pytest.mark.parametrize("zone", ["UTC", "Europe/Berlin", "America/New_York"])
@pytest.mark.parametrize(
    "sent", ["2026-03-05T10:00:00+01:00", "2026-03-05T04:00:00-05:00", "2026-03-05T09:00Z"]
)
def test_a_published_moment_saved_again_with_another_offset_leaves_the_row_published(editor, zone, sent):
    with override_settings(TIME_ZONE=zone):
        notice = published_notice(editor, starts_at=NINE_UTC)

        saved = versions.save_draft(editor, notice, values={"starts_at": sent}, revision=notice.revision)

        row = Notice.objects.get(pk=notice.pk)
        assert (saved.state, row.state, row.draft) == (State.PUBLISHED, State.PUBLISHED, None)
        assert draft_out(row)["pending"] == []


@override_settings(TIME_ZONE="UTC")
def test_another_moment_is_still_an_edit(editor):
    notice = published_notice(editor, starts_at=NINE_UTC)

    saved = versions.save_draft(
        editor, notice, values={"starts_at": "2026-03-05T10:00:00+00:00"}, revision=notice.revision
    )

    assert (saved.state, saved.draft) == (State.CHANGED, {"starts_at": "2026-03-05T10:00:00+00:00"})


@pytest.mark.filterwarnings("error")  # Django's "received a naive datetime" warning fails the test
@override_settings(TIME_ZONE="Europe/Berlin")
def test_an_offset_less_moment_is_read_and_answered_in_the_applications_zone(editor):
    draft = Notice.objects.create(title={"en": "Fair"}, slug="fair")

    saved = versions.save_draft(editor, draft, values={"starts_at": "2026-03-05T10:00:00"}, revision=1)

    assert draft_out(saved)["values"]["starts_at"] == "2026-03-05T10:00:00+01:00"
    assert Notice.objects.get(pk=draft.pk).starts_at == NINE_UTC
    assert draft_out(Notice.objects.get(pk=draft.pk))["values"]["starts_at"] == "2026-03-05T10:00:00+01:00"


@pytest.mark.filterwarnings("error")
@override_settings(TIME_ZONE="Europe/Berlin")
def test_an_offset_less_moment_waits_in_the_draft_in_the_applications_zone_and_is_published_as_that_moment(
    editor,
):
    notice = published_notice(editor, starts_at=NINE_UTC)
    summer = "2026-07-05T10:00:00"  # summer time: +02:00

    saved = versions.save_draft(editor, notice, values={"starts_at": summer}, revision=notice.revision)
    assert draft_out(saved)["values"]["starts_at"] == "2026-07-05T10:00:00+02:00"
    assert saved.state == State.CHANGED
    versions.publish(editor, saved)

    row = Notice.objects.get(pk=notice.pk)
    assert row.starts_at == datetime(2026, 7, 5, 8, 0, tzinfo=UTC)
    assert versions.versions_of(row).last().values["starts_at"] == "2026-07-05T10:00:00+02:00"


@override_settings(TIME_ZONE="Europe/Berlin")
def test_the_same_offset_less_moment_saved_over_its_published_value_is_no_edit(editor):
    notice = published_notice(editor, starts_at=NINE_UTC)

    saved = versions.save_draft(
        editor, notice, values={"starts_at": "2026-03-05T10:00:00"}, revision=notice.revision
    )

    assert (saved.state, saved.draft) == (State.PUBLISHED, None)


# --- A language removed stays removed -------------------------------------------------------------


@pytest.mark.parametrize("removal", ["", None, "   ", "<p><br></p>", "<p> </p>", "<script>alert(1)</script>"])
def test_a_language_removed_from_a_rich_text_stays_removed(editor, removal):
    outing = published_outing(editor, description={"en": "<p>Along the river</p>", "de": "<p>Am Fluss</p>"})

    saved = versions.save_draft(
        editor, outing, values={"description": {"de": removal}}, revision=outing.revision
    )
    assert saved.draft_values()["description"] == {"en": "<p>Along the river</p>"}
    published = versions.publish(editor, saved)

    assert Outing.objects.get(pk=published.pk).description == {"en": "<p>Along the river</p>"}


def test_a_rich_text_is_cleaned_by_language_and_keeps_the_languages_not_named(editor):
    outing = published_outing(editor, description={"en": "<p>Along the river</p>"})

    saved = versions.save_draft(
        editor,
        outing,
        values={"description": {"de": '<p onclick="x()">Am <b>Fluss</b></p><script>x()</script>'}},
        revision=outing.revision,
    )

    assert saved.draft_values()["description"] == {"en": "<p>Along the river</p>", "de": "<p>Am Fluss</p>"}


def test_a_language_removed_from_a_translated_text_stays_removed(editor):
    outing = published_outing(editor, title={"en": "Walk", "de": "Spaziergang", "ru": "Прогулка"})

    saved = versions.save_draft(
        editor, outing, values={"title": {"de": "", "ru": None}}, revision=outing.revision
    )
    versions.publish(editor, saved)

    assert Outing.objects.get(pk=outing.pk).title == {"en": "Walk"}


# --- Translated values inside list items ---------------------------------------------------------

CARDS = [
    {"heading": {"en": "Hands on", "de": "Zum Anfassen"}, "line": {"en": "Bring gloves", "de": "Handschuhe"}},
    {"heading": {"en": "Outdoors", "de": "Draußen"}, "line": {"en": "Rain or shine"}},
]


def test_items_get_ids_and_keep_their_texts_per_language(editor):
    outing = published_outing(editor, highlights=CARDS)

    cards = Outing.objects.get(pk=outing.pk).highlights
    assert [{key: card[key] for key in ("heading", "line")} for card in cards] == CARDS
    assert len({card["id"] for card in cards}) == 2


def test_a_partial_save_of_an_items_heading_keeps_its_other_languages_and_the_other_items(editor):
    outing = published_outing(editor, highlights=CARDS)
    first, second = (card["id"] for card in outing.highlights)

    saved = versions.save_draft(
        editor,
        outing,
        values={"highlights": [{"id": first, "heading": {"de": "Zum Mitmachen"}}, {"id": second}]},
        revision=outing.revision,
    )
    versions.publish(editor, saved)

    cards = Outing.objects.get(pk=outing.pk).highlights
    assert cards == [
        {"id": first, "heading": {"en": "Hands on", "de": "Zum Mitmachen"}, "line": CARDS[0]["line"]},
        {"id": second, **CARDS[1]},
    ]


def test_reordering_removing_and_adding_items_is_the_same_in_every_language(editor):
    outing = published_outing(editor, highlights=CARDS)
    first, second = (card["id"] for card in outing.highlights)

    reordered = versions.save_draft(
        editor, outing, values={"highlights": [{"id": second}, {"id": first}]}, revision=outing.revision
    )
    assert [card["id"] for card in reordered.draft_values()["highlights"]] == [second, first]

    changed = versions.save_draft(
        editor,
        reordered,
        values={"highlights": [{"id": second}, {"heading": "Free entry", "line": {"de": "Eintritt frei"}}]},
        revision=reordered.revision,
    )
    cards = changed.draft_values()["highlights"]
    assert cards[0] == {"id": second, **CARDS[1]}
    assert cards[1]["id"] not in (first, second)
    assert {key: cards[1][key] for key in ("heading", "line")} == {
        "heading": {"en": "Free entry"},
        "line": {"de": "Eintritt frei"},
    }


def test_a_language_removed_from_an_items_line_stays_removed(editor):
    outing = published_outing(editor, highlights=CARDS)
    first, second = (card["id"] for card in outing.highlights)

    saved = versions.save_draft(
        editor,
        outing,
        values={"highlights": [{"id": first, "line": {"de": ""}}, {"id": second}]},
        revision=outing.revision,
    )

    assert saved.draft_values()["highlights"][0]["line"] == {"en": "Bring gloves"}


def test_the_same_items_saved_again_leave_the_row_published(editor):
    outing = published_outing(editor, highlights=CARDS)

    saved = versions.save_draft(
        editor, outing, values={"highlights": outing.highlights}, revision=outing.revision
    )

    assert (saved.state, saved.draft) == (State.PUBLISHED, None)


@pytest.mark.parametrize(
    ("highlights", "key"),
    [
        ("cards", "highlights"),
        ([1], "highlights.0"),
        ([{"heading": "A", "colour": "red"}], "highlights.0"),
        ([{"line": "Only a line"}], "highlights.0.heading"),
        ([{"heading": {"xx": "A"}}], "highlights.0.heading"),
        ([{"heading": "A"}, {"heading": {"en": 7}}], "highlights.1.heading"),
        ([{"heading": "A", "line": "x" * 1001}], "highlights.0.line"),
        ([{"id": "same", "heading": "A"}, {"id": "same", "heading": "B"}], "highlights.1.id"),
        ([{"id": "no spaces", "heading": "A"}], "highlights.0.id"),
        ([{"heading": "A"}] * 101, "highlights"),
    ],
)
def test_bad_items_are_refused_under_the_item_and_change_nothing(editor, highlights, key):
    outing = published_outing(editor, highlights=CARDS)

    with pytest.raises(ValidationError) as refused:
        versions.save_draft(editor, outing, values={"highlights": highlights}, revision=outing.revision)

    assert key in refused.value.message_dict
    row = Outing.objects.get(pk=outing.pk)
    assert (row.revision, row.state, row.draft) == (outing.revision, State.PUBLISHED, None)


def test_restoring_a_version_puts_its_items_back_whole(editor):
    outing = published_outing(editor, highlights=CARDS)
    first = outing.highlights[0]["id"]
    saved = versions.save_draft(
        editor, outing, values={"highlights": [{"id": first}]}, revision=outing.revision
    )
    versions.publish(editor, saved)

    restored = versions.restore_version(editor, saved, 1)

    assert restored.draft_values()["highlights"] == outing.highlights
