"""The shared notes route: author and time recorded, permission per entity, errors in the API's shape."""

from __future__ import annotations

import pytest

from frontdesk.core.models import ApiToken, Note

URL = "/api/cms/entities/{entity}/{pk}/notes"


def post_note(client, entity, pk, body, **extra):
    return client.post(
        URL.format(entity=entity, pk=pk), {"body": body}, content_type="application/json", **extra
    )


def test_a_note_records_its_author_and_time(client, make_user, account_notes):
    manager = make_user("core.accounts.manage", display_name="Mia Manager")
    subject = make_user()
    client.force_login(manager)

    response = post_note(client, account_notes, subject.pk, "  Called back on Monday.  ")

    assert response.status_code == 201
    body = response.json()
    assert body["body"] == "Called back on Monday."
    assert body["author"] == "Mia Manager"
    note = Note.objects.get()
    assert (note.entity, note.object_id, note.author) == (account_notes, str(subject.pk), manager)
    listed = client.get(URL.format(entity=account_notes, pk=subject.pk)).json()
    assert [item["body"] for item in listed] == ["Called back on Monday."]


def test_notes_need_the_entity_permission(client, make_user, account_notes):
    subject = make_user()
    client.force_login(make_user())
    assert post_note(client, account_notes, subject.pk, "Hello").status_code == 403
    assert client.get(URL.format(entity=account_notes, pk=subject.pk)).status_code == 403
    assert Note.objects.count() == 0


def test_anonymous_callers_get_401(client, make_user, account_notes):
    subject = make_user()
    assert post_note(client, account_notes, subject.pk, "Hello").status_code == 401


@pytest.mark.parametrize("body", ["", "   "])
def test_an_empty_note_is_refused_with_the_field_named(client, make_user, account_notes, body):
    subject = make_user()
    client.force_login(make_user("core.accounts.manage"))
    response = post_note(client, account_notes, subject.pk, body)
    assert response.status_code == 422
    assert set(response.json()) == {"message", "errors"}
    assert list(response.json()["errors"]) == ["body"]


def test_unknown_entity_and_unknown_record_answer_404(client, make_user, account_notes):
    client.force_login(make_user("core.accounts.manage"))
    assert post_note(client, "no_such_thing", 1, "Hello").status_code == 404
    assert post_note(client, account_notes, 999999, "Hello").status_code == 404
    assert post_note(client, account_notes, "not-a-number", "Hello").status_code == 404
    assert "message" in post_note(client, account_notes, 999999, "Hello").json()


def test_a_body_that_is_not_json_is_a_422_not_a_500(client, make_user, account_notes):
    subject = make_user()
    client.force_login(make_user("core.accounts.manage"))
    response = client.post(
        URL.format(entity=account_notes, pk=subject.pk), "{not json", content_type="application/json"
    )
    assert response.status_code in {400, 422}


def test_the_session_door_checks_the_csrf_token(make_user, account_notes):
    from django.test import Client

    subject = make_user()
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_user("core.accounts.manage"))
    assert post_note(client, account_notes, subject.pk, "Hello").status_code in {401, 403}
    assert Note.objects.count() == 0


def test_a_bearer_token_needs_the_write_scope_to_add(client, make_user, account_notes):
    manager = make_user("core.accounts.manage")
    subject = make_user()
    _token, reader = ApiToken.issue(manager, "reader", ["core:read"])
    _token, writer = ApiToken.issue(manager, "writer", ["core:read", "core:write"])

    refused = post_note(client, account_notes, subject.pk, "Hi", HTTP_AUTHORIZATION=f"Bearer {reader}")
    assert refused.status_code == 403
    assert "core:write" in refused.json()["message"]
    listed = client.get(
        URL.format(entity=account_notes, pk=subject.pk), HTTP_AUTHORIZATION=f"Bearer {reader}"
    )
    assert listed.status_code == 200
    added = post_note(client, account_notes, subject.pk, "Hi", HTTP_AUTHORIZATION=f"Bearer {writer}")
    assert added.status_code == 201


def test_a_bad_bearer_token_is_401(client, make_user, account_notes):
    subject = make_user()
    response = post_note(client, account_notes, subject.pk, "Hi", HTTP_AUTHORIZATION="Bearer fd_nonsense")
    assert response.status_code == 401


def test_the_route_and_the_agent_tool_give_a_note_in_one_shape(client, make_user, account_notes):
    from frontdesk.core.mcp.calls import jsonable
    from frontdesk.core.mcp.core_tools import notes_list

    manager = make_user("core.accounts.manage", display_name="Mia Manager")
    subject = make_user()
    client.force_login(manager)
    post_note(client, account_notes, subject.pk, "Called back.")
    [by_route] = client.get(URL.format(entity=account_notes, pk=subject.pk)).json()
    [by_tool] = jsonable(notes_list(manager, account_notes, str(subject.pk)))["notes"]
    assert by_tool == {**by_route, "entity": account_notes, "record_id": str(subject.pk)}
    assert set(by_route) == {"id", "body", "author", "created_at"}


def test_the_system_may_write_a_note_with_no_author_and_an_anonymous_caller_may_not(make_user, account_notes):
    """`actor=None` is the system, as in every operation (a command, demo content); a door's
    anonymous user holds no permission."""
    from django.contrib.auth.models import AnonymousUser
    from django.core.exceptions import PermissionDenied

    from frontdesk.core import notes

    subject = make_user()
    note = notes.add_note(None, account_notes, str(subject.pk), "Imported from the old system.")
    assert (note.author, note.body) == (None, "Imported from the old system.")
    with pytest.raises(PermissionDenied):
        notes.add_note(AnonymousUser(), account_notes, str(subject.pk), "Hello")
