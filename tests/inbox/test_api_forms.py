"""The panel API's forms and fields: /api/cms/inbox/forms..., thin doors over the form operations."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.inbox.models import Field, Form
from frontdesk.inbox.operations import accept_submission, create_form, mark_read, update_form
from tests.clients import INBOX_API as BASE

pytestmark = pytest.mark.django_db


class Api:
    """A logged-in test client speaking JSON."""

    def __init__(self, user):
        self.client = Client()
        self.client.force_login(user)

    def get(self, path, **query):
        return self.client.get(BASE + path, query)

    def send(self, method, path, body=None):
        return getattr(self.client, method)(BASE + path, body, content_type="application/json")

    def post(self, path, body=None):
        return self.send("post", path, body)

    def put(self, path, body=None):
        return self.send("put", path, body)

    def delete(self, path):
        return self.client.delete(BASE + path)


@pytest.fixture
def manager(make_user):
    return Api(make_user("inbox.view", "inbox.manage"))


@pytest.fixture
def viewer(make_user):
    return Api(make_user("inbox.view"))


def test_the_forms_column_lists_forms_in_order_with_counts_without_spam(manager, contact_form, good_answers):
    other = create_form(actor=None, values={"slug": "apply", "title": {"en": "Apply", "de": "Bewerben"}})
    first, _ = accept_submission(contact_form, good_answers)
    accept_submission(contact_form, {**good_answers, "name": "Bob"})
    mark_read(first, actor=None)
    spam = accept_submission(contact_form, {**good_answers, "name": "Spammer"})[0]
    from frontdesk.inbox.models import Status
    from frontdesk.inbox.operations import update_submission

    update_submission(spam, actor=None, values={"status": Status.objects.get(is_spam=True)})
    response = manager.get("/forms")
    assert response.status_code == 200
    assert response.json() == [
        {"id": contact_form.pk, "slug": "contact", "title": {"en": "Contact", "de": "Kontakt"},
         "title_text": "Contact", "is_switched_off": False, "total": 2, "unread": 1,
         "position": contact_form.position, "extra": {}},
        {"id": other.pk, "slug": "apply", "title": {"en": "Apply", "de": "Bewerben"}, "title_text": "Apply",
         "is_switched_off": False, "total": 0, "unread": 0, "position": other.position, "extra": {}},
    ]  # fmt: skip


def test_title_text_follows_the_callers_panel_language(make_user, contact_form):
    german = Api(make_user("inbox.view", language="de"))
    assert german.get("/forms").json()[0]["title_text"] == "Kontakt"
    assert german.get(f"/forms/{contact_form.pk}").json()["title_text"] == "Kontakt"


def test_creating_a_form_with_fields_answers_201_with_the_form(manager):
    response = manager.post(
        "/forms",
        {
            "slug": "enquiry",
            "title": {"en": "Enquiry"},
            "options": {"recipients": {"addresses": ["Office@Example.com"]}, "captcha": False},
            "email_field_name": "email",
            "fields": [
                {"machine_name": "email", "type": "email", "label": {"en": "E-mail"}, "required": True},
                {"machine_name": "topic", "type": "select", "label": {"en": "Topic"}, "in_table": True,
                 "choices": ["a", {"value": "b", "label": {"en": "Bee"}}]},
            ],
        },
    )  # fmt: skip
    assert response.status_code == 201, response.content
    body = response.json()
    form = Form.objects.get(slug="enquiry")
    assert body["id"] == form.pk
    assert body["options"] == {
        "recipients": {"accounts": [], "addresses": ["office@example.com"]},
        "antispam": {},
        "captcha": False,
    }
    assert [field["name"] for field in body["fields"]] == ["email", "topic"]
    topic = body["fields"][1]
    assert topic["type_label"] == "Drop-down list"
    assert topic["choices"] == [{"value": "a", "label": {"en": "a"}}, {"value": "b", "label": {"en": "Bee"}}]
    assert topic["deleted_at"] is None and topic["in_table"] is True


def test_form_out_has_every_documented_key(manager, contact_form):
    body = manager.get(f"/forms/{contact_form.pk}").json()
    assert set(body) == {"id", "slug", "title", "title_text", "options", "is_switched_off",
                         "email_field_name", "position", "extra", "fields"}  # fmt: skip
    assert set(body["fields"][0]) == {
        "id", "name", "machine_name", "label", "type", "type_label", "hint", "in_table", "full_width",
        "position", "required", "choices", "min_length", "max_length", "min_value", "max_value",
        "extensions", "deleted_at",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("body", "key"),
    [
        ({"slug": "Bad Slug", "title": {"en": "X"}}, "slug"),
        ({"slug": "contact", "title": {"en": "X"}}, "slug"),  # taken
        ({"slug": "fine", "title": {}}, "title"),
        ({"slug": "fine", "title": {"xx": "X"}}, "title"),
        ({"slug": "fine"}, "title"),
        ({"title": {"en": "X"}}, "slug"),
        ({"slug": "fine", "title": {"en": "X"}, "colour": "red"}, "colour"),
        (
            {"slug": "fine", "title": {"en": "X"}, "options": {"recipients": {"addresses": ["nope"]}}},
            "options.recipients",
        ),
        (
            {"slug": "fine", "title": {"en": "X"}, "options": {"recipients": {"accounts": [999999]}}},
            "options.recipients",
        ),
        (
            {"slug": "fine", "title": {"en": "X"}, "options": {"antispam": {"throttle": 0}}},
            "options.antispam.throttle",
        ),
        ({"slug": "fine", "title": {"en": "X"}, "email_field_name": "nope"}, "email_field_name"),
        (
            {"slug": "fine", "title": {"en": "X"}, "fields": [{"type": "select", "label": {"en": "S"}}]},
            "fields.0.choices",
        ),
        ({"slug": "fine", "title": {"en": "X"}, "fields": [{"type": "sparkles"}]}, "fields.0.type"),
        (
            {"slug": "fine", "title": {"en": "X"}, "fields": [{"machine_name": "f12"}]},
            "fields.0.machine_name",
        ),
        (
            {"slug": "fine", "title": {"en": "X"}, "fields": [{"min_value": "2026-13-45", "type": "date"}]},
            "fields.0.min_value",
        ),
        ({"slug": "fine", "title": {"en": "X"}, "fields": [{"max_length": 2**40}]}, "fields.0.max_length"),
        ({"slug": "fine", "title": {"en": "X\x00"}}, "title.en"),
        ({"slug": "fine", "title": {"en": "X"}, "is_switched_off": "maybe"}, "is_switched_off"),
    ],
)
def test_bad_form_bodies_answer_422_keyed_by_the_value(manager, contact_form, body, key):
    response = manager.post("/forms", body)
    assert response.status_code == 422, response.content
    assert key in response.json()["errors"], response.json()
    assert response.json()["message"]
    assert Form.objects.count() == 1


def test_a_body_that_is_not_json_is_a_400(manager):
    response = manager.client.post(BASE + "/forms", "{nope", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["message"]


def test_a_change_names_only_what_changes(manager, contact_form):
    response = manager.put(f"/forms/{contact_form.pk}", {"is_switched_off": True})
    assert response.status_code == 200
    contact_form.refresh_from_db()
    assert contact_form.is_switched_off and contact_form.slug == "contact"
    assert contact_form.title == {"en": "Contact", "de": "Kontakt"}
    assert len(response.json()["fields"]) == 6


def test_a_change_matches_fields_by_id_or_name_and_puts_aside_with_remove(manager, contact_form):
    topic = contact_form.live_fields().get(machine_name="topic")
    response = manager.put(
        f"/forms/{contact_form.pk}",
        {"title": {"en": "Write to us"},
         "fields": [{"id": topic.pk, "label": {"en": "Subject"}}, {"machine_name": "days", "remove": True},
                    {"machine_name": "phone", "type": "tel", "label": {"en": "Phone"}}]},
    )  # fmt: skip
    assert response.status_code == 200, response.content
    names = [field["name"] for field in response.json()["fields"]]
    assert names == ["name", "email", "topic", "message", "consent", "phone"]
    assert response.json()["fields"][2]["label"] == {"en": "Subject"}
    assert Field.all_objects.get(form=contact_form, machine_name="days").deleted_at is not None


def test_a_field_of_another_form_cannot_be_named_by_id(manager, contact_form):
    other = create_form(
        actor=None, values={"slug": "other", "title": {"en": "O"}}, fields=[{"machine_name": "x"}]
    )
    foreign = other.fields.get()
    response = manager.put(
        f"/forms/{contact_form.pk}", {"fields": [{"id": foreign.pk, "label": {"en": "Hi"}}]}
    )
    assert response.status_code == 422
    assert "fields.0.id" in response.json()["errors"]
    foreign.refresh_from_db()
    assert foreign.label == {}


def test_deleting_a_form_without_submissions_answers_204(manager):
    empty = create_form(actor=None, values={"slug": "empty", "title": {"en": "Empty"}})
    assert manager.delete(f"/forms/{empty.pk}").status_code == 204
    assert not Form.objects.filter(pk=empty.pk).exists()


def test_deleting_a_form_that_has_taken_submissions_is_refused_with_the_reason(
    manager, contact_form, good_answers
):
    accept_submission(contact_form, good_answers)
    response = manager.delete(f"/forms/{contact_form.pk}")
    assert response.status_code == 422
    assert response.json() == {
        "message": "Some values are not valid.",
        "errors": {
            "__all__": ["A form that has taken submissions cannot be deleted; switch it off instead."]
        },
    }
    assert Form.objects.filter(pk=contact_form.pk).exists()


def test_sorting_forms_stores_the_dragged_order(manager, contact_form):
    other = create_form(actor=None, values={"slug": "other", "title": {"en": "Other"}})
    assert manager.post("/forms/sorting", {"order": [other.pk, contact_form.pk]}).status_code == 204
    assert [row["id"] for row in manager.get("/forms").json()] == [other.pk, contact_form.pk]
    refused = manager.post("/forms/sorting", {"order": [other.pk]})
    assert refused.status_code == 422 and "order" in refused.json()["errors"]


def test_duplicate_answers_201_with_the_switched_off_copy(manager, contact_form):
    response = manager.post(f"/forms/{contact_form.pk}/duplicate", {})
    assert response.status_code == 201
    body = response.json()
    assert (body["slug"], body["is_switched_off"]) == ("contact-copy", True)
    assert [f["name"] for f in body["fields"]] == [f.name for f in contact_form.live_fields()]
    chosen = manager.post(f"/forms/{contact_form.pk}/duplicate", {"slug": "contact-b", "title": {"en": "B"}})
    assert (chosen.json()["slug"], chosen.json()["title"]) == ("contact-b", {"en": "B"})
    taken = manager.post(f"/forms/{contact_form.pk}/duplicate", {"slug": "contact"})
    assert taken.status_code == 422 and "slug" in taken.json()["errors"]


# --- fields ------------------------------------------------------------------------------------


def test_fields_lists_live_ones_and_with_removed_the_put_aside_ones(manager, contact_form):
    update_form(contact_form, actor=None, values={}, fields=[{"machine_name": "days", "remove": True}])
    live = manager.get(f"/forms/{contact_form.pk}/fields").json()
    assert [field["name"] for field in live] == ["name", "email", "topic", "message", "consent"]
    everything = manager.get(f"/forms/{contact_form.pk}/fields", removed="true").json()
    assert [field["name"] for field in everything][-1] == "days"
    assert everything[-1]["deleted_at"] is not None


def test_a_field_is_added_changed_and_put_aside_one_at_a_time(manager, contact_form):
    added = manager.post(
        f"/forms/{contact_form.pk}/fields",
        {"machine_name": "city", "label": {"en": "City"}, "max_length": 80},
    )
    assert added.status_code == 201, added.content
    field = added.json()
    assert (field["name"], field["type"], field["max_length"]) == ("city", "text", 80)
    assert field["position"] > max(f.position for f in contact_form.live_fields().exclude(pk=field["id"]))
    changed = manager.put(f"/forms/{contact_form.pk}/fields/{field['id']}", {"in_table": True})
    assert changed.status_code == 200
    assert changed.json()["in_table"] is True and changed.json()["label"] == {"en": "City"}
    assert manager.delete(f"/forms/{contact_form.pk}/fields/{field['id']}").status_code == 204
    assert Field.all_objects.get(pk=field["id"]).deleted_at is not None
    # put aside: no longer addressable
    assert (
        manager.put(f"/forms/{contact_form.pk}/fields/{field['id']}", {"in_table": False}).status_code == 404
    )
    assert manager.delete(f"/forms/{contact_form.pk}/fields/{field['id']}").status_code == 404


def test_single_field_errors_are_keyed_by_the_fields_own_keys(manager, contact_form):
    taken = manager.post(f"/forms/{contact_form.pk}/fields", {"machine_name": "email"})
    assert taken.status_code == 422
    assert list(taken.json()["errors"]) == ["machine_name"]
    no_choices = manager.post(f"/forms/{contact_form.pk}/fields", {"type": "radio"})
    assert list(no_choices.json()["errors"]) == ["choices"]
    unknown_type = manager.post(f"/forms/{contact_form.pk}/fields", {"type": "sparkles"})
    assert list(unknown_type.json()["errors"]) == ["type"]
    assert contact_form.live_fields().count() == 6


def test_the_email_field_cannot_be_put_aside_while_it_is_the_forms_email_field(manager, contact_form):
    email = contact_form.live_fields().get(machine_name="email")
    response = manager.delete(f"/forms/{contact_form.pk}/fields/{email.pk}")
    assert response.status_code == 422
    assert "e-mail field" in response.json()["errors"]["__all__"][0]
    email.refresh_from_db()
    assert email.deleted_at is None


def test_a_field_is_addressed_only_through_its_own_form(manager, contact_form):
    other = create_form(
        actor=None, values={"slug": "other", "title": {"en": "O"}}, fields=[{"machine_name": "x"}]
    )
    foreign = other.fields.get()
    assert manager.put(f"/forms/{contact_form.pk}/fields/{foreign.pk}", {"required": True}).status_code == 404
    assert manager.delete(f"/forms/{contact_form.pk}/fields/{foreign.pk}").status_code == 404
    foreign.refresh_from_db()
    assert foreign.deleted_at is None and foreign.required is False


def test_sorting_fields_stores_their_order(manager, contact_form):
    ids = list(contact_form.live_fields().order_by("position").values_list("pk", flat=True))
    assert manager.post(f"/forms/{contact_form.pk}/fields/sorting", {"order": ids[::-1]}).status_code == 204
    listed = manager.get(f"/forms/{contact_form.pk}/fields").json()
    assert [field["id"] for field in listed] == ids[::-1]


# --- ids and permissions -------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["999999", str(2**63), str(2**70), "0", "-1"])
def test_unknown_or_impossible_ids_answer_404_never_500(manager, contact_form, form):
    for response in (
        manager.get(f"/forms/{form}"),
        manager.put(f"/forms/{form}", {"title": {"en": "X"}}),
        manager.delete(f"/forms/{form}"),
        manager.get(f"/forms/{form}/fields"),
        manager.post(f"/forms/{form}/duplicate", {}),
        manager.put(f"/forms/{contact_form.pk}/fields/{form}", {"required": True}),
    ):
        assert response.status_code == 404, (form, response.content)
        assert response.json()["message"]


def test_a_string_where_an_id_goes_is_a_404(manager):
    response = manager.get("/forms/contact")
    assert response.status_code == 404
    assert response.json() == {"message": "There is no such record."}


def test_reading_needs_inbox_view_and_changing_inbox_manage(viewer, make_user, contact_form):
    assert viewer.get("/forms").status_code == 200
    assert viewer.get(f"/forms/{contact_form.pk}/fields").status_code == 200
    assert viewer.post("/forms", {"slug": "x", "title": {"en": "X"}}).status_code == 403
    assert viewer.put(f"/forms/{contact_form.pk}", {"is_switched_off": True}).status_code == 403
    assert viewer.post(f"/forms/{contact_form.pk}/duplicate", {}).status_code == 403
    assert Api(make_user()).get("/forms").status_code == 403
    assert Client().get(BASE + "/forms").status_code == 401
    contact_form.refresh_from_db()
    assert not contact_form.is_switched_off and Form.objects.count() == 1


# --- translated values: a save changes the languages it names, the others stay ----------------


def test_a_title_in_one_language_keeps_the_forms_other_languages(manager, contact_form):
    response = manager.put(f"/forms/{contact_form.pk}", {"title": {"en": "Write to us"}})

    assert response.status_code == 200, response.content
    assert response.json()["title"] == {"en": "Write to us", "de": "Kontakt"}
    contact_form.refresh_from_db()
    assert contact_form.title == {"en": "Write to us", "de": "Kontakt"}


def test_a_field_label_in_one_language_keeps_the_fields_other_languages(manager, contact_form):
    name = contact_form.live_fields().get(machine_name="name")
    update_form(
        contact_form,
        actor=None,
        values={},
        fields=[{"id": name.pk, "hint": {"en": "As on your ID", "de": "Wie im Ausweis"}}],
    )

    response = manager.put(f"/forms/{contact_form.pk}/fields/{name.pk}", {"label": {"en": "Full name"}})

    assert response.status_code == 200, response.content
    assert response.json()["label"] == {"en": "Full name", "de": "Ihr Name"}
    assert response.json()["hint"] == {"en": "As on your ID", "de": "Wie im Ausweis"}
    changed = manager.put(
        f"/forms/{contact_form.pk}", {"fields": [{"machine_name": "name", "hint": {"de": "Laut Ausweis"}}]}
    )
    assert changed.status_code == 200, changed.content
    name.refresh_from_db()
    assert (name.label, name.hint) == (
        {"en": "Full name", "de": "Ihr Name"},
        {"en": "As on your ID", "de": "Laut Ausweis"},
    )


@pytest.mark.parametrize("removal", ["", None])
def test_an_empty_text_or_null_removes_one_language_of_a_label(manager, contact_form, removal):
    name = contact_form.live_fields().get(machine_name="name")

    response = manager.put(f"/forms/{contact_form.pk}/fields/{name.pk}", {"label": {"de": removal}})

    assert response.status_code == 200, response.content
    assert response.json()["label"] == {"en": "Your name"}


def test_a_choice_keeps_the_label_languages_it_does_not_name(manager, contact_form):
    topic = contact_form.live_fields().get(machine_name="topic")
    update_form(contact_form, actor=None, values={}, fields=[{"id": topic.pk, "choices": [
        {"value": "quote", "label": {"en": "A quote", "de": "Ein Angebot", "ru": "Предложение"}},
        {"value": "other", "label": {"en": "Other", "de": "Anderes"}},
    ]}])  # fmt: skip

    response = manager.put(
        f"/forms/{contact_form.pk}/fields/{topic.pk}",
        {
            "choices": [
                {"value": "quote", "label": {"en": "A price", "ru": None}},
                "other",
                {"value": "visit"},
            ]
        },
    )

    assert response.status_code == 200, response.content
    assert response.json()["choices"] == [
        {"value": "quote", "label": {"en": "A price", "de": "Ein Angebot"}},
        {"value": "other", "label": {"en": "Other", "de": "Anderes"}},
        {"value": "visit", "label": {"en": "visit"}},
    ]


def test_a_title_left_without_any_language_is_refused_under_its_name(manager, contact_form):
    response = manager.put(f"/forms/{contact_form.pk}", {"title": {"en": "", "de": None}})

    assert response.status_code == 422, response.content
    assert response.json()["errors"] == {"title": ["Give a text in at least one language."]}
    contact_form.refresh_from_db()
    assert contact_form.title == {"en": "Contact", "de": "Kontakt"}
