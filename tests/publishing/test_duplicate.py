"""publishing/duplicate.duplicate_versioned on the test app's outings: a new draft with every
versioned value, the next free addresses in every language, no history, all or nothing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from frontdesk.core.log import log_of
from frontdesk.publishing import duplicate as duplicating
from frontdesk.publishing import versions
from frontdesk.publishing.duplicate import duplicate_versioned
from frontdesk.publishing.models import State
from frontdesk.publishing.seo_card import clean_seo_card
from frontdesk.routes.claims import claim_routes
from frontdesk.routes.models import Route
from tests.testapp.models import Notice, Outing, RoutedEvent

TYPE = "test-outing"


@pytest.fixture
def editor(make_user):
    return make_user("testapp.change_outing")


@pytest.fixture
def outing(editor) -> Outing:
    """A published outing with every kind of value, and pending edits on top."""
    stops = [
        RoutedEvent.objects.create(title={"en": name}, slug={"en": name}).pk for name in ("mill", "bridge")
    ]
    row = Outing.objects.create(title={"en": "Walk"}, slug={"en": "walk", "de": "spaziergang"})
    claim_routes(row, TYPE)
    row = versions.save_draft(
        editor,
        row,
        values={
            "title": {"de": "Spaziergang"},
            "description": {"en": "<p>Along the river</p>", "de": "<p>Am Fluss</p>"},
            "starts_at": "2026-03-05T09:00:00+00:00",
            "ends_at": "2026-03-05T11:30:00+00:00",
            "highlights": [{"heading": {"en": "Hands on", "de": "Zum Anfassen"}, "line": "Bring gloves"}],
            "stops": list(reversed(stops)),
            "seo": clean_seo_card({"title": {"en": "A walk by the river"}, "noindex": True}, stored=None),
            "extra": {"meeting_point": "the mill"},
        },
        revision=1,
    )
    row = versions.publish(editor, row)
    return versions.save_draft(editor, row, values={"title": {"en": "Evening walk"}}, revision=row.revision)


def paths_of(row: Outing) -> dict[str, str | None]:
    return dict(Route.objects.filter(type_name=TYPE, object_id=row.pk).values_list("language", "path"))


def test_a_duplicate_is_a_new_draft_with_every_value_the_editor_shows(editor, outing):
    copy = duplicate_versioned(outing, actor=editor)

    row = Outing.objects.get(pk=copy.pk)
    assert row.pk != outing.pk
    assert (row.state, row.revision, row.draft) == (State.DRAFT, 1, None)
    expected = {**outing.draft_values(), "slug": {"en": "walk-2", "de": "spaziergang-2"}}
    assert row.draft_values() == expected
    assert row.title == {"en": "Evening walk", "de": "Spaziergang"}  # the pending edit too
    assert row.starts_at == datetime(2026, 3, 5, 9, 0, tzinfo=UTC)
    assert row.highlights == outing.draft_values()["highlights"]
    assert row.stops == outing.stops
    assert row.seo["noindex"] is True and row.extra == {"meeting_point": "the mill"}


def test_the_second_and_third_duplicates_take_the_next_free_suffix_in_every_language(editor, outing):
    second = duplicate_versioned(outing, actor=editor)
    third = duplicate_versioned(outing, actor=editor)

    assert second.slug == {"en": "walk-2", "de": "spaziergang-2"}
    assert third.slug == {"en": "walk-3", "de": "spaziergang-3"}
    # Russian reads the English slug by fallback, and so does the copy's Russian address.
    assert paths_of(second) == {"en": "outings/walk-2", "de": "outings/spaziergang-2", "ru": "outings/walk-2"}
    assert paths_of(third) == {"en": "outings/walk-3", "de": "outings/spaziergang-3", "ru": "outings/walk-3"}
    assert paths_of(outing) == {"en": "outings/walk", "de": "outings/spaziergang", "ru": "outings/walk"}


def test_a_duplicate_has_no_history(editor, outing):
    copy = duplicate_versioned(outing, actor=editor)

    assert not versions.versions_of(copy).exists()
    assert [line.action for line in log_of(copy)] == ["outing.duplicated"]
    assert log_of(copy)[0].detail == {"original": outing.pk}


def test_a_duplicate_is_edited_and_published_on_its_own(editor, outing):
    copy = duplicate_versioned(outing, actor=editor)

    saved = versions.save_draft(editor, copy, values={"title": {"en": "Morning walk"}}, revision=1)
    versions.publish(editor, saved)

    assert Outing.objects.get(pk=outing.pk).draft_values()["title"] == {
        "en": "Evening walk",
        "de": "Spaziergang",
    }
    assert [version.number for version in versions.versions_of(copy)] == [1]


def test_an_account_without_the_models_permission_duplicates_nothing(make_user, outing):
    before = Outing.objects.count(), Route.objects.count()

    with pytest.raises(PermissionDenied):
        duplicate_versioned(outing, actor=make_user())

    assert (Outing.objects.count(), Route.objects.count()) == before


def test_a_failure_after_the_copy_is_saved_leaves_neither_the_copy_nor_its_addresses(
    editor, outing, monkeypatch
):
    def claim_then_fail(row, type_name):
        claim_routes(row, type_name)  # the copy is saved and holds its addresses now
        raise RuntimeError("the database went away")

    monkeypatch.setattr(duplicating, "claim_routes", claim_then_fail)
    before = list(Outing.objects.values_list("pk", flat=True)), list(Route.objects.values_list("pk", "path"))

    with pytest.raises(RuntimeError):
        duplicate_versioned(outing, actor=editor)

    assert list(Outing.objects.values_list("pk", flat=True)) == before[0]
    assert list(Route.objects.values_list("pk", "path")) == before[1]
    assert not Route.objects.filter(path="outings/walk-2").exists()


def test_a_value_the_copy_may_not_hold_is_refused_under_its_field_and_leaves_nothing(make_user, monkeypatch):
    # A notice's slug is unique; taken as a column that is no address (no route type here), the
    # copy would repeat it.
    monkeypatch.setattr(duplicating, "route_types_of", lambda obj: [])
    notice = Notice.objects.create(title={"en": "Fair"}, slug="fair")
    before = Notice.objects.count()

    with pytest.raises(ValidationError) as refused:
        duplicate_versioned(notice, actor=make_user("testapp.change_notice"))

    assert "slug" in refused.value.message_dict
    assert Notice.objects.count() == before
