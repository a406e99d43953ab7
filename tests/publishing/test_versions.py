"""frontdesk.publishing.versions, called as the doors call it, on the test app's notices: the draft
beside the published values, the revision guard, publishing with a version, restoring one."""

from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.management import call_command
from django.db import connection, connections
from django.db.migrations.executor import MigrationExecutor

from frontdesk.core.acting import acting_with
from frontdesk.core.errors import Conflict, NotFound
from frontdesk.core.log import log_of
from frontdesk.core.models import ApiToken
from frontdesk.publishing import versions
from frontdesk.publishing.models import State, Version
from tests.testapp.models import Notice

SPRING = {"title": {"en": "Spring fair"}, "slug": "spring-fair"}


@pytest.fixture
def editor(make_user):
    return make_user("testapp.change_notice", display_name="Erin Editor")


@pytest.fixture
def notice(db) -> Notice:
    """A notice as an app's create operation leaves it: a draft at revision 1."""
    return Notice.objects.create(**SPRING)


@pytest.fixture
def published(editor, notice) -> Notice:
    return versions.publish(editor, notice)


def stored(notice: Notice) -> tuple:
    """Everything a refused change must leave as it was: the row and its versions."""
    row = Notice.objects.values().get(pk=notice.pk)
    return row, list(versions.versions_of(notice).values("number", "values"))


# --- Saving into the draft ---------------------------------------------------------------------


def test_a_save_to_a_notice_never_published_goes_into_its_columns_and_moves_the_revision(editor, notice):
    saved = versions.save_draft(editor, notice, values={"slug": "summer-fair"}, revision=1)

    row = Notice.objects.get(pk=notice.pk)
    assert (row.slug, row.title, row.state, row.revision, row.draft) == (
        "summer-fair",
        {"en": "Spring fair"},
        State.DRAFT,
        2,
        None,
    )
    assert saved.revision == 2


def test_a_save_to_a_published_notice_waits_in_the_draft_while_the_site_keeps_the_published_values(
    editor, published
):
    saved = versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)

    row = Notice.objects.get(pk=published.pk)
    assert row.slug == "spring-fair"  # what the site reads
    assert row.state == State.CHANGED
    assert row.draft == {"slug": "summer-fair"}
    assert row.draft_values()["slug"] == "summer-fair"
    assert saved.revision == row.revision == 3


def test_a_save_that_brings_back_the_published_values_leaves_nothing_pending(editor, published):
    changed = versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)
    back = versions.save_draft(editor, changed, values={"slug": "spring-fair"}, revision=3)

    assert (back.state, back.draft, back.revision) == (State.PUBLISHED, None, 4)


def test_a_translated_value_changes_the_languages_it_names_and_keeps_the_others(editor, notice):
    versions.save_draft(editor, notice, values={"title": {"de": "Frühlingsfest"}}, revision=1)
    versions.save_draft(editor, notice, values={"title": "Spring market"}, revision=2)

    assert Notice.objects.get(pk=notice.pk).title == {"en": "Spring market", "de": "Frühlingsfest"}


def test_moments_keep_their_microseconds_through_the_draft_and_publishing(editor, published):
    moment = datetime(2027, 3, 21, 9, 30, 15, 123456, tzinfo=UTC)
    versions.save_draft(editor, published, values={"starts_at": moment.isoformat()}, revision=2)

    versions.publish(editor, published)

    assert Notice.objects.get(pk=published.pk).starts_at == moment


# --- The revision guard ------------------------------------------------------------------------


def test_a_stale_revision_is_refused_and_changes_neither_the_row_nor_the_versions(editor, published):
    versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)
    before = stored(published)

    with pytest.raises(Conflict):
        versions.save_draft(editor, published, values={"slug": "autumn-fair"}, revision=2)
    for step in (versions.publish, versions.discard, versions.unpublish):
        with pytest.raises(Conflict):
            step(editor, published, revision=2)
    with pytest.raises(Conflict):
        versions.restore_version(editor, published, 1, revision=2)

    assert stored(published) == before


@pytest.mark.parametrize("revision", [0, -1, 2**63, True])
def test_a_revision_the_notice_never_had_is_refused_as_stale(editor, notice, revision):
    before = stored(notice)

    with pytest.raises(Conflict):
        versions.save_draft(editor, notice, values={"slug": "other"}, revision=revision)

    assert stored(notice) == before


def test_every_accepted_change_moves_the_revision_by_one(editor, notice):
    steps = [
        lambda row: versions.save_draft(editor, row, values={"slug": "a"}, revision=row.revision),
        lambda row: versions.publish(editor, row, revision=row.revision),
        lambda row: versions.save_draft(editor, row, values={"slug": "b"}, revision=row.revision),
        lambda row: versions.discard(editor, row, revision=row.revision),
        lambda row: versions.unpublish(editor, row, revision=row.revision),
        lambda row: versions.restore_version(editor, row, 1, revision=row.revision),
        lambda row: versions.publish(editor, row),
    ]
    seen = [notice.revision]
    row = notice
    for step in steps:
        row = step(row)
        seen.append(Notice.objects.get(pk=notice.pk).revision)

    assert seen == list(range(1, len(steps) + 2))


@pytest.mark.django_db(transaction=True)
def test_of_saves_carrying_the_same_revision_at_the_same_moment_exactly_one_wins(editor):
    notice = Notice.objects.create(**SPRING)
    contenders = 4
    start = threading.Barrier(contenders)
    outcomes: dict[str, str] = {}

    def save(slug: str) -> None:
        try:
            start.wait(timeout=30)
            versions.save_draft(editor, notice, values={"slug": slug}, revision=1)
            outcomes[slug] = "saved"
        except Conflict:
            outcomes[slug] = "conflict"
        finally:
            connections.close_all()

    threads = [threading.Thread(target=save, args=(f"fair-{n}",)) for n in range(contenders)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    winners = [slug for slug, outcome in outcomes.items() if outcome == "saved"]
    assert sorted(outcomes.values()) == ["conflict"] * (contenders - 1) + ["saved"]
    row = Notice.objects.get(pk=notice.pk)
    assert (row.slug, row.revision) == (winners[0], 2)


# --- Refusals ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"starts_at": "next tuesday"}, "starts_at"),
        ({"starts_at": "2027-03-21T10:00:00+00:00", "ends_at": "2027-03-20T10:00:00+00:00"}, "ends_at"),
        ({"title": {"xx": "Fair"}}, "title"),
        ({"title": {"en": ""}}, "title"),
        ({"slug": "not a slug"}, "slug"),
        ({"slug": "taken"}, "slug"),
        ({"colour": "red"}, "__all__"),
    ],
)
def test_a_bad_value_is_refused_under_its_field_and_changes_nothing(editor, published, values, field):
    Notice.objects.create(title={"en": "Other"}, slug="taken")
    before = stored(published)

    with pytest.raises(ValidationError) as refused:
        versions.save_draft(editor, published, values=values, revision=2)

    assert list(refused.value.message_dict) == [field]
    assert stored(published) == before


def test_publishing_an_address_another_notice_took_meanwhile_is_refused_under_it(editor, published):
    versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)
    Notice.objects.create(title={"en": "Other"}, slug="summer-fair")
    before = stored(published)

    with pytest.raises(ValidationError) as refused:
        versions.publish(editor, published)

    assert list(refused.value.message_dict) == ["slug"]
    assert stored(published) == before


def test_an_address_taken_between_the_check_and_the_save_is_refused_under_it_not_a_500(
    editor, published, monkeypatch
):
    """Another transaction may take a unique value after full_clean() looked: the save's
    IntegrityError is turned back into the same refusal under the field."""
    versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)
    Notice.objects.create(title={"en": "Other"}, slug="summer-fair")
    monkeypatch.setattr(
        Notice, "full_clean", lambda self, *args, **kwargs: None
    )  # looked before it was taken
    before = stored(published)

    with pytest.raises(ValidationError) as refused:
        versions.publish(editor, published)

    assert list(refused.value.message_dict) == ["slug"]
    assert stored(published) == before


def test_an_account_without_the_models_permission_changes_nothing(make_user, notice):
    stranger = make_user()
    before = stored(notice)

    with pytest.raises(PermissionDenied):
        versions.save_draft(stranger, notice, values={"slug": "mine"}, revision=1)
    with pytest.raises(PermissionDenied):
        versions.publish(stranger, notice)

    assert stored(notice) == before


def test_a_notice_deleted_meanwhile_is_not_found(editor, notice):
    Notice.objects.filter(pk=notice.pk).delete()

    with pytest.raises(NotFound):
        versions.save_draft(editor, notice, values={"slug": "gone"}, revision=1)


# --- Publishing and versions ---------------------------------------------------------------------


def test_each_publish_puts_the_draft_on_the_site_and_keeps_it_as_the_next_version(editor, notice):
    token = ApiToken.issue(editor, "agent", ["testapp:write"])[0]
    with acting_with(token):
        first = versions.publish(editor, notice, revision=1)
    versions.save_draft(editor, first, values={"slug": "summer-fair", "title": {"de": "Fest"}}, revision=2)

    second = versions.publish(editor, first, revision=3)

    row = Notice.objects.get(pk=notice.pk)
    assert (row.slug, row.title, row.state, row.draft) == (
        "summer-fair",
        {"en": "Spring fair", "de": "Fest"},
        State.PUBLISHED,
        None,
    )
    kept = list(versions.versions_of(second))
    assert [(v.number, v.values["slug"], v.values["title"]) for v in kept] == [
        (1, "spring-fair", {"en": "Spring fair"}),
        (2, "summer-fair", {"en": "Spring fair", "de": "Fest"}),
    ]
    assert (kept[0].actor, kept[0].token) == (editor, token)
    assert (kept[1].actor, kept[1].token) == (editor, None)


def test_publishing_a_published_notice_without_edits_takes_no_second_version(editor, published):
    again = versions.publish(editor, published, revision=2)

    assert again.revision == 3
    assert versions.versions_of(published).count() == 1


def test_the_versions_of_one_notice_are_its_own(editor, published):
    other = versions.publish(editor, Notice.objects.create(title={"en": "Other"}, slug="other"))

    assert [v.values["slug"] for v in versions.versions_of(published)] == ["spring-fair"]
    assert [v.values["slug"] for v in versions.versions_of(other)] == ["other"]


def test_a_version_outlives_the_account_that_published_it(make_user, notice):
    leaving = make_user("testapp.change_notice")
    versions.publish(leaving, notice)

    leaving.delete()

    assert versions.versions_of(notice).get().actor is None


def test_deleting_a_notice_deletes_its_versions(editor, published):
    published.delete()

    assert not Version.objects.filter(object_id=published.pk).exists()


# --- Restoring, discarding, unpublishing ---------------------------------------------------------


def test_restoring_version_n_puts_its_values_into_the_draft_until_published(editor, published):
    changed = versions.save_draft(
        editor, published, values={"slug": "summer-fair", "title": {"de": "Fest"}}, revision=2
    )
    second = versions.publish(editor, changed)

    restored = versions.restore_version(editor, second, 1, revision=second.revision)

    row = Notice.objects.get(pk=published.pk)
    assert row.slug == "summer-fair"  # the site still shows version 2
    assert row.state == State.CHANGED
    # The draft is version 1 whole: the German title it never had is gone, not merged.
    assert row.draft_values()["title"] == {"en": "Spring fair"}
    assert row.draft_values()["slug"] == "spring-fair"
    assert restored.revision == row.revision == second.revision + 1
    versions.publish(editor, row)
    assert Notice.objects.get(pk=published.pk).slug == "spring-fair"
    assert [v.values["slug"] for v in versions.versions_of(published)] == [
        "spring-fair",
        "summer-fair",
        "spring-fair",
    ]


def test_restoring_a_version_that_does_not_exist_is_not_found_and_changes_nothing(editor, published):
    before = stored(published)

    for number in (0, 2, 2**63):
        with pytest.raises(NotFound, match=f"There is no version {number} of this record."):
            versions.restore_version(editor, published, number)

    assert stored(published) == before


def test_discarding_brings_the_draft_back_to_the_published_values(editor, published):
    changed = versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)

    discarded = versions.discard(editor, changed, revision=3)

    assert (discarded.state, discarded.draft, discarded.draft_values()["slug"]) == (
        State.PUBLISHED,
        None,
        "spring-fair",
    )


def test_unpublishing_takes_the_notice_off_the_site_and_keeps_its_pending_edits(editor, published):
    changed = versions.save_draft(editor, published, values={"slug": "summer-fair"}, revision=2)

    off = versions.unpublish(editor, changed)

    assert (off.state, off.is_on_site, off.slug, off.draft) == (
        State.UNPUBLISHED,
        False,
        "spring-fair",
        {"slug": "summer-fair"},
    )
    back = versions.publish(editor, off)
    assert (back.state, back.slug) == (State.PUBLISHED, "summer-fair")


def test_discarding_the_edits_of_an_unpublished_notice_keeps_it_off_the_site(editor, published):
    off = versions.unpublish(editor, published)
    edited = versions.save_draft(editor, off, values={"slug": "summer-fair"}, revision=off.revision)

    discarded = versions.discard(editor, edited)

    assert (discarded.state, discarded.draft, discarded.slug) == (State.UNPUBLISHED, None, "spring-fair")


def test_a_draft_never_published_has_nothing_to_discard_and_nothing_to_take_off(editor, notice):
    saved = versions.save_draft(editor, notice, values={"slug": "kept"}, revision=1)

    for step in (versions.discard, versions.unpublish):
        saved = step(editor, saved)

    row = Notice.objects.get(pk=notice.pk)
    assert (row.state, row.slug) == (State.DRAFT, "kept")


# --- The migration -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_versions_migration_goes_back_and_forth():
    def tables() -> set[str]:
        return set(connection.introspection.table_names())

    assert "core_version" in tables()
    try:
        call_command("migrate", "core", "0003", verbosity=0)  # the migration before versions
        assert "core_version" not in tables()
    finally:
        call_command("migrate", verbosity=0)  # every app, as it was
    assert "core_version" in tables()
    executor = MigrationExecutor(connection)
    assert ("core", "0004_versions") in executor.loader.applied_migrations


# --- The log ---------------------------------------------------------------------------------------


def test_every_accepted_change_writes_its_line_and_a_refused_one_none(editor, notice):
    versions.save_draft(editor, notice, values={"slug": "summer-fair"}, revision=1)
    versions.publish(editor, notice, revision=2)
    versions.save_draft(editor, notice, values={"title": {"en": "Summer fair"}}, revision=3)
    with pytest.raises(Conflict):
        versions.save_draft(editor, notice, values={"title": {"en": "Lost"}}, revision=3)
    versions.discard(editor, notice, revision=4)
    versions.unpublish(editor, notice, revision=5)
    versions.restore_version(editor, notice, 1, revision=6)
    lines = [(line.action, line.actor, line.changes, line.detail) for line in log_of(notice)]
    assert lines == [
        ("notice.changed", editor, {"slug": ["spring-fair", "summer-fair"]}, {}),
        ("notice.published", editor, {}, {"version": 1}),
        ("notice.changed", editor, {"title": [{"en": "Spring fair"}, {"en": "Summer fair"}]}, {}),
        ("notice.discarded", editor, {}, {"names": ["title"]}),
        ("notice.unpublished", editor, {}, {}),
        ("notice.version_restored", editor, {}, {"version": 1}),
    ]
