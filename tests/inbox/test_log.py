"""The inbox writes its log into the host's (core/log.py): one line with the acting account for
every creation, change and deletion of a form, a field, a status and a submission; through an
API token or an MCP call, the line names the token too."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType

from frontdesk.core.log import log_of
from frontdesk.core.models import ApiToken, LogEntry
from frontdesk.inbox.models import Field, Form, Status, Submission
from frontdesk.inbox.operations import (
    accept_submission,
    bin_field,
    create_field,
    create_form,
    create_status,
    purge_form,
    purge_status,
    update_field,
    update_form,
    update_status,
    update_submission,
)
from frontdesk.inbox.operations.retention import purge_submission
from tests.clients import INBOX_API, client_for, send

pytestmark = pytest.mark.django_db


@pytest.fixture
def manager(make_user):
    return make_user("inbox.view", "inbox.update", "inbox.manage", display_name="Mia Manager")


def lines(row) -> list[tuple[str, object, dict]]:
    return [(line.action, line.actor, line.changes) for line in log_of(row)]


def lines_of_kind(model, pk: int) -> list[str]:
    kind = ContentType.objects.get_for_model(model)
    return list(LogEntry.objects.filter(content_type=kind, object_id=pk).values_list("action", flat=True))


def test_a_form_created_changed_and_deleted_writes_one_line_each_with_its_account(manager):
    form = create_form(actor=manager, values={"slug": "quote", "title": {"en": "Quote"}})
    update_form(form, actor=manager, values={"title": {"en": "A quote"}, "is_switched_off": True})
    update_form(form, actor=manager, values={"title": {"en": "A quote"}})  # nothing changes: no line
    pk = form.pk
    purge_form(form, actor=manager)
    created, changed, deleted = log_of(Form(pk=pk))
    assert (created.action, created.actor, created.changes["slug"]) == (
        "form.created",
        manager,
        [None, "quote"],
    )
    assert (changed.action, changed.actor, changed.changes) == (
        "form.changed",
        manager,
        {"title": [{"en": "Quote"}, {"en": "A quote"}], "is_switched_off": [False, True]},
    )
    assert (deleted.action, deleted.actor, deleted.detail["slug"]) == ("form.deleted", manager, "quote")


def test_a_refused_deletion_of_a_form_leaves_no_line(manager, contact_form, good_answers):
    accept_submission(contact_form, good_answers)
    with pytest.raises(Exception, match="cannot be deleted"):
        purge_form(contact_form, actor=manager)
    assert "form.deleted" not in lines_of_kind(Form, contact_form.pk)


def test_a_field_created_changed_and_put_aside_into_the_bin_writes_one_line_each(manager, contact_form):
    field = create_field(
        contact_form, actor=manager, values={"machine_name": "phone", "label": {"en": "Phone"}}
    )
    update_field(field, actor=manager, values={"required": True, "label": {"en": "Phone"}})
    bin_field(field, actor=manager)
    assert lines(field) == [
        ("field.created", manager, lines(field)[0][2]),
        ("field.changed", manager, {"required": [False, True]}),
        ("field.binned", manager, {}),
    ]
    assert lines(field)[0][2]["machine_name"] == [None, "phone"]


def test_fields_saved_with_their_form_are_logged_too(manager, contact_form):
    message = Field.objects.get(form=contact_form, machine_name="message")
    update_form(
        contact_form,
        actor=manager,
        values={},
        fields=[{"id": message.pk, "max_length": 500}, {"machine_name": "city", "type": "text"}],
    )
    assert lines(message)[-1] == ("field.changed", manager, {"max_length": [message.max_length, 500]})
    city = Field.objects.get(form=contact_form, machine_name="city")
    assert [action for action, *_rest in lines(city)] == ["field.created"]


def test_a_status_created_changed_and_deleted_writes_one_line_each(manager):
    status = create_status(actor=manager, values={"label": {"en": "Waiting"}})
    update_status(status, actor=manager, values={"colour": "#112233"})
    pk = status.pk
    purge_status(status, actor=manager)
    actions = [(line.action, line.actor) for line in log_of(Status(pk=pk))]
    assert actions == [("status.created", manager), ("status.changed", manager), ("status.deleted", manager)]
    assert log_of(Status(pk=pk))[1].changes == {"colour": [status.colour, "#112233"]}


def test_a_flag_that_moves_is_logged_on_the_status_that_loses_it(manager):
    arrival = Status.objects.get(is_arrival=True)
    other = create_status(actor=manager, values={"label": {"en": "Inbox"}})
    update_status(other, actor=manager, values={"is_arrival": True})
    assert lines(arrival)[-1] == ("status.changed", manager, {"is_arrival": [True, False]})
    assert lines(other)[-1] == ("status.changed", manager, {"is_arrival": [False, True]})


def test_a_submission_logs_its_changes_and_its_deletion_outlives_it(manager, contact_form, good_answers):
    submission, _created = accept_submission(contact_form, good_answers)
    done = Status.objects.create(label={"en": "Done"}, position=9)
    update_submission(submission, actor=manager, values={"status": done})
    assert [(action, actor) for action, actor, _changes in lines(submission)] == [
        ("submission.created", None),
        ("submission.status_changed", manager),
    ]
    pk = submission.pk
    purge_submission(Submission.objects.get(pk=pk), actor=manager)
    # Its own lines went with it (they may quote its answers); the line of its deletion stays.
    (deleted,) = log_of(Submission(pk=pk))
    assert (deleted.action, deleted.actor, deleted.detail) == (
        "submission.deleted",
        manager,
        {"form": contact_form.pk},
    )


def test_a_line_written_through_an_api_token_names_the_token_and_a_session_after_it_does_not(
    manager, contact_form
):
    secret = ApiToken.issue(manager, "nightly script", ["inbox:read", "inbox:write"])[1]
    client = client_for(manager)
    by_token = client.put(
        f"{INBOX_API}/forms/{contact_form.pk}",
        {"title": {"en": "By the script"}},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert by_token.status_code == 200, by_token.content
    # The same thread serves the next request: the token must not carry over to it.
    by_session = send(client, "put", f"/forms/{contact_form.pk}", {"title": {"en": "By hand"}})
    assert by_session.status_code == 200, by_session.content
    *_created, scripted, manual = log_of(contact_form)
    assert (scripted.actor, scripted.token.name) == (manager, "nightly script")
    assert (manual.actor, manual.token) == (manager, None)


def test_the_submission_screen_and_the_api_show_the_log_with_its_account(manager, contact_form, good_answers):
    submission, _created = accept_submission(contact_form, good_answers)
    update_submission(submission, actor=manager, values={"assignee": manager})
    body = send(client_for(manager), "get", f"/submissions/{submission.pk}").json()
    assert [(line["action"], line["actor"], line["token"]) for line in body["log"]] == [
        ("submission.created", None, None),
        ("submission.assigned", "Mia Manager", None),
    ]
    assert body["log"][1]["changes"] == {"assignee": [None, manager.pk]}
    assert body["log"][1]["text"] == "Assigned to Mia Manager"
