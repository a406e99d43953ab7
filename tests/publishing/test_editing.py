"""The versioned editor's pieces (publishing/editing.py, outputs.py, the panel's includes), on the
test app's notices, without any module that uses them: the row locked at its revision, the
addresses following the slug (a draft's new slug held from its save), the History lines, the
versions, the preview link and the state badge."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from django.template.loader import render_to_string

from frontdesk.core.errors import Conflict, NotFound
from frontdesk.publishing import versions
from frontdesk.publishing.editing import follow_address, locked
from frontdesk.publishing.models import State
from frontdesk.publishing.outputs import history_lines, preview_link_out, version_list
from frontdesk.routes.claims import claim_routes, next_free_slugs, release_routes
from frontdesk.routes.models import Route
from tests.testapp.models import Notice
from tests.testapp.routing import make_event

pytestmark = pytest.mark.django_db

NOTICE = "test-notice"


def create_notice(slug: str = "fair") -> Notice:
    """A draft notice as a module's create operation leaves it: saved, its addresses claimed."""
    notice = Notice.objects.create(title={"en": "Spring fair"}, slug=slug)
    follow_address(notice, NOTICE)
    return notice


def save(notice: Notice, **values) -> Notice:
    """A module's update operation: the row locked at its revision, the draft saved, the
    addresses following."""
    with transaction.atomic():
        current = locked(notice, notice.revision)
        saved = versions.save_draft(None, current, values=values, revision=notice.revision)
        follow_address(saved, NOTICE)
    return saved


def publish(notice: Notice) -> Notice:
    with transaction.atomic():
        published = versions.publish(None, locked(notice, notice.revision), revision=notice.revision)
        claim_routes(published, NOTICE)
    return published


def discard(notice: Notice) -> Notice:
    with transaction.atomic():
        discarded = versions.discard(None, locked(notice, notice.revision), revision=notice.revision)
        follow_address(discarded, NOTICE)
    return discarded


def answering(notice: Notice) -> set[str]:
    """The paths the site answers at for the notice (held ones left out)."""
    rows = Route.objects.filter(type_name=NOTICE, object_id=notice.pk, path__isnull=False)
    return {path for path in rows.values_list("path", flat=True) if path}


# --- locked() ------------------------------------------------------------------------------


def test_locked_answers_the_row_as_stored_now_at_its_revision():
    notice = create_notice()
    Notice.objects.filter(pk=notice.pk).update(slug="moved")
    with transaction.atomic():
        current = locked(notice, notice.revision)
    assert (current.slug, current.revision) == ("moved", 1)


@pytest.mark.parametrize("revision", [2, 0, -1, True, 2**40])
def test_locked_at_a_stale_or_impossible_revision_is_a_conflict(revision):
    notice = create_notice()
    with transaction.atomic(), pytest.raises(Conflict):
        locked(notice, revision)


def test_locked_on_a_row_gone_meanwhile_is_not_found():
    notice = create_notice()
    Notice.objects.filter(pk=notice.pk).delete()
    with transaction.atomic(), pytest.raises(NotFound):
        locked(notice, 1)


# --- follow_address(): a draft's slug ----------------------------------------------------------


def test_a_notice_never_published_claims_its_address_at_each_save(client):
    notice = create_notice("fair")
    save(notice, slug="market")
    assert answering(notice) == {"happenings/market"}
    with pytest.raises(ValidationError) as refused:
        make_event("market")
    assert "The address /happenings/market is already taken." in refused.value.message_dict["slug"]


def test_a_drafts_new_slug_cannot_be_taken_by_another_record_before_publish(client):
    notice = publish(create_notice("fair"))
    notice = save(notice, slug="summer")

    assert client.get("/happenings/fair").content == b"notice: Spring fair"  # the site is unchanged
    assert client.get("/happenings/summer").status_code == 404  # a held address answers nothing
    with pytest.raises(ValidationError) as refused:
        make_event("summer")
    assert "The address /happenings/summer is already taken." in refused.value.message_dict["slug"]

    publish(notice)  # not refused: nobody could take the address meanwhile
    assert answering(notice) == {"happenings/summer"}
    assert client.get("/happenings/summer").content == b"notice: Spring fair"
    assert client.get("/happenings/fair").status_code == 301
    assert not Route.all_objects.filter(pending=True).exists()


def test_a_drafts_new_slug_another_record_holds_is_refused_under_the_slug():
    make_event("summer")
    notice = publish(create_notice("fair"))
    with pytest.raises(ValidationError) as refused:
        save(notice, slug="summer")
    assert refused.value.message_dict["slug"][0] == "The address /happenings/summer is already taken."
    assert Notice.objects.get(pk=notice.pk).draft is None  # the save was taken back with the refusal


def test_a_held_slug_is_let_go_when_the_draft_changes_back_or_is_discarded():
    notice = publish(create_notice("fair"))
    notice = save(notice, slug="summer")
    notice = save(notice, slug="fair")  # back to the published slug: nothing pending to hold
    make_event("summer")

    notice = save(notice, slug="autumn")
    discard(notice)
    make_event("autumn")
    assert not Route.all_objects.filter(pending=True).exists()


def test_a_held_slug_moves_with_the_draft():
    notice = publish(create_notice("fair"))
    notice = save(notice, slug="summer")
    save(notice, slug="autumn")
    make_event("summer")  # free again
    with pytest.raises(ValidationError):
        make_event("autumn")


def test_a_copys_slug_skips_an_address_held_for_a_draft():
    notice = publish(create_notice("fair"))
    save(notice, slug="fair-2")
    assert next_free_slugs("test-event", {"en": "fair"}) == {"en": "fair-3"}


def test_a_row_going_to_the_bin_frees_its_held_slug():
    notice = publish(create_notice("fair"))
    save(notice, slug="summer")
    release_routes(notice)  # the bin's hook (routes/apps.py)
    make_event("summer")
    make_event("fair")


# --- outputs -------------------------------------------------------------------------------------


def test_the_history_lines_say_each_step_in_words_newest_first():
    notice = publish(create_notice())
    notice = save(notice, title={"en": "Summer fair"})
    discard(notice)
    lines = history_lines(notice)
    assert [(line["action"], line["text"]) for line in lines] == [
        ("notice.discarded", "Draft discarded"),
        ("notice.changed", "Draft saved"),
        ("notice.published", "Published"),
    ]
    own = history_lines(notice, {"published": "Out in the world"})
    assert own[2]["text"] == "Out in the world"


def test_the_version_list_is_newest_first():
    notice = publish(create_notice())
    notice = publish(save(notice, title={"en": "Summer fair"}))
    assert [(version["number"], version["values"]["title"]) for version in version_list(notice)] == [
        (2, {"en": "Summer fair"}),
        (1, {"en": "Spring fair"}),
    ]


def test_the_preview_link_opens_the_draft_in_the_language_asked_for(make_user, client):
    notice = save(publish(create_notice()), title={"en": "Summer fair", "de": "Sommerfest"})
    client.force_login(make_user("testapp.change_notice"))
    link = preview_link_out("test.notice", notice, language="de", absolute=lambda path: f"https://x{path}")
    assert link["path"].startswith("/de/preview/") and link["url"] == f"https://x{link['path']}"
    assert preview_link_out("test.notice", notice, language=None)["path"].startswith("/preview/")
    with pytest.raises(ValidationError) as refused:
        preview_link_out("test.notice", notice, language="xx")
    assert refused.value.message_dict == {"language": ["Unknown language: xx."]}
    assert "Sommerfest" in client.get(link["path"]).content.decode()


@pytest.mark.parametrize(
    ("state", "words"),
    [
        (State.DRAFT, "Draft"),
        (State.PUBLISHED, "Published"),
        (State.CHANGED, "Published with edits"),
        (State.UNPUBLISHED, "Unpublished"),
    ],
)
def test_the_state_badge_names_the_state(state, words):
    html = render_to_string("panel/_state_badge.html", {"state": state})
    assert f">{words}</span>" in html


def test_the_history_shows_each_version_with_who_published_it_and_its_restore_button(make_user):
    editor = make_user("testapp.change_notice", display_name="Erin Editor")
    notice = create_notice()
    with transaction.atomic():
        notice = versions.publish(editor, locked(notice, 1), revision=1)
    context = {"versions": version_list(notice), "log": history_lines(notice), "id_prefix": "notices"}
    html = render_to_string("panel/_history.html", {**context, "may_manage": True})
    version_line = html.split("Version 1 · ", 1)[1].split("<button", 1)[0]
    assert version_line.strip().endswith("· Erin Editor")  # who published it
    assert 'data-restore-version="1">Restore version 1 into the draft</button>' in html
    assert 'id="notices-log-heading"' in html and " · Published · Erin Editor</li>" in html
    assert "data-restore-version" not in render_to_string("panel/_history.html", context)


def test_the_steps_offered_follow_the_state_and_the_accounts_permission():
    def steps(**context) -> str:
        html = render_to_string("panel/_versioned_actions.html", {"preview_url": "/preview/x/", **context})
        assert 'href="/preview/x/"' in html  # everyone who may read the row may preview it
        return " ".join(step for step in ("publish", "unpublish", "discard") if f'data-step="{step}"' in html)

    assert steps(may_manage=False, on_site=True, pending=["title"]) == ""
    assert steps(may_manage=True, on_site=False, pending=[]) == "publish"
    assert steps(may_manage=True, on_site=True, pending=["title"]) == "publish unpublish discard"
