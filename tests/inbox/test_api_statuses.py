"""The panel API's statuses and assignees: /api/cms/inbox/statuses..., /api/cms/inbox/assignees."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client

from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import accept_submission
from tests.clients import INBOX_API as BASE
from tests.clients import client_for, send

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(make_user):
    return client_for(make_user("inbox.view", "inbox.manage"))


def test_statuses_are_listed_in_order_with_their_flags(manager):
    response = manager.get(BASE + "/statuses")
    assert response.status_code == 200
    rows = response.json()
    assert [row["label_text"] for row in rows] == ["New", "In progress", "Done", "Rejected", "Spam"]
    assert rows[0] == {
        "id": rows[0]["id"], "label": {"en": "New", "de": "Neu", "ru": "Новая"}, "label_text": "New",
        "colour": "#2563eb", "is_arrival": True, "is_spam": False, "is_closed": False, "position": 0,
    }  # fmt: skip
    assert rows[4]["is_spam"] and rows[4]["is_closed"]


def test_creating_a_status_answers_201_and_a_flag_moves_to_it(manager):
    response = send(
        manager, "post", "/statuses", {"label": {"en": "Triage"}, "colour": "#112233", "is_arrival": True}
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["label_text"], body["colour"], body["is_arrival"]) == ("Triage", "#112233", True)
    assert list(Status.objects.filter(is_arrival=True).values_list("pk", flat=True)) == [body["id"]]


def test_a_change_names_only_what_changes(manager):
    done = Status.objects.get(label__en="Done")
    response = send(manager, "put", f"/statuses/{done.pk}", {"colour": "#000000"})
    assert response.status_code == 200
    assert response.json()["label"] == done.label and response.json()["is_closed"] is True
    done.refresh_from_db()
    assert done.colour == "#000000"


def test_taking_the_arrival_flag_from_its_only_holder_answers_422_with_the_reason(manager):
    new = Status.objects.get(is_arrival=True)
    response = send(manager, "put", f"/statuses/{new.pk}", {"is_arrival": False})
    assert response.status_code == 422
    assert response.json()["errors"] == {
        "is_arrival": ["One status must take new submissions; give this flag to another status instead."]
    }


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"label": {"de": "Nur Deutsch"}, "colour": "#123456"}, "label"),
        ({"label": {"en": "X"}, "colour": "blue"}, "colour"),
        ({"label": {"en": "X"}}, "colour"),
        ({"colour": "#123456"}, "label"),
        ({"label": {"en": "X"}, "colour": "#123456", "is_spam": "sometimes"}, "is_spam"),
        ({"label": {"en": "X"}, "colour": "#123456", "is_arrival": True, "is_spam": True}, "is_spam"),
        ({"label": {"en": "X"}, "colour": "#123456", "position": 3}, "position"),
    ],
)
def test_bad_status_bodies_answer_422_keyed_by_the_value(manager, body, key):
    before = Status.objects.count()
    response = send(manager, "post", "/statuses", body)
    assert response.status_code == 422, response.content
    assert key in response.json()["errors"]
    assert Status.objects.count() == before


def test_deleting_answers_204_or_422_with_the_reason(manager, contact_form, good_answers):
    rejected = Status.objects.get(label__en="Rejected")
    assert manager.delete(f"{BASE}/statuses/{rejected.pk}").status_code == 204
    assert not Status.objects.filter(pk=rejected.pk).exists()
    spam = Status.objects.get(is_spam=True)
    refused = manager.delete(f"{BASE}/statuses/{spam.pk}")
    assert refused.status_code == 422 and "marks spam" in refused.json()["errors"]["__all__"][0]
    accept_submission(contact_form, good_answers)
    arrival = Status.objects.get(is_arrival=True)
    send(manager, "put", f"/statuses/{Status.objects.get(label__en='Done').pk}", {"is_arrival": True})
    used = manager.delete(f"{BASE}/statuses/{arrival.pk}")
    assert used.status_code == 422
    assert used.json()["errors"]["__all__"] == [
        "Submissions have this status; move them to another status first."
    ]
    assert manager.delete(f"{BASE}/statuses/999999").status_code == 404
    assert manager.delete(f"{BASE}/statuses/{2**64}").status_code == 404


def test_sorting_statuses(manager):
    ids = [row["id"] for row in manager.get(BASE + "/statuses").json()]
    assert send(manager, "post", "/statuses/sorting", {"order": ids[::-1]}).status_code == 204
    assert [row["id"] for row in manager.get(BASE + "/statuses").json()] == ids[::-1]
    assert send(manager, "post", "/statuses/sorting", {"order": ids[1:]}).status_code == 422
    assert send(manager, "post", "/statuses/sorting", {"order": [2**64]}).status_code == 422


def test_statuses_need_inbox_manage_to_change(make_user):
    viewer = client_for(make_user("inbox.view", "inbox.update"))
    assert viewer.get(BASE + "/statuses").status_code == 200
    assert send(viewer, "post", "/statuses", {"label": {"en": "X"}, "colour": "#123456"}).status_code == 403
    new = Status.objects.get(is_arrival=True)
    assert send(viewer, "put", f"/statuses/{new.pk}", {"colour": "#000000"}).status_code == 403
    assert viewer.delete(f"{BASE}/statuses/{new.pk}").status_code == 403
    assert Client().get(BASE + "/statuses").status_code == 401


def test_assignees_are_the_active_accounts_that_may_open_the_inbox(make_user):
    viewer = make_user("inbox.view", display_name="Vera Viewer")
    make_user("inbox.view", is_active=False)
    make_user()  # no inbox
    by_role = make_user(display_name="Rolf Role")
    role = Group.objects.create(name="Staff")
    role.permissions.add(Permission.objects.get(content_type__app_label="inbox", codename="view"))
    by_role.groups.add(role)
    boss = make_user(is_superuser=True, email="boss@example.com")
    response = client_for(viewer).get(BASE + "/assignees")
    assert response.status_code == 200
    assert sorted(response.json(), key=lambda row: row["id"]) == [
        {"id": viewer.pk, "name": "Vera Viewer", "email": viewer.email},
        {"id": by_role.pk, "name": "Rolf Role", "email": by_role.email},
        {"id": boss.pk, "name": "boss@example.com", "email": "boss@example.com"},
    ]
    assert client_for(make_user()).get(BASE + "/assignees").status_code == 403
