"""Pages on the site: drafts stay off it until Publish, a stale revision is refused, versions
restore, an old address answers 301, and a page answers only while published."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.core.errors import Conflict
from frontdesk.pages import operations
from frontdesk.pages.models import Page
from frontdesk.publishing.models import State
from tests.pages.conftest import heading, text

pytestmark = pytest.mark.django_db


def test_a_draft_page_is_not_on_the_site_until_published(client, make_page):
    page = make_page("about", content={"en": [heading("Who we are")]})
    assert client.get("/about").status_code == 404
    operations.publish_page(page, actor=None)
    response = client.get("/about")
    assert response.status_code == 200
    assert "<h2>Who we are</h2>" in response.text and "<h1>About us</h1>" in response.text


def test_edits_to_a_published_page_wait_until_publish(client, make_page):
    page = make_page("about", content={"en": [heading("Old words")]}, publish=True)
    saved = operations.update_page(
        page,
        actor=None,
        values={"content": {"en": [heading("New words")]}, "title": {"en": "About"}},
        revision=page.revision,
    )
    assert saved.state == State.CHANGED and sorted(saved.draft) == ["content", "title"]
    shown = client.get("/about").text
    assert "Old words" in shown and "New words" not in shown and "<h1>About us</h1>" in shown
    operations.publish_page(saved, actor=None, revision=saved.revision)
    shown = client.get("/about").text
    assert "New words" in shown and "Old words" not in shown and "<h1>About</h1>" in shown


def test_a_stale_revision_is_refused_and_changes_nothing(make_page):
    page = make_page("about", publish=True)
    operations.update_page(page, actor=None, values={"title": {"en": "First"}}, revision=page.revision)
    with pytest.raises(Conflict):
        operations.update_page(page, actor=None, values={"title": {"en": "Second"}}, revision=page.revision)
    assert Page.objects.get(pk=page.pk).draft_values()["title"] == {"en": "First"}


def test_unpublish_takes_the_page_off_and_keeps_its_values(client, make_page):
    page = make_page("about", publish=True)
    operations.unpublish_page(page, actor=None)
    assert client.get("/about").status_code == 404
    assert Page.objects.get(pk=page.pk).title == {"en": "About us"}


def test_a_changed_slug_answers_301_from_the_old_address(client, make_page):
    page = make_page({"en": "about", "de": "ueber"}, publish=True)
    saved = operations.update_page(
        page, actor=None, values={"slug": {"de": "ueber-uns"}}, revision=page.revision
    )
    assert client.get("/de/ueber").status_code == 200  # pending until Publish
    operations.publish_page(saved, actor=None)
    old = client.get("/de/ueber?x=1")
    assert old.status_code == 301 and old["Location"] == "/de/ueber-uns?x=1"
    assert client.get("/de/ueber-uns").status_code == 200
    assert client.get("/about").status_code == 200


def test_a_reserved_or_taken_address_is_refused_under_slug(make_page):
    make_page("about")
    with pytest.raises(ValidationError) as refused:
        make_page("about", title="Again")
    assert "slug" in refused.value.message_dict
    with pytest.raises(ValidationError) as reserved:
        make_page("cms", title="Panel")
    assert "/cms" in reserved.value.message_dict["slug"][0]


def test_a_pending_slug_is_judged_when_saved(make_page):
    make_page("contact")
    page = make_page("about", publish=True)
    with pytest.raises(ValidationError) as refused:
        operations.update_page(page, actor=None, values={"slug": {"en": "contact"}}, revision=page.revision)
    assert "slug" in refused.value.message_dict


def test_a_drafts_new_slug_cannot_be_taken_by_another_page_before_publish(client, make_page):
    page = make_page("about", publish=True)
    page = operations.update_page(page, actor=None, values={"slug": {"en": "team"}}, revision=page.revision)
    assert client.get("/team").status_code == 404  # held, not answering
    with pytest.raises(ValidationError) as refused:
        make_page("team", title="Our team")
    assert refused.value.message_dict["slug"][0] == "The address /team is already taken."
    operations.publish_page(page, actor=None)
    assert client.get("/team").status_code == 200


def test_a_discarded_or_binned_drafts_slug_is_free_again(make_page):
    page = make_page("about", publish=True)
    page = operations.update_page(page, actor=None, values={"slug": {"en": "team"}}, revision=page.revision)
    operations.discard_draft(page, actor=None)
    operations.bin_page(make_page("team", title="Our team"), actor=None)

    page = Page.objects.get(pk=page.pk)
    page = operations.update_page(page, actor=None, values={"slug": {"en": "crew"}}, revision=page.revision)
    operations.bin_page(page, actor=None)
    make_page("crew", title="Our crew")


def test_the_default_languages_slug_is_required(make_page):
    with pytest.raises(ValidationError) as refused:
        make_page({"de": "ueber"})
    assert "slug" in refused.value.message_dict


def test_a_block_refused_by_its_type_is_keyed_by_language_and_place(make_page):
    with pytest.raises(ValidationError) as refused:
        make_page("about", content={"de": [text("ok"), {"type": "heading", "values": {"text": ""}}]})
    assert "content.de.1.text" in refused.value.message_dict
    assert not Page.all_objects.exists()


def test_saving_one_languages_content_keeps_the_others(make_page):
    page = make_page("about", content={"en": [heading("English")], "de": [heading("Deutsch")]})
    saved = operations.update_page(
        page, actor=None, values={"content": {"de": [heading("Neu")]}}, revision=page.revision
    )
    content = saved.draft_values()["content"]
    assert content["en"][0]["values"]["text"] == "English" and content["de"][0]["values"]["text"] == "Neu"


def test_a_language_without_blocks_shows_the_default_languages(client, make_page):
    make_page({"en": "about", "de": "ueber"}, content={"en": [heading("English only")]}, publish=True)
    assert "English only" in client.get("/de/ueber").text


def test_history_lists_versions_and_restores_one(make_page, client):
    page = make_page("about", content={"en": [heading("One")]}, publish=True)
    page = operations.update_page(
        page, actor=None, values={"content": {"en": [heading("Two")]}}, revision=page.revision
    )
    page = operations.publish_page(page, actor=None)
    from frontdesk.pages import outputs
    from frontdesk.publishing.outputs import version_list

    versions = version_list(page)
    assert [version["number"] for version in versions] == [2, 1]
    restored = operations.restore_page_version(page, actor=None, number=1, revision=page.revision)
    assert restored.state == State.CHANGED
    assert "Two" in client.get("/about").text  # the site keeps showing version 2 until Publish
    operations.publish_page(restored, actor=None)
    assert "One" in client.get("/about").text
    actions = [line["action"] for line in outputs.log_lines(page)]
    assert actions[:2] == ["page.published", "page.version_restored"]


def test_the_bin_takes_the_page_off_and_restore_brings_it_back(client, make_page):
    page = make_page("about", publish=True)
    operations.bin_page(page, actor=None)
    assert client.get("/about").status_code == 404
    assert not Page.objects.filter(pk=page.pk).exists()
    operations.restore_page(Page.all_objects.get(pk=page.pk), actor=None)
    assert client.get("/about").status_code == 200


def test_restore_is_refused_when_the_address_was_taken_meanwhile(make_page):
    page = make_page("about", publish=True)
    operations.bin_page(page, actor=None)
    make_page("about", title="Newer")
    with pytest.raises(ValidationError) as refused:
        operations.restore_page(Page.all_objects.get(pk=page.pk), actor=None)
    assert "slug" in refused.value.message_dict


def test_an_account_without_pages_manage_may_not_change_pages(make_user, make_page):
    viewer = make_user("pages.view")
    page = make_page("about")
    with pytest.raises(Exception) as refused:
        operations.publish_page(page, actor=viewer)
    assert type(refused.value).__name__ == "PermissionDenied"
    assert Page.objects.get(pk=page.pk).state == State.DRAFT
