"""The panel API's submissions: the list and its filters, one submission, typing one in, changes,
read state and mass changes (/api/cms/inbox/forms/{form}/submissions, /api/cms/inbox/submissions...)."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.utils import timezone

from frontdesk.core.models import ApiToken, LogEntry
from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.models.submissions import Source
from frontdesk.inbox.operations import accept_submission, create_form, update_submission
from frontdesk.inbox.queries import form_counts
from tests.clients import INBOX_API as BASE
from tests.clients import client_for, send

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk_user(make_user):
    return make_user("inbox.view", "inbox.update", display_name="Clara Clerk")


@pytest.fixture
def clerk(clerk_user):
    return client_for(clerk_user)


@pytest.fixture
def viewer(make_user):
    return client_for(make_user("inbox.view"))


@pytest.fixture
def five(contact_form, good_answers):
    """Five submissions a day apart, newest last: Ada 0 .. Ada 4."""
    made = []
    start = timezone.now() - timedelta(days=10)
    for number in range(5):
        with time_machine.travel(start + timedelta(days=number), tick=False):
            made.append(accept_submission(contact_form, {**good_answers, "name": f"Ada {number}"})[0])
    return made


def status(label: str) -> Status:
    return Status.objects.get(label__en=label)


def ids(response) -> list[int]:
    return [row["id"] for row in response.json()["rows"]]


# --- the list ----------------------------------------------------------------------------------


def test_the_list_answers_the_paginator_structure_with_columns_and_tabs(viewer, contact_form, five):
    response = viewer.get(f"{BASE}/forms/{contact_form.pk}/submissions", {"per_page": 2})
    assert response.status_code == 200
    body = response.json()
    assert (body["current_page"], body["per_page"], body["total"], body["last_page"]) == (1, 2, 5, 3)
    assert body["total_is_capped"] is False
    assert ids(response) == [five[4].pk, five[3].pk]
    assert body["columns"] == [{"name": "name", "label": "Your name"}]
    row = body["rows"][0]
    assert set(row) == {"id", "created_at", "status", "assignee", "is_unread", "language", "source", "cells"}
    assert row["cells"] == {"name": "Ada 4"}
    assert row["status"] == {"id": status("New").pk, "label": "New", "colour": "#2563eb"}
    assert (row["assignee"], row["is_unread"], row["source"], row["language"]) == (None, True, "public", "en")
    tabs = {tab["key"]: tab for tab in body["tabs"]}
    assert [tab["key"] for tab in body["tabs"]][:2] == ["all", "unread"]
    assert tabs["all"] == {"key": "all", "label": "All", "count": 5, "unread": 5, "colour": ""}
    assert tabs[str(status("New").pk)]["count"] == 5
    second = viewer.get(f"{BASE}/forms/{contact_form.pk}/submissions", {"per_page": 2, "page": 2})
    assert ids(second) == [five[2].pk, five[1].pk]


def test_filters_narrow_the_list_spam_has_its_own_tab(viewer, contact_form, five, clerk_user):
    spam, done = status("Spam"), status("Done")
    update_submission(five[0], actor=None, values={"status": spam})
    update_submission(five[1], actor=None, values={"status": done, "assignee": clerk_user})
    url = f"{BASE}/forms/{contact_form.pk}/submissions"
    assert ids(viewer.get(url)) == [five[4].pk, five[3].pk, five[2].pk, five[1].pk]  # spam left out
    assert ids(viewer.get(url, {"tab": str(spam.pk)})) == [five[0].pk]
    assert ids(viewer.get(url, {"status": str(done.pk)})) == [five[1].pk]
    assert ids(viewer.get(url, {"assignee": str(clerk_user.pk)})) == [five[1].pk]
    assert ids(viewer.get(url, {"assignee": "none"})) == [five[4].pk, five[3].pk, five[2].pk]
    assert ids(viewer.get(url, {"q": "ada 3"})) == [five[3].pk]
    day = timezone.localtime(five[2].created_at).date().isoformat()
    assert ids(viewer.get(url, {"since": day, "until": day})) == [five[2].pk]
    assert ids(viewer.get(url, {"tab": "all", "q": "", "status": "", "since": ""})) == ids(viewer.get(url))


@pytest.mark.parametrize(
    ("query", "key"),
    [
        ({"tab": "spam"}, "tab"),
        ({"tab": "0"}, "tab"),
        ({"status": "x"}, "status"),
        ({"assignee": "someone"}, "assignee"),
        ({"since": "31.12.2026"}, "since"),
        ({"since": "2026-02-01", "until": "2026-01-01"}, "until"),
        ({"q": "x" * 201}, "q"),
        ({"q": "a\x00b"}, "q"),
        ({"tab": "9" * 19}, "tab"),
        ({"status": "9" * 40}, "status"),
        ({"per_page": "201"}, "per_page"),
        ({"page": "0"}, "page"),
        ({"page": "many"}, "page"),
    ],
)
def test_bad_filters_answer_422_keyed_by_the_query_key(viewer, contact_form, five, query, key):
    response = viewer.get(f"{BASE}/forms/{contact_form.pk}/submissions", query)
    assert response.status_code == 422, response.content
    assert key in response.json()["errors"]


def test_huge_but_well_formed_ids_in_filters_find_nothing_instead_of_failing(viewer, contact_form, five):
    url = f"{BASE}/forms/{contact_form.pk}/submissions"
    for query in ({"tab": "9" * 18}, {"status": "9" * 18}, {"assignee": "9" * 18}):
        response = viewer.get(url, query)
        assert response.status_code == 200, (query, response.content)
        assert response.json()["rows"] == []


def test_a_page_beyond_the_last_is_empty(viewer, contact_form, five):
    response = viewer.get(f"{BASE}/forms/{contact_form.pk}/submissions", {"page": 99})
    assert response.status_code == 200 and response.json()["rows"] == []


# --- one submission -----------------------------------------------------------------------------


def test_a_submission_answers_everything_its_screen_shows_and_stays_unread(viewer, contact_form, five):
    target = five[2]
    response = viewer.get(f"{BASE}/submissions/{target.pk}")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "id", "form", "status", "assignee", "is_unread", "language", "source", "source_label", "metadata",
        "notify_error", "created_at", "updated_at", "answers", "files", "log", "previous", "next",
    }  # fmt: skip
    assert body["form"] == {"id": contact_form.pk, "slug": "contact", "title_text": "Contact"}
    assert (body["source"], body["source_label"]) == ("public", "Website")
    days = next(answer for answer in body["answers"] if answer["name"] == "days")
    assert days == {"name": "days", "label": "Days", "labels": {"en": "Days"}, "type": "checkbox",
                    "value": "mon, tue", "values": ["mon", "tue"]}  # fmt: skip
    assert body["log"][0]["action"] == "submission.created"
    assert body["log"][0]["text"] and body["log"][0]["actor"] is None
    assert (body["previous"], body["next"]) == (five[3].pk, five[1].pk)
    assert body["is_unread"] is True
    target.refresh_from_db()
    assert target.is_unread  # reading through the API does not mark read


def test_previous_and_next_walk_the_filtered_list(viewer, contact_form, five):
    update_submission(five[1], actor=None, values={"status": status("Done")})
    update_submission(five[3], actor=None, values={"status": status("Done")})
    body = viewer.get(f"{BASE}/submissions/{five[1].pk}", {"status": str(status("Done").pk)}).json()
    assert (body["previous"], body["next"]) == (five[3].pk, None)
    assert viewer.get(f"{BASE}/submissions/{five[1].pk}", {"tab": "nope"}).status_code == 422


@pytest.mark.parametrize("pk", ["999999", str(2**63), str(2**80), "0"])
def test_unknown_or_impossible_submission_ids_answer_404(clerk, pk):
    assert clerk.get(f"{BASE}/submissions/{pk}").status_code == 404
    assert send(clerk, "put", f"/submissions/{pk}", {"assignee": None}).status_code == 404
    assert send(clerk, "post", f"/submissions/{pk}/read", {"read": True}).status_code == 404
    assert clerk.get(f"{BASE}/forms/{pk}/submissions").status_code == 404
    assert send(clerk, "post", f"/forms/{pk}/submissions", {"answers": {}}).status_code == 404


def test_a_word_where_an_id_goes_is_a_404(clerk):
    assert clerk.get(f"{BASE}/submissions/first").status_code == 404
    assert clerk.get(f"{BASE}/forms/contact/submissions").status_code == 404


# --- typed in by hand --------------------------------------------------------------------------


def test_a_submission_typed_in_by_hand_follows_the_intake_and_says_so(
    clerk, clerk_user, contact_form, good_answers
):
    response = send(
        clerk, "post", f"/forms/{contact_form.pk}/submissions", {"answers": good_answers, "language": "de"}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    submission = Submission.objects.get(pk=body["id"])
    assert (submission.source, submission.language, submission.status) == (Source.PANEL, "de", status("New"))
    assert (body["source"], body["source_label"]) == ("panel", "Typed in by hand")
    assert submission.answer("days").payload == ["mon", "tue"]
    line = submission.log.get()
    assert (line.action, line.actor, line.detail) == ("submission.created", clerk_user, {"source": "panel"})
    assert form_counts(contact_form) == {"total": 1, "unread": 1}
    again = send(clerk, "post", f"/forms/{contact_form.pk}/submissions", {"answers": good_answers})
    assert again.status_code == 200 and again.json()["id"] == body["id"]  # the duplicate window


def test_typed_in_answers_are_refused_keyed_by_machine_name(clerk, contact_form):
    response = send(
        clerk, "post", f"/forms/{contact_form.pk}/submissions",
        {"answers": {"name": "", "email": "nope", "topic": "x", "days": ["sun"]}},
    )  # fmt: skip
    assert response.status_code == 422
    assert set(response.json()["errors"]) == {
        "fields.name", "fields.email", "fields.topic", "fields.days", "fields.consent",
    }  # fmt: skip
    assert not Submission.objects.exists()


def test_typing_in_needs_inbox_update(viewer, make_user, contact_form, good_answers):
    response = send(viewer, "post", f"/forms/{contact_form.pk}/submissions", {"answers": good_answers})
    assert response.status_code == 403
    with pytest.raises(PermissionDenied):  # the operation refuses too, whatever the door
        accept_submission(contact_form, good_answers, source=Source.PANEL, actor=make_user("inbox.view"))
    assert not Submission.objects.exists()


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({}, "answers"),
        ({"answers": []}, "answers"),
        ({"answers": {"name": {"nested": 1}}}, "answers.name"),
        ({"answers": {"name": "Ada\x00"}}, "answers"),
        ({"answers": {}, "extra": 1}, "extra"),
    ],
)
def test_malformed_typed_in_bodies_answer_422(clerk, contact_form, body, key):
    response = send(clerk, "post", f"/forms/{contact_form.pk}/submissions", body)
    assert response.status_code == 422, response.content
    assert any(name.startswith(key) for name in response.json()["errors"]), response.json()


# --- changing one ------------------------------------------------------------------------------


def test_status_assignee_and_an_answer_change_in_one_call(clerk, clerk_user, five):
    target = five[0]
    done = status("Done")
    response = send(clerk, "put", f"/submissions/{target.pk}",
                    {"status": done.pk, "assignee": clerk_user.pk, "answers": {"email": "new@example.org"}})  # fmt: skip
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"]["id"] == done.pk
    assert body["assignee"] == {"id": clerk_user.pk, "name": "Clara Clerk"}
    assert next(a["value"] for a in body["answers"] if a["name"] == "email") == "new@example.org"
    assert [line["action"] for line in body["log"]][-3:] == [
        "submission.status_changed", "submission.assigned", "submission.answer_corrected",
    ]  # fmt: skip
    unassigned = send(clerk, "put", f"/submissions/{target.pk}", {"assignee": None})
    assert unassigned.json()["assignee"] is None
    assert unassigned.json()["status"]["id"] == done.pk  # not named: unchanged


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"status": 999999}, "status"),
        ({"status": 2**64}, "status"),
        ({"status": "done"}, "status"),
        ({"assignee": 999999}, "assignee"),
        ({"answers": {"email": "not an address"}}, "fields.email"),
        ({"answers": {"nope": "x"}}, "answers.nope"),
    ],
)
def test_bad_changes_answer_422_and_change_nothing(clerk, five, body, key):
    target = five[0]
    before = LogEntry.objects.filter(submission=target).count()
    response = send(clerk, "put", f"/submissions/{target.pk}", body)
    assert response.status_code == 422, response.content
    assert key in response.json()["errors"]
    assert LogEntry.objects.filter(submission=target).count() == before


def test_an_account_that_may_change_but_not_view_gets_no_submission_back(make_user, five):
    updater = client_for(make_user("inbox.update"))
    target, done = five[0], status("Done")
    before = Submission.objects.get(pk=target.pk).updated_at
    with time_machine.travel(timezone.now() + timedelta(hours=1)):
        empty = send(updater, "put", f"/submissions/{target.pk}", {})
    assert empty.status_code == 200, empty.content
    new = {"id": status("New").pk, "label": "New", "colour": "#2563eb"}
    assert empty.json() == {"id": target.pk, "status": new, "assignee": None}
    assert Submission.objects.get(pk=target.pk).updated_at == before  # an empty change changes nothing
    assert LogEntry.objects.filter(submission=target).count() == 1
    changed = send(updater, "put", f"/submissions/{target.pk}", {"status": done.pk})
    assert changed.json() == {"id": target.pk, "status": {"id": done.pk, "label": "Done", "colour": done.colour},
                              "assignee": None}  # fmt: skip
    assert "Ada" not in changed.content.decode()


def test_a_token_without_inbox_read_gets_no_submission_back(clerk_user, five):
    _token, secret = ApiToken.issue(clerk_user, "script", ["inbox:write"])
    response = Client().put(
        f"{BASE}/submissions/{five[0].pk}", {"assignee": clerk_user.pk},
        content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {secret}",
    )  # fmt: skip
    assert response.status_code == 200, response.content
    assert set(response.json()) == {"id", "status", "assignee"}
    assert response.json()["assignee"] == {"id": clerk_user.pk, "name": "Clara Clerk"}


def test_typing_in_without_inbox_view_answers_only_what_was_made(make_user, contact_form, good_answers):
    updater = client_for(make_user("inbox.update"))
    response = send(updater, "post", f"/forms/{contact_form.pk}/submissions", {"answers": good_answers})
    assert response.status_code == 201, response.content
    made = Submission.objects.get()
    assert response.json() == {
        "id": made.pk, "status": {"id": status("New").pk, "label": "New", "colour": "#2563eb"}, "assignee": None,
    }  # fmt: skip
    again = send(updater, "post", f"/forms/{contact_form.pk}/submissions", {"answers": good_answers})
    assert again.status_code == 200
    assert set(again.json()) == {"id", "status", "assignee"}  # the earlier one is not shown either


def test_changing_needs_inbox_update(viewer, five):
    assert send(viewer, "put", f"/submissions/{five[0].pk}", {"status": status("Done").pk}).status_code == 403
    five[0].refresh_from_db()
    assert five[0].status == status("New")


def test_read_and_unread_keep_the_counts(viewer, contact_form, five):
    url = f"/submissions/{five[0].pk}/read"
    assert send(viewer, "post", url, {"read": True}).status_code == 204
    five[0].refresh_from_db()
    assert not five[0].is_unread and form_counts(contact_form)["unread"] == 4
    assert send(viewer, "post", url, {"read": False}).status_code == 204
    five[0].refresh_from_db()
    assert five[0].is_unread and form_counts(contact_form)["unread"] == 5
    assert send(viewer, "post", url, {}).status_code == 422
    assert send(viewer, "post", url, {"read": "perhaps"}).status_code == 422


# --- mass changes ------------------------------------------------------------------------------


def test_mass_sets_a_status_over_a_selection(clerk, contact_form, five):
    done = status("Done")
    response = send(clerk, "post", "/submissions/mass",
                    {"form": contact_form.pk, "ids": [five[0].pk, five[1].pk], "status": done.pk})  # fmt: skip
    assert response.status_code == 200 and response.json() == {"changed": 2}
    assert set(Submission.objects.filter(status=done).values_list("pk", flat=True)) == {
        five[0].pk,
        five[1].pk,
    }


def test_mass_deletes_a_selection(clerk, contact_form, five):
    response = send(clerk, "post", "/submissions/mass",
                    {"form": contact_form.pk, "ids": [five[0].pk, five[1].pk], "delete": True})  # fmt: skip
    assert response.json() == {"changed": 2}
    assert set(Submission.objects.values_list("pk", flat=True)) == {s.pk for s in five[2:]}
    assert form_counts(contact_form)["total"] == 3


def test_a_selection_reaching_into_another_form_is_refused_whole(clerk, contact_form, five, good_answers):
    other = create_form(
        actor=None, values={"slug": "other", "title": {"en": "Other"}}, fields=[{"machine_name": "x"}]
    )
    foreign, _ = accept_submission(other, {"x": "hello"})
    for extra in ({"status": status("Done").pk}, {"delete": True}):
        response = send(
            clerk,
            "post",
            "/submissions/mass",
            {"form": contact_form.pk, "ids": [five[0].pk, foreign.pk], **extra},
        )
        assert response.status_code == 422
        assert "ids" in response.json()["errors"]
    assert Submission.objects.count() == 6
    assert set(Submission.objects.values_list("status", flat=True)) == {status("New").pk}


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"ids": [1]}, "form"),
        ({"form": 999999, "ids": [1], "delete": True}, "form"),
        ({"form": "FORM", "ids": [1], "delete": True}, "form"),
        ("FORM_IDS", "__all__"),  # neither status nor delete
        ("FORM_BOTH", "__all__"),  # both
        ("FORM_HUGE", "ids.0"),
        ("FORM_UNKNOWN_STATUS", "status"),
    ],
)
def test_bad_mass_bodies_answer_422_and_change_nothing(clerk, contact_form, five, body, key):
    mine = [five[0].pk]
    bodies = {
        "FORM_IDS": {"form": contact_form.pk, "ids": mine},
        "FORM_BOTH": {"form": contact_form.pk, "ids": mine, "status": status("Done").pk, "delete": True},
        "FORM_HUGE": {"form": contact_form.pk, "ids": [2**64], "delete": True},
        "FORM_UNKNOWN_STATUS": {"form": contact_form.pk, "ids": mine, "status": 999999},
    }
    response = send(clerk, "post", "/submissions/mass", bodies[body] if isinstance(body, str) else body)
    assert response.status_code == 422, response.content
    assert key in response.json()["errors"]
    assert Submission.objects.count() == 5
    assert set(Submission.objects.values_list("status", flat=True)) == {status("New").pk}


def test_mass_needs_inbox_update(viewer, contact_form, five):
    response = send(
        viewer, "post", "/submissions/mass", {"form": contact_form.pk, "ids": [five[0].pk], "delete": True}
    )
    assert response.status_code == 403
    assert Submission.objects.count() == 5 and Form.objects.count() == 1
