"""Versions through the doors a caller uses: the test app's API routes (/api/cms/testapp/notices)
and MCP tools (tests/testapp/versions_doors.py), thin over frontdesk.publishing.versions. A stale
revision answers 409 in the API and a tool error with the same words in MCP, changing nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.core.errors import MEANINGS, Conflict
from frontdesk.core.models import ApiToken
from frontdesk.publishing import versions
from frontdesk.publishing.models import State
from tests.core.test_mcp import text_of, with_session
from tests.testapp.models import Notice

STALE = str(dict(MEANINGS)[Conflict].default)  # "Someone else changed this in the meantime."
ADDRESS = "/api/cms/testapp/notices"


@pytest.fixture
def editor(make_user):
    return make_user("testapp.change_notice", display_name="Erin Editor")


@pytest.fixture
def browser(editor) -> Client:
    client = Client()
    client.force_login(editor)
    return client


def published_notice(editor) -> Notice:
    """Published as version 1, then saved once more: revision 3, an edit pending."""
    notice = versions.publish(editor, Notice.objects.create(title={"en": "Spring fair"}, slug="spring-fair"))
    return versions.save_draft(editor, notice, values={"slug": "summer-fair"}, revision=2)


def stored(notice: Notice) -> tuple:
    row = Notice.objects.values().get(pk=notice.pk)
    return row, list(versions.versions_of(notice).values("number", "values"))


# --- The API ---------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_save_with_a_stale_revision_answers_409_and_changes_nothing(browser, editor):
    notice = published_notice(editor)
    before = stored(notice)

    response = browser.put(
        f"{ADDRESS}/{notice.pk}",
        {"values": {"slug": "autumn-fair"}, "revision": 2},
        content_type="application/json",
    )

    assert response.status_code == 409
    assert response.json() == {"message": STALE}
    assert stored(notice) == before


@pytest.mark.django_db
def test_a_save_with_the_current_revision_answers_the_draft_and_the_next_revision(browser, editor):
    notice = published_notice(editor)

    response = browser.put(
        f"{ADDRESS}/{notice.pk}",
        {"values": {"title": {"de": "Fest"}}, "revision": 3},
        content_type="application/json",
    )

    assert response.status_code == 200
    assert response.json()["revision"] == 4
    assert response.json()["state"] == State.CHANGED
    assert response.json()["pending"] == ["slug", "title"]
    assert response.json()["values"]["title"] == {"en": "Spring fair", "de": "Fest"}
    assert browser.get(f"{ADDRESS}/{notice.pk}").json() == response.json()


@pytest.mark.django_db
def test_a_bad_value_answers_422_under_its_field(browser, editor):
    notice = published_notice(editor)
    before = stored(notice)

    response = browser.put(
        f"{ADDRESS}/{notice.pk}",
        {"values": {"starts_at": "next tuesday"}, "revision": 3},
        content_type="application/json",
    )

    assert response.status_code == 422
    assert list(response.json()["errors"]) == ["starts_at"]
    assert stored(notice) == before


@pytest.mark.django_db
def test_publish_versions_and_restore_through_the_api(browser, editor):
    notice = published_notice(editor)
    secret = ApiToken.issue(editor, "script", ["testapp:write", "testapp:read"])[1]
    script = Client(HTTP_AUTHORIZATION=f"Bearer {secret}")

    published = script.post(f"{ADDRESS}/{notice.pk}/publish", {}, content_type="application/json")
    listed = browser.get(f"{ADDRESS}/{notice.pk}/versions").json()
    restored = browser.post(
        f"{ADDRESS}/{notice.pk}/versions/1/restore", {"revision": 4}, content_type="application/json"
    )

    assert published.json()["state"] == State.PUBLISHED
    assert [(v["number"], v["values"]["slug"], v["account"], v["token"]) for v in listed] == [
        (1, "spring-fair", "Erin Editor", None),
        (2, "summer-fair", "Erin Editor", "script"),
    ]
    assert restored.status_code == 200
    assert (restored.json()["state"], restored.json()["revision"]) == (State.CHANGED, 5)
    assert restored.json()["values"]["slug"] == "spring-fair"
    assert Notice.objects.get(pk=notice.pk).slug == "summer-fair"  # the site keeps version 2
    missing = browser.post(
        f"{ADDRESS}/{notice.pk}/versions/9/restore", {"revision": 5}, content_type="application/json"
    )
    assert (missing.status_code, missing.json()) == (
        404,
        {"message": "There is no version 9 of this record."},
    )


# --- The MCP tools -----------------------------------------------------------------------------------


@pytest.mark.live
def test_a_stale_revision_is_a_tool_error_with_the_apis_words_and_changes_nothing(live_site, editor, browser):
    notice = published_notice(editor)
    secret = ApiToken.issue(editor, "agent", ["testapp:write"])[1]
    before = stored(notice)
    api_answer = browser.put(
        f"{ADDRESS}/{notice.pk}", {"values": {"slug": "x"}, "revision": 2}, content_type="application/json"
    ).json()

    results = [
        with_session(
            live_site,
            secret,
            lambda session, name=name, arguments=arguments: session.call_tool(name, arguments),
        )
        for name, arguments in [
            ("testapp_notice_save", {"notice": notice.pk, "values": {"slug": "autumn-fair"}, "revision": 2}),
            ("testapp_notice_publish", {"notice": notice.pk, "revision": 2}),
            ("testapp_notice_restore", {"notice": notice.pk, "number": 1, "revision": 2}),
        ]
    ]

    assert [(result.is_error, text_of(result)) for result in results] == [(True, api_answer["message"])] * 3
    assert api_answer["message"] == STALE
    assert stored(notice) == before


@pytest.mark.live
def test_a_tool_save_with_the_current_revision_is_kept_and_publishing_names_the_token(live_site, editor):
    notice = published_notice(editor)
    secret = ApiToken.issue(editor, "agent", ["testapp:write"])[1]

    saved = with_session(
        live_site,
        secret,
        lambda s: s.call_tool(
            "testapp_notice_save", {"notice": notice.pk, "values": {"slug": "x"}, "revision": 3}
        ),
    )
    published = with_session(
        live_site,
        secret,
        lambda s: s.call_tool("testapp_notice_publish", {"notice": notice.pk, "revision": 4}),
    )

    assert not saved.is_error and saved.structured_content["revision"] == 4
    assert not published.is_error and published.structured_content["state"] == State.PUBLISHED
    assert Notice.objects.get(pk=notice.pk).slug == "x"
    assert versions.versions_of(notice).last().token.name == "agent"
