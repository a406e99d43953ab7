"""The inbox's MCP tools, called as an agent calls them: the SDK's client against the live server.

Data is built through the operations; each call goes over real HTTP to /api/cms/mcp with a
token issued for an account, so scopes, permissions and dry runs are the server's own.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from frontdesk.core import notes
from frontdesk.core.models import ApiToken, LogEntry, Note
from frontdesk.inbox import queries
from frontdesk.inbox.models import Field, Form, Status, Submission, Tally
from frontdesk.inbox.models.submissions import Attachment
from frontdesk.inbox.operations import (
    accept_submission,
    create_form,
    mark_read,
    update_form,
    update_submission,
)
from tests.core.test_mcp import text_of, with_session
from tests.inbox.conftest import CONTACT_FIELDS
from tests.mcp_client import call, ok, refusal

pytestmark = pytest.mark.live

INBOX_TOOLS = {
    "inbox_forms_list",
    "inbox_form_get",
    "inbox_form_save",
    "inbox_list",
    "inbox_get",
    "inbox_set_status",
}
CHANGING = {"inbox_form_save", "inbox_set_status"}
ALL_SCOPES = ["inbox:read", "inbox:write"]
PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"


@pytest.fixture
def clerk(make_user):
    return make_user("inbox.view", "inbox.update", "inbox.manage", display_name="Clara Clerk")


@pytest.fixture
def secret(clerk) -> str:
    return ApiToken.issue(clerk, "agent", ALL_SCOPES)[1]


@pytest.fixture
def submission(contact_form, good_answers):
    return accept_submission(contact_form, good_answers)[0]


def operation_error(action) -> dict[str, list[str]]:
    """What the operation itself raises for the same values: the words the panel and the API show."""
    with pytest.raises(ValidationError) as caught:
        action()
    return caught.value.message_dict


def snapshot() -> dict[str, Any]:
    """Every row a changing tool could touch, and the mail sent so far."""
    models = (Form, Field, Submission, LogEntry, Note, Tally, Attachment)
    rows = {model.__name__: sorted(map(repr, model.objects.values())) for model in models}
    return {**rows, "mail": len(mail.outbox)}


# --- Listing ----------------------------------------------------------------------------------


def test_the_inbox_tools_are_listed_with_every_parameter_described(live_site, secret):
    tools = {tool.name: tool for tool in with_session(live_site, secret, lambda s: s.list_tools()).tools}

    assert set(tools) >= INBOX_TOOLS
    for name in INBOX_TOOLS:
        schema = tools[name].input_schema
        for parameter, described in schema.get("properties", {}).items():
            assert described.get("description"), (name, parameter)
        assert ("dry_run" in schema.get("properties", {})) is (name in CHANGING)
        assert tools[name].annotations.read_only_hint is (name not in CHANGING)
        assert ("inbox:write" if name in CHANGING else "inbox:read") in tools[name].description
    field_keys = tools["inbox_form_save"].input_schema["$defs"]["FieldIn"]
    assert field_keys["additionalProperties"] is False
    assert {"id", "machine_name", "remove", "type", "label", "choices"} <= set(field_keys["properties"])
    assert "assignee" not in tools["inbox_set_status"].input_schema.get("required", [])


# --- Looking tools ----------------------------------------------------------------------------


def test_inbox_forms_list_shows_each_form_with_what_is_waiting(
    live_site, secret, contact_form, good_answers, clerk
):
    other = create_form(
        actor=None,
        values={"slug": "callback", "title": {"en": "Call back", "de": "Rückruf"}, "is_switched_off": True},
    )
    first = accept_submission(contact_form, good_answers)[0]
    accept_submission(contact_form, {**good_answers, "name": "Bob"})
    spam = accept_submission(contact_form, {**good_answers, "name": "Spammer"})[0]
    update_submission(spam, actor=clerk, values={"status": Status.objects.get(is_spam=True).pk})
    mark_read(first, actor=clerk)

    forms = ok(live_site, secret, "inbox_forms_list")["forms"]

    assert [(item["slug"], item["unread"], item["total"]) for item in forms] == [
        ("contact", 1, 2),
        ("callback", 0, 0),
    ]
    assert forms[1]["title"] == {"en": "Call back", "de": "Rückruf"}
    assert (forms[1]["id"], forms[1]["is_switched_off"], forms[0]["is_switched_off"]) == (
        other.pk,
        True,
        False,
    )


def test_inbox_form_get_names_the_form_by_id_or_slug_with_the_doors_shape(live_site, secret, contact_form):
    by_slug = ok(live_site, secret, "inbox_form_get", {"form": "contact"})["form"]
    by_id = ok(live_site, secret, "inbox_form_get", {"form": contact_form.pk})["form"]

    assert by_slug == by_id
    assert by_slug["door"]["address"].endswith("/site/forms/contact")
    assert by_slug["door"]["inputs"]["days"] == "fields[days][]"
    fields = {field["name"]: field for field in by_slug["fields"]}
    assert list(fields) == [field["machine_name"] for field in CONTACT_FIELDS]
    assert fields["name"]["input_name"] == "fields[name]"
    assert (fields["name"]["type"], fields["name"]["required"], fields["name"]["in_table"]) == (
        "text",
        True,
        True,
    )
    assert fields["topic"]["choices"] == [
        {"value": "quote", "label": {"en": "A quote"}},
        {"value": "other", "label": {"en": "Other"}},
    ]
    assert fields["name"]["label"] == {"en": "Your name", "de": "Ihr Name"}
    assert by_slug["email_field_name"] == "email"
    assert "There is no form nope." in refusal(live_site, secret, "inbox_form_get", {"form": "nope"})


def test_inbox_list_pages_filters_and_shows_the_table_cells(
    live_site, secret, contact_form, good_answers, clerk
):
    made = [accept_submission(contact_form, {**good_answers, "name": f"Visitor {n}"})[0] for n in range(5)]
    accept_submission(contact_form, {**good_answers, "name": "Zelda Zebra"})
    update_submission(
        made[0], actor=clerk, values={"status": Status.objects.get(label__en="Done").pk, "assignee": clerk.pk}
    )
    mark_read(made[1], actor=clerk)

    page = ok(live_site, secret, "inbox_list", {"form": "contact", "per_page": 2, "page": 2})
    found = ok(live_site, secret, "inbox_list", {"form": contact_form.pk, "q": "zebra"})
    unread = ok(live_site, secret, "inbox_list", {"form": "contact", "tab": "unread", "per_page": 50})
    done = ok(live_site, secret, "inbox_list", {"form": "contact", "tab": "erledigt"})
    mine = ok(live_site, secret, "inbox_list", {"form": "contact", "assignee": clerk.email.upper()})
    nobody = ok(live_site, secret, "inbox_list", {"form": "contact", "assignee": "none"})

    assert (page["total"], page["last_page"], page["current_page"], len(page["rows"])) == (6, 3, 2, 2)
    assert page["columns"] == [{"name": "name", "label": "Your name"}]
    assert [row["cells"] for row in found["rows"]] == [{"name": "Zelda Zebra"}]
    assert {row["id"] for row in unread["rows"]} == {s.pk for s in Submission.objects.filter(is_unread=True)}
    assert [row["id"] for row in done["rows"]] == [made[0].pk]
    assert done["rows"][0]["status"]["label"] == "Done"
    assert done["rows"][0]["assignee"] == {"id": clerk.pk, "name": "Clara Clerk", "email": clerk.email}
    assert [row["id"] for row in mine["rows"]] == [made[0].pk]
    assert len(nobody["rows"]) == 5
    tabs = {tab["key"]: tab for tab in page["tabs"]}
    assert (tabs["all"]["count"], tabs["unread"]["count"]) == (6, 5)


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"since": "yesterday"}, "since: Enter a date as YYYY-MM-DD."),
        ({"since": "2026-11-02", "until": "2026-11-01"}, "until: The end date is before the start date."),
        ({"tab": "Nonsense"}, "tab: There is no such status."),
        ({"assignee": "nobody@example.com"}, "assignee: There is no such account."),
        ({"per_page": 500}, "per_page"),
        ({"q": "x" * 201}, "q"),
    ],
)
def test_inbox_list_refuses_bad_filters_naming_them(live_site, secret, contact_form, arguments, words):
    assert words in refusal(live_site, secret, "inbox_list", {"form": "contact", **arguments})


def test_inbox_get_shows_answers_metadata_notes_and_log_and_leaves_it_unread(
    live_site, secret, submission, clerk
):
    notes.add_note(clerk, "inbox_submission", str(submission.pk), "Called back.")
    Form.objects.filter(pk=submission.form_id).update(title={"en": "Contact", "de": "Kontakt"})

    shown = ok(live_site, secret, "inbox_get", {"submission": submission.pk})["submission"]

    answers = {answer["name"]: answer for answer in shown["answers"]}
    assert answers["name"]["label"] == "Your name"
    assert answers["name"]["labels"] == {"en": "Your name", "de": "Ihr Name"}
    assert answers["days"]["value"] == "mon, tue" and answers["days"]["values"] == ["mon", "tue"]
    assert shown["status"]["label"] == "New" and shown["is_unread"] is True
    assert shown["form"] == {"id": submission.form_id, "slug": "contact", "title_text": "Contact"}
    assert [note["body"] for note in shown["notes"]] == ["Called back."]
    assert shown["notes"][0]["author"] == "Clara Clerk"
    assert [(line["action"], line["text"]) for line in shown["log"]] == [
        ("submission.created", "Received from the website")
    ]
    assert shown["files"] == []
    assert Submission.objects.get(pk=submission.pk).is_unread is True
    assert "There is no such record." in refusal(live_site, secret, "inbox_get", {"submission": 999999})


def test_the_tools_speak_the_accounts_panel_language(live_site, make_user, submission):
    german = make_user("inbox.view", language="de")
    secret = ApiToken.issue(german, "agent", ["inbox:read"])[1]

    shown = ok(live_site, secret, "inbox_get", {"submission": submission.pk})["submission"]

    assert shown["status"]["label"] == "Neu"
    assert {answer["name"]: answer["label"] for answer in shown["answers"]}["name"] == "Ihr Name"


# --- inbox_set_status ---------------------------------------------------------------------------


def test_set_status_by_label_assignee_by_email_and_a_note_in_one_call(live_site, secret, submission, clerk):
    answer = ok(
        live_site,
        secret,
        "inbox_set_status",
        {"submission": submission.pk, "status": "in PROGRESS", "assignee": clerk.email, "note": "On it."},
    )

    submission.refresh_from_db()
    assert submission.status.label["en"] == "In progress" and submission.assignee == clerk
    assert answer["dry_run"] is False
    assert answer["changes"]["status"]["from"]["label"] == "New"
    assert answer["changes"]["status"]["to"]["label"] == "In progress"
    assert answer["changes"]["assignee"] == {
        "from": None,
        "to": {"id": clerk.pk, "name": "Clara Clerk", "email": clerk.email},
    }
    assert answer["changes"]["note"]["body"] == "On it."
    assert [
        note.body for note in Note.objects.filter(entity="inbox_submission", object_id=str(submission.pk))
    ] == ["On it."]
    # Each line the call wrote names the account and the agent's token; the visitor's has neither.
    assert [(line.action, line.actor, line.token and line.token.name) for line in submission.log.all()] == [
        ("submission.created", None, None),
        ("submission.status_changed", clerk, "agent"),
        ("submission.assigned", clerk, "agent"),
    ]
    assert [(line["action"], line["token"]) for line in answer["submission"]["log"]][1:] == [
        ("submission.status_changed", "agent"),
        ("submission.assigned", "agent"),
    ]
    assert [note["body"] for note in answer["submission"]["notes"]] == ["On it."]
    counts = {tab.label: (tab.count, tab.unread) for tab in queries.tabs(submission.form)}
    assert counts["In progress"] == (1, 1) and counts["New"] == (0, 0)


def test_set_status_takes_an_id_and_null_clears_the_assignee_while_leaving_it_out_keeps_it(
    live_site, secret, submission, clerk
):
    update_submission(submission, actor=clerk, values={"assignee": clerk.pk})
    done = Status.objects.get(label__en="Done")

    kept = ok(live_site, secret, "inbox_set_status", {"submission": submission.pk, "status": done.pk})
    assert Submission.objects.get(pk=submission.pk).assignee == clerk
    assert "assignee" not in kept["changes"]

    cleared = ok(live_site, secret, "inbox_set_status", {"submission": submission.pk, "assignee": None})
    assert Submission.objects.get(pk=submission.pk).assignee is None
    assert cleared["changes"]["assignee"]["to"] is None
    assert Submission.objects.get(pk=submission.pk).status == done


def test_a_label_several_statuses_share_is_refused_and_nothing_changes(live_site, secret, submission):
    first = Status.objects.create(label={"en": "Waiting"}, position=10)
    second = Status.objects.create(label={"en": "Other", "de": "waiting"}, position=11)

    words = refusal(
        live_site, secret, "inbox_set_status", {"submission": submission.pk, "status": "WAITING", "note": "x"}
    )

    assert (
        f"status: Several statuses are called WAITING; give the id of one: {first.pk}, {second.pk}." in words
    )
    assert Submission.objects.get(pk=submission.pk).status.is_arrival
    assert not Note.objects.exists()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({}, "Give a status, an assignee or a note."),
        ({"status": "Finished"}, "status: There is no such status."),
        ({"assignee": "ghost@example.com"}, "assignee: There is no such account."),
        ({"note": "   "}, "body: Write something first."),
        (
            {"status": "Done", "assignee": "outsider@example.com"},
            "assignee: This account cannot open the inbox.",
        ),
    ],
)
def test_set_status_refuses_bad_values_with_the_operations_words(
    live_site, secret, submission, make_user, arguments, words
):
    make_user(email="outsider@example.com")
    before = snapshot()

    assert words in refusal(live_site, secret, "inbox_set_status", {"submission": submission.pk, **arguments})
    assert snapshot() == before


def test_an_unknown_submission_is_refused(live_site, secret, db):
    assert "There is no such record." in refusal(
        live_site, secret, "inbox_set_status", {"submission": 4242, "status": "Done"}
    )


@pytest.mark.parametrize(
    ("name", "arguments", "words"),
    [
        ("inbox_get", {"submission": 10**30}, "submission"),
        ("inbox_set_status", {"submission": "SUB", "status": "9" * 30}, "status: There is no such status."),
        ("inbox_set_status", {"submission": "SUB", "status": "٣"}, "status: There is no such status."),
        (
            "inbox_set_status",
            {"submission": "SUB", "assignee": "9" * 30},
            "assignee: There is no such account.",
        ),
        ("inbox_list", {"form": "contact", "page": 10**30}, "page"),
        ("inbox_list", {"form": "9" * 30}, "There is no form"),
        ("inbox_list", {"form": "contact", "tab": "9" * 30}, "tab: There is no such status."),
        ("inbox_form_save", {"form": "contact", "fields": [{"id": 10**30, "label": "x"}]}, "fields.0.id"),
        (
            "inbox_form_save",
            {"form": "contact", "fields": [{"machine_name": "x", "position": 10**12}]},
            "position",
        ),
    ],
)
def test_numbers_beyond_any_id_are_refused_by_name_not_by_the_database(
    live_site, secret, submission, name, arguments, words
):
    arguments = {key: submission.pk if value == "SUB" else value for key, value in arguments.items()}
    before = snapshot()

    seen = refusal(live_site, secret, name, arguments)

    assert words in seen
    assert "The call failed on the server" not in seen
    assert snapshot() == before


# --- Scopes and permissions -------------------------------------------------------------------


def test_a_read_only_token_may_look_but_not_change(live_site, make_user, submission):
    account = make_user("inbox.view", "inbox.update", "inbox.manage")
    reader = ApiToken.issue(account, "reader", ["inbox:read"])[1]
    before = snapshot()

    assert (
        ok(live_site, reader, "inbox_get", {"submission": submission.pk})["submission"]["id"] == submission.pk
    )
    for name, arguments in [
        ("inbox_set_status", {"submission": submission.pk, "status": "Done"}),
        ("inbox_form_save", {"form": "contact", "title": "Renamed"}),
    ]:
        assert "This tool needs the scope inbox:write, which this token lacks." in refusal(
            live_site, reader, name, arguments
        )
    assert snapshot() == before


def test_each_tool_needs_its_permission(live_site, make_user, submission):
    viewer = ApiToken.issue(make_user("inbox.view"), "agent", ALL_SCOPES)[1]
    stranger = ApiToken.issue(make_user(), "agent", ALL_SCOPES)[1]

    assert "inbox.update" in refusal(
        live_site, viewer, "inbox_set_status", {"submission": submission.pk, "status": "Done"}
    )
    assert "inbox.manage" in refusal(live_site, viewer, "inbox_form_save", {"form": "contact", "title": "x"})
    assert "inbox.view" in refusal(live_site, stranger, "inbox_forms_list")
    assert "inbox.view" in refusal(live_site, stranger, "inbox_get", {"submission": submission.pk})


@pytest.mark.parametrize("reader", ["account without inbox.view", "token without inbox:read"])
def test_set_status_answers_the_whole_submission_only_to_a_caller_who_may_read_it(
    live_site, make_user, submission, good_answers, reader
):
    if reader == "account without inbox.view":
        secret = ApiToken.issue(make_user("inbox.update"), "agent", ALL_SCOPES)[1]
    else:
        secret = ApiToken.issue(make_user("inbox.view", "inbox.update"), "agent", ["inbox:write"])[1]

    answer = ok(live_site, secret, "inbox_set_status", {"submission": submission.pk, "status": "Done"})

    assert answer["submission"] == {
        "id": submission.pk,
        "status": answer["changes"]["status"]["to"],
        "assignee": None,
    }
    assert answer["changes"]["status"]["to"]["label"] == "Done"
    for private in ("Ada Lovelace", "ada@example.org", "Please call me back."):
        assert private not in json.dumps(answer)


# --- inbox_form_save --------------------------------------------------------------------------


def test_form_save_creates_a_form_with_its_fields(live_site, secret):
    answer = ok(
        live_site,
        secret,
        "inbox_form_save",
        {
            "slug": "quote",
            "title": {"en": "Ask for a quote", "de": "Angebot anfragen"},
            "options": {"recipients": {"addresses": ["Desk@Example.com"]}},
            "email_field_name": "email",
            "fields": [
                {
                    "machine_name": "email",
                    "type": "email",
                    "label": "E-mail",
                    "required": True,
                    "in_table": True,
                },
                {
                    "machine_name": "size",
                    "type": "radio",
                    "label": {"en": "Size"},
                    "choices": ["s", {"value": "l", "label": {"en": "Large"}}],
                },
            ],
        },
    )

    form = Form.objects.get(slug="quote")
    assert answer["created"] is True and answer["form"]["id"] == form.pk
    assert form.options["recipients"] == {"accounts": [], "addresses": ["desk@example.com"]}
    assert [(f.machine_name, f.type, f.required) for f in form.live_fields()] == [
        ("email", "email", True),
        ("size", "radio", False),
    ]
    assert form.live_fields().get(machine_name="size").choices == [
        {"value": "s", "label": {"en": "s"}},
        {"value": "l", "label": {"en": "Large"}},
    ]
    assert answer["form"]["door"]["inputs"] == {"email": "fields[email]", "size": "fields[size]"}


def test_a_partial_save_leaves_unnamed_fields_and_old_answers_intact(
    live_site, secret, contact_form, good_answers
):
    old = accept_submission(contact_form, good_answers)[0]
    untouched = {
        f.machine_name: f for f in contact_form.live_fields().exclude(machine_name__in=["name", "topic"])
    }
    before_untouched = {
        name: repr(Field.objects.filter(pk=f.pk).values().get()) for name, f in untouched.items()
    }
    old_answers = list(old.answers.values("name", "label", "type", "value", "payload"))

    answer = ok(
        live_site,
        secret,
        "inbox_form_save",
        {"form": "contact", "fields": [
            {"machine_name": "name", "label": {"en": "Full name"}, "in_table": False},
            {"machine_name": "topic", "remove": True},
        ]},
    )  # fmt: skip

    form = Form.objects.get(pk=contact_form.pk)
    assert (form.slug, form.title) == ("contact", {"en": "Contact", "de": "Kontakt"})
    renamed = form.fields.get(machine_name="name")
    assert (renamed.label, renamed.in_table, renamed.required, renamed.max_length) == (
        {"en": "Full name", "de": "Ihr Name"},
        False,
        True,
        100,
    )
    assert Field.all_objects.get(form=form, machine_name="topic").deleted_at is not None
    assert {
        name: repr(Field.objects.filter(pk=f.pk).values().get()) for name, f in untouched.items()
    } == before_untouched
    assert list(old.answers.values("name", "label", "type", "value", "payload")) == old_answers
    assert [field["name"] for field in answer["form"]["fields"]] == [
        "name",
        "email",
        "days",
        "message",
        "consent",
    ]
    shown = ok(live_site, secret, "inbox_get", {"submission": old.pk})["submission"]
    answers = {item["name"]: item for item in shown["answers"]}
    assert answers["topic"]["value"] == "quote"  # the removed field's answer stays readable
    assert answers["name"]["label"] == "Your name"  # with the label it had when sent


def test_options_left_out_keep_their_value(live_site, secret, contact_form):
    update_form(
        contact_form, actor=None, values={"options": {"recipients": {"addresses": ["desk@example.com"]}}}
    )

    ok(live_site, secret, "inbox_form_save", {"form": "contact", "options": {"captcha": True}})

    options = Form.objects.get(pk=contact_form.pk).options
    assert options["captcha"] is True
    assert options["recipients"] == {"accounts": [], "addresses": ["desk@example.com"]}


def test_an_invalid_slug_is_refused_with_the_panels_words(live_site, secret, contact_form):
    expected = operation_error(lambda: update_form(contact_form, actor=None, values={"slug": "Not A Slug"}))[
        "slug"
    ][0]
    assert expected.startswith("Use lower-case letters, digits and single hyphens")
    before = snapshot()

    for arguments in ({"form": "contact", "slug": "Not A Slug"}, {"slug": "Bad_Slug", "title": "New"}):
        result = call(live_site, secret, "inbox_form_save", arguments)
        assert result.is_error
        assert result.structured_content["errors"]["slug"] == [expected]
        assert f"slug: {expected}" in text_of(result)
    assert snapshot() == before


def test_an_unreachable_recipient_is_refused_with_the_panels_words(
    live_site, secret, contact_form, make_user
):
    gone = make_user("inbox.view", is_active=False)
    recipients = {"accounts": [gone.pk], "addresses": ["not an address"]}
    expected = operation_error(
        lambda: update_form(contact_form, actor=None, values={"options": {"recipients": recipients}})
    )
    assert expected["options.recipients"] == [
        f"Account {gone.pk} cannot be written to.",
        "not an address is not an e-mail address anyone can be written to.",
    ]
    before = snapshot()

    result = call(
        live_site, secret, "inbox_form_save", {"form": "contact", "options": {"recipients": recipients}}
    )

    assert result.is_error
    assert result.structured_content["errors"] == expected
    assert snapshot() == before


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (
            {"form": "contact", "fields": [{"machine_name": "nope", "remove": True}]},
            "fields.0: This form has no such field.",
        ),
        (
            {"form": "contact", "fields": [{"id": 999999, "label": "x"}]},
            "fields.0.id: This form has no such field.",
        ),
        (
            {"form": "contact", "fields": [{"machine_name": "f12", "type": "text"}]},
            "fields.0.machine_name: Start with a letter",
        ),
        (
            {"form": "contact", "fields": [{"machine_name": "x", "type": "select", "label": "X"}]},
            "fields.0.choices: Give this field at least one choice.",
        ),
        ({"form": "contact", "fields": [{"machine_name": "x", "colour": "red"}]}, "colour"),
        ({"form": "contact", "fields": [{"machine_name": "x", "type": "rocket"}]}, "type"),
        ({"form": "nope", "title": "x"}, "There is no form nope."),
        ({"title": "No slug"}, "slug: Use lower-case letters"),
    ],
)
def test_form_save_refuses_bad_fields_and_changes_nothing(live_site, secret, contact_form, arguments, words):
    before = snapshot()

    assert words in refusal(live_site, secret, "inbox_form_save", arguments)
    assert snapshot() == before


# --- Translated values in a save -----------------------------------------------------------------


def test_form_save_with_one_language_or_a_plain_string_keeps_the_other_languages(
    live_site, secret, contact_form
):
    answer = ok(live_site, secret, "inbox_form_save", {
        "form": "contact", "title": {"en": "Write to us"},
        "fields": [{"machine_name": "name", "label": "Full name"}, {"machine_name": "email", "label": {"de": "E-Mail-Adresse"}}],
    })  # fmt: skip

    form = Form.objects.get(pk=contact_form.pk)
    assert form.title == {"en": "Write to us", "de": "Kontakt"}
    assert form.fields.get(machine_name="name").label == {"en": "Full name", "de": "Ihr Name"}
    assert form.fields.get(machine_name="email").label == {"en": "E-mail", "de": "E-Mail-Adresse"}
    labels = {field["name"]: field["label"] for field in answer["form"]["fields"]}
    assert labels["name"] == {"en": "Full name", "de": "Ihr Name"}


def test_form_save_removes_a_language_sent_empty_or_null_and_only_that_one(live_site, secret, contact_form):
    ok(live_site, secret, "inbox_form_save", {
        "form": "contact", "title": {"de": None},
        "fields": [{"machine_name": "name", "label": {"de": ""}}],
    })  # fmt: skip

    form = Form.objects.get(pk=contact_form.pk)
    assert form.title == {"en": "Contact"}
    assert form.fields.get(machine_name="name").label == {"en": "Your name"}
    words = refusal(live_site, secret, "inbox_form_save", {"form": "contact", "title": {"en": ""}})
    assert "title: Give a text in at least one language." in words
    assert Form.objects.get(pk=contact_form.pk).title == {"en": "Contact"}


# --- A field without a machine name answers to f<id> -----------------------------------------------


@pytest.fixture
def nameless(contact_form) -> Field:
    """A second e-mail field that was given no machine name: it answers to f<id>."""
    update_form(
        contact_form, actor=None, values={}, fields=[{"type": "email", "label": {"en": "Other e-mail"}}]
    )
    return contact_form.live_fields().get(machine_name="")


@pytest.mark.parametrize("change", ["label", "position", "remove", "email field"])
def test_every_way_form_save_names_a_field_accepts_f_and_the_id_of_a_nameless_one(
    live_site, secret, contact_form, nameless, change
):
    name = f"f{nameless.pk}"
    arguments = {
        "label": {"fields": [{"machine_name": name, "label": {"de": "Andere E-Mail"}}]},
        "position": {"fields": [{"machine_name": name, "position": 0}]},
        "remove": {"fields": [{"machine_name": name, "remove": True}]},
        "email field": {"email_field_name": name},
    }[change]
    fields_before = Field.all_objects.filter(form=contact_form).count()

    answer = ok(live_site, secret, "inbox_form_save", {"form": "contact", **arguments})

    field = Field.all_objects.get(pk=nameless.pk)
    assert Field.all_objects.filter(form=contact_form).count() == fields_before  # none was added
    assert field.machine_name == ""
    if change == "label":
        assert field.label == {"en": "Other e-mail", "de": "Andere E-Mail"}
    elif change == "position":
        assert answer["form"]["fields"][0]["name"] == name
    elif change == "remove":
        assert field.deleted_at is not None
        assert name not in [item["name"] for item in answer["form"]["fields"]]
    else:
        assert answer["form"]["email_field_name"] == name


# --- Dry runs -----------------------------------------------------------------------------------


def test_dry_runs_report_what_would_change_and_change_nothing(
    live_site, secret, submission, clerk, good_answers
):
    accept_submission(submission.form, {**good_answers, "name": "Second"})
    before = snapshot()

    created = ok(live_site, secret, "inbox_form_save", {
        "slug": "dry", "title": "Dry", "options": {"recipients": {"addresses": ["desk@example.com"]}},
        "fields": [{"machine_name": "what", "type": "text", "label": "What"}], "dry_run": True,
    })  # fmt: skip
    changed = ok(live_site, secret, "inbox_form_save", {
        "form": "contact", "slug": "contact-us", "fields": [{"machine_name": "days", "remove": True}], "dry_run": True,
    })  # fmt: skip
    status = ok(live_site, secret, "inbox_set_status", {
        "submission": submission.pk, "status": "Spam", "assignee": clerk.pk, "note": "Would say.", "dry_run": True,
    })  # fmt: skip

    assert snapshot() == before
    assert created["dry_run"] is True and created["created"] is True
    assert created["form"]["slug"] == "dry" and [f["name"] for f in created["form"]["fields"]] == ["what"]
    assert changed["dry_run"] is True and changed["form"]["slug"] == "contact-us"
    assert "days" not in [field["name"] for field in changed["form"]["fields"]]
    assert status["dry_run"] is True
    assert status["changes"]["status"]["to"]["label"] == "Spam"
    assert status["changes"]["assignee"]["to"]["id"] == clerk.pk
    assert status["changes"]["note"]["body"] == "Would say."
    assert status["submission"]["log"][-1]["action"] == "submission.assigned"
    assert Form.objects.get(pk=submission.form_id).slug == "contact"
    assert queries.form_counts(submission.form) == {"total": 2, "unread": 2}


def test_the_same_calls_without_dry_run_do_change(live_site, secret, submission):
    ok(live_site, secret, "inbox_form_save", {"form": "contact", "slug": "contact-us"})
    ok(
        live_site,
        secret,
        "inbox_set_status",
        {"submission": submission.pk, "status": "Spam", "note": "Junk."},
    )

    assert Form.objects.get(pk=submission.form_id).slug == "contact-us"
    assert Submission.objects.get(pk=submission.pk).status.is_spam
    assert Note.objects.filter(body="Junk.").exists()
    assert queries.form_counts(submission.form) == {"total": 0, "unread": 0}


# --- Attachments stay behind the panel ----------------------------------------------------------


@pytest.fixture
def inbox_disk(settings, tmp_path):
    settings.STORAGES = {
        **settings.STORAGES,
        "inbox": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "inbox-files"), "base_url": "/should-never-show/"},
        },
    }
    return tmp_path / "inbox-files"


def test_no_tool_answer_carries_an_attachments_stored_name_or_an_address(live_site, secret, inbox_disk):
    form = create_form(
        actor=None,
        values={"slug": "apply", "title": {"en": "Apply"}},
        fields=[
            {"machine_name": "name", "type": "text", "label": {"en": "Name"}, "in_table": True},
            {"machine_name": "cv", "type": "file", "label": {"en": "CV"}, "in_table": True},
        ],
    )
    cv = SimpleUploadedFile("Lebenslauf.pdf", PDF, content_type="application/pdf")
    submission = accept_submission(form, {"name": "Ada"}, files={"cv": [cv]})[0]
    attachment = submission.files.get()
    stored = attachment.stored_name.name
    assert (inbox_disk / stored).is_file()

    answers = [
        ok(live_site, secret, "inbox_forms_list"),
        ok(live_site, secret, "inbox_form_get", {"form": "apply"}),
        ok(live_site, secret, "inbox_list", {"form": "apply"}),
        ok(live_site, secret, "inbox_get", {"submission": submission.pk}),
        ok(
            live_site,
            secret,
            "inbox_set_status",
            {"submission": submission.pk, "status": "Done", "dry_run": True},
        ),
    ]

    text = json.dumps(answers)
    for secret_part in (stored, stored.rsplit("/", 1)[-1], str(inbox_disk), "/should-never-show/", "/files/"):
        assert secret_part not in text
    shown = answers[3]["submission"]["files"]
    assert shown == [{"id": attachment.pk, "name": "Lebenslauf.pdf", "size": len(PDF),
                      "content_type": "application/pdf", "answer": "cv"}]  # fmt: skip
    assert answers[2]["rows"][0]["cells"] == {"name": "Ada", "cv": "Lebenslauf.pdf"}
