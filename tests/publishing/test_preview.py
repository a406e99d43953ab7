"""Draft previews (publishing/preview.py): a signed link shows the draft in the site's layout to an
account with the type's permission, marked and kept out of search engines; anyone else, a bad
token or an expired one never sees it, and nothing answers 500."""

from __future__ import annotations

import logging
import sys
from datetime import timedelta

import pytest
import time_machine
from django.apps import apps
from django.core import signing
from django.test import Client
from django.utils import timezone

from frontdesk.publishing import versions
from frontdesk.publishing.preview import PREVIEWS, SALT, PreviewType, preview_link
from tests.testapp.models import Crate, Notice
from tests.testapp.views import notice_preview

pytestmark = pytest.mark.django_db

EDITOR = "testapp.change_notice"


@pytest.fixture
def notice() -> Notice:
    """Published as "Spring fair", with "Summer fair" waiting in its draft."""
    notice = versions.publish(
        None, Notice.objects.create(title={"en": "Spring fair", "de": "Frühlingsfest"}, slug="fair")
    )
    return versions.save_draft(
        None, notice, values={"title": {"en": "Summer fair", "de": "Sommerfest"}}, revision=notice.revision
    )


@pytest.fixture
def editor(make_user) -> Client:
    client = Client()
    client.force_login(make_user(EDITOR))
    return client


def test_the_link_shows_the_draft_in_the_layout_marked_as_a_preview(editor, notice):
    response = editor.get(preview_link("test.notice", notice))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<h1 class="test-notice">Summer fair</h1>' in html  # the draft, not the published title
    assert '<div class="site-preview" role="status">' in html
    assert '<link rel="stylesheet" href="/static/frontdesk/site.css">' in html  # the site's layout
    assert '<meta name="robots" content="noindex">' in html and 'rel="canonical"' not in html
    assert response["X-Robots-Tag"] == "noindex"
    assert "no-store" in response["Cache-Control"] and "private" in response["Cache-Control"]
    assert Notice.objects.get(pk=notice.pk).title == {"en": "Spring fair", "de": "Frühlingsfest"}  # unsaved


def test_a_link_in_another_language_shows_the_draft_in_that_language(editor, notice):
    link = preview_link("test.notice", notice, language="de")
    assert link.startswith("/de/preview/")
    html = editor.get(link).content.decode()
    assert '<h1 class="test-notice">Sommerfest</h1>' in html and '<html lang="de">' in html


def test_the_public_site_never_shows_the_banner(client):
    assert "site-preview" not in client.get("/").content.decode()


def test_a_signed_out_visitor_is_sent_to_the_login_and_back(client, notice):
    link = preview_link("test.notice", notice)
    response = client.get(link)
    assert response.status_code == 302
    assert response["Location"].startswith("/cms/login/?next=/preview/")
    assert "Summer fair" not in response.content.decode()


def test_an_account_without_the_types_permission_is_refused(client, make_user, notice):
    client.force_login(make_user("inbox.manage"))
    response = client.get(preview_link("test.notice", notice))
    assert response.status_code == 403
    assert "Summer fair" not in response.content.decode()


def test_an_expired_link_answers_410_and_shows_nothing_of_the_draft(editor, notice):
    link = preview_link("test.notice", notice, lifetime=timedelta(minutes=5))
    with time_machine.travel(timezone.now() + timedelta(minutes=4)):
        assert editor.get(link).status_code == 200
    with time_machine.travel(timezone.now() + timedelta(minutes=6)):
        response = editor.get(link)
    assert response.status_code == 410
    assert "Summer fair" not in response.content.decode()
    assert "This preview has expired" in response.content.decode()
    assert response["X-Robots-Tag"] == "noindex"


def test_the_default_lifetime_is_one_hour(editor, notice):
    link = preview_link("test.notice", notice)
    with time_machine.travel(timezone.now() + timedelta(minutes=59)):
        assert editor.get(link).status_code == 200
    with time_machine.travel(timezone.now() + timedelta(minutes=61)):
        assert editor.get(link).status_code == 410


def test_a_lifetime_beyond_a_week_or_none_at_all_is_refused(notice):
    with pytest.raises(ValueError):
        preview_link("test.notice", notice, lifetime=timedelta(days=8))
    with pytest.raises(ValueError):
        preview_link("test.notice", notice, lifetime=timedelta(0))


def tampered(token: str) -> list[str]:
    """Tokens a visitor might make of a genuine one."""
    other_id = signing.dumps(
        {"type": "test.notice", "id": 1, "ends": 2**40}, salt="another salt", compress=True
    )
    return [
        token[:-1] + ("A" if token[-1] != "A" else "B"),  # the signature changed
        token[:20],  # cut short
        "not-a-token",
        "%%%",
        other_id,  # signed by this site for another purpose
        signing.dumps({"type": "test.notice", "id": 1, "ends": 2**40}, key="another key", salt=SALT),
        signing.dumps(["a list"], salt=SALT),
        signing.dumps({"type": "test.notice", "id": 1, "ends": "never"}, salt=SALT),
        signing.dumps({"type": "test.notice", "id": "seven", "ends": 2**40}, salt=SALT),
        signing.dumps({"type": "test.notice", "id": [1], "ends": 2**40}, salt=SALT),
    ]


def test_a_tampered_or_foreign_token_is_404_never_500(editor, notice, caplog):
    token = preview_link("test.notice", notice).split("/")[2]
    with caplog.at_level(logging.WARNING, logger="django.request"):
        for bad in tampered(token):
            response = editor.get(f"/preview/{bad}/")
            assert response.status_code == 404, bad
            assert "Summer fair" not in response.content.decode()


def test_a_value_signed_with_djangos_default_salt_does_not_open_a_preview(editor, notice):
    # What any other part of the site signs without naming a salt (django.core.signing's default,
    # written out here so that the test does not follow the preview's own salt).
    token = signing.dumps(
        {"type": "test.notice", "id": notice.pk, "ends": 2**40}, salt="django.core.signing", compress=True
    )
    response = editor.get(f"/preview/{token}/")
    assert response.status_code == 404
    assert "Summer fair" not in response.content.decode()


def test_a_link_to_a_row_gone_or_a_type_no_longer_registered_is_404(editor, notice, make_user):
    crate = Crate.objects.create(name="Box")
    with PREVIEWS.temporarily("test.crate", PreviewType("test.crate", Crate, EDITOR, notice_preview)):
        link = preview_link("test.crate", crate)
    assert editor.get(link).status_code == 404  # the type is gone
    link = preview_link("test.notice", notice)
    Notice.objects.filter(pk=notice.pk).delete()
    assert editor.get(link).status_code == 404


def test_only_a_saved_row_of_the_types_model_gets_a_link(notice):
    with pytest.raises(TypeError):
        preview_link("test.notice", Crate(name="Box"))
    with pytest.raises(TypeError):
        preview_link("test.notice", Notice(title={"en": "Unsaved"}, slug="unsaved"))


def test_a_post_to_a_preview_is_refused(editor, notice):
    assert editor.post(preview_link("test.notice", notice)).status_code == 405


@pytest.mark.skipif(
    apps.is_installed("frontdesk.blocks"),
    reason="runs where the block system is left out (scripts/test: FRONTDESK_WITHOUT=services,blocks)",
)
def test_the_preview_needs_no_block_system(editor, notice):
    response = editor.get(preview_link("test.notice", notice))
    assert response.status_code == 200
    assert '<h1 class="test-notice">Summer fair</h1>' in response.content.decode()
    assert "frontdesk.blocks" not in sys.modules  # nothing on the way imported it
