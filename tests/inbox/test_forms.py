"""Forms and fields through the operations: the editor's rules, partial saves, soft deletion."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models.deletion import RestrictedError

from frontdesk.core.errors import NotFound
from frontdesk.inbox.models import Field, Form
from frontdesk.inbox.operations import (
    accept_submission,
    create_form,
    purge_form,
    reorder_fields,
    reorder_forms,
    update_form,
)
from frontdesk.inbox.queries import find_form

pytestmark = pytest.mark.django_db


def errors_of(call) -> dict:
    with pytest.raises(ValidationError) as caught:
        call()
    return caught.value.message_dict


@pytest.mark.parametrize("slug", ["Contact", "con tact", "contact/", "-contact", "a--b", "", "kontakt_form"])
def test_a_slug_must_be_an_address_segment(slug):
    errors = errors_of(lambda: create_form(actor=None, values={"slug": slug, "title": {"en": "Contact"}}))
    assert list(errors) == ["slug"]


def test_two_forms_cannot_share_a_slug(contact_form):
    errors = errors_of(lambda: create_form(actor=None, values={"slug": "contact", "title": {"en": "Again"}}))
    assert errors["slug"] == ["Another form already has this slug."]


def test_a_form_needs_a_title_in_some_language():
    errors = errors_of(lambda: create_form(actor=None, values={"slug": "x", "title": {"en": " ", "de": ""}}))
    assert list(errors) == ["title"]


def test_recipients_must_be_reachable(make_user):
    inactive = make_user(is_active=False)
    errors = errors_of(
        lambda: create_form(
            actor=None,
            values={
                "slug": "x",
                "title": {"en": "X"},
                "options": {"recipients": {"accounts": [inactive.pk, 999999], "addresses": ["nobody"]}},
            },
        )
    )
    assert len(errors["options.recipients"]) == 3


def test_an_account_that_cannot_open_the_inbox_is_no_recipient(make_user):
    outsider = make_user()
    errors = errors_of(
        lambda: create_form(
            actor=None,
            values={
                "slug": "x",
                "title": {"en": "X"},
                "options": {"recipients": {"accounts": [outsider.pk]}},
            },
        )
    )
    assert errors["options.recipients"] == [f"Account {outsider.pk} cannot open the inbox."]


def test_reachable_recipients_are_kept(make_user):
    clerk = make_user("inbox.view")
    form = create_form(
        actor=None,
        values={
            "slug": "x",
            "title": {"en": "X"},
            "options": {"recipients": {"accounts": [clerk.pk], "addresses": ["Desk@Example.com"]}},
        },
    )
    assert form.options["recipients"] == {"accounts": [clerk.pk], "addresses": ["desk@example.com"]}


def test_a_field_without_a_machine_name_answers_to_f_and_its_id():
    form = create_form(
        actor=None, values={"slug": "x", "title": {"en": "X"}}, fields=[{"type": "text", "label": "Q"}]
    )
    field = form.live_fields().get()
    assert field.name == f"f{field.pk}"


def nameless(form: Form, **values) -> Field:
    update_form(form, actor=None, values={}, fields=[{"type": "text", "label": {"en": "Company"}, **values}])
    return form.live_fields().get(machine_name="")


def test_a_save_names_a_nameless_field_by_f_and_its_id(contact_form):
    company = nameless(contact_form, hint={"en": "If any"})
    count = contact_form.live_fields().count()

    update_form(
        contact_form,
        actor=None,
        values={},
        fields=[{"machine_name": f"f{company.pk}", "label": {"de": "Firma"}}],
    )

    company.refresh_from_db()
    assert (company.machine_name, company.label) == ("", {"en": "Company", "de": "Firma"})
    assert contact_form.live_fields().count() == count
    update_form(
        contact_form, actor=None, values={}, fields=[{"id": company.pk, "machine_name": f"f{company.pk}"}]
    )
    company.refresh_from_db()
    assert company.machine_name == ""  # its own f<id> is the name it has, not a new one


def test_f_and_an_id_names_only_a_nameless_live_field_of_the_same_form(contact_form):
    named = contact_form.live_fields().get(machine_name="name")
    other = create_form(actor=None, values={"slug": "other", "title": {"en": "O"}}, fields=[{"type": "text"}])
    foreign = other.live_fields().get()
    gone = nameless(contact_form)
    update_form(contact_form, actor=None, values={}, fields=[{"id": gone.pk, "remove": True}])

    for field in (named, foreign, gone):
        errors = errors_of(
            lambda field=field: update_form(
                contact_form, actor=None, values={}, fields=[{"machine_name": f"f{field.pk}", "remove": True}]
            )
        )
        assert errors == {"fields.0": ["This form has no such field."]}


@pytest.mark.parametrize("name", ["1st", "Name", "na-me", "f12"])
def test_machine_names_are_checked(name):
    errors = errors_of(
        lambda: create_form(
            actor=None, values={"slug": "x", "title": {"en": "X"}}, fields=[{"machine_name": name}]
        )
    )
    assert list(errors) == ["fields.0.machine_name"]


def test_an_unknown_type_names_the_valid_ones():
    errors = errors_of(
        lambda: create_form(
            actor=None, values={"slug": "x", "title": {"en": "X"}}, fields=[{"type": "slider"}]
        )
    )
    assert "text, email, tel, textarea" in errors["fields.0.type"][0]


def test_a_choice_field_needs_choices():
    errors = errors_of(
        lambda: create_form(
            actor=None, values={"slug": "x", "title": {"en": "X"}}, fields=[{"type": "radio"}]
        )
    )
    assert list(errors) == ["fields.0.choices"]


def test_the_email_field_must_be_an_email_field_of_the_form(contact_form):
    errors = errors_of(lambda: update_form(contact_form, actor=None, values={"email_field_name": "name"}))
    assert list(errors) == ["email_field_name"]


def test_a_partial_save_changes_only_what_it_names(contact_form):
    before = {field.name: (field.label, field.position) for field in contact_form.live_fields()}
    update_form(
        contact_form, actor=None, values={}, fields=[{"machine_name": "name", "label": {"en": "Full name"}}]
    )
    after = {field.name: (field.label, field.position) for field in contact_form.live_fields()}
    assert after["name"][0] == {"en": "Full name", "de": "Ihr Name"}
    assert {k: v for k, v in after.items() if k != "name"} == {k: v for k, v in before.items() if k != "name"}
    contact_form.refresh_from_db()
    assert contact_form.title == {"en": "Contact", "de": "Kontakt"}


def test_a_new_field_cannot_borrow_the_name_of_a_field_the_same_save_names_by_id(contact_form):
    email = contact_form.live_fields().get(machine_name="email")
    with pytest.raises(ValidationError) as caught:
        update_form(
            contact_form,
            actor=None,
            values={},
            fields=[{"id": email.pk, "label": {"en": "Mail"}}, {"machine_name": "email", "type": "text"}],
        )
    assert caught.value.message_dict == {
        "fields.1.machine_name": ["Another field of this form has this name."]
    }
    email.refresh_from_db()
    assert (email.type, email.label) == ("email", {"en": "E-mail", "de": "E-Mail"})


def test_a_removed_field_leaves_the_form_but_stays_in_old_submissions(contact_form, good_answers):
    submission, _created = accept_submission(contact_form, good_answers)
    update_form(contact_form, actor=None, values={}, fields=[{"machine_name": "topic", "remove": True}])
    assert "topic" not in [field.name for field in contact_form.live_fields()]
    assert Field.all_objects.filter(form=contact_form, machine_name="topic").in_bin().exists()  # in the bin
    kept = submission.answer("topic")
    assert (kept.value, kept.label) == ("quote", {"en": "Topic"})


def test_renaming_a_label_keeps_the_old_label_in_old_answers(contact_form, good_answers):
    submission, _created = accept_submission(contact_form, good_answers)
    update_form(
        contact_form, actor=None, values={}, fields=[{"machine_name": "name", "label": {"en": "Full name"}}]
    )
    assert submission.answer("name").label == {"en": "Your name", "de": "Ihr Name"}


def test_a_form_with_submissions_cannot_be_deleted(contact_form, good_answers):
    accept_submission(contact_form, good_answers)
    errors = errors_of(lambda: purge_form(contact_form, actor=None))
    assert "switch it off" in errors["__all__"][0]
    assert Form.objects.filter(pk=contact_form.pk).exists()
    with pytest.raises(RestrictedError):
        Form.objects.filter(pk=contact_form.pk).delete()  # the foreign key refuses too


def test_a_form_without_submissions_can_be_deleted(contact_form):
    purge_form(contact_form, actor=None)
    assert not Form.objects.exists()


def test_forms_and_fields_are_sorted_by_the_given_order(contact_form):
    other = create_form(actor=None, values={"slug": "other", "title": {"en": "Other"}})
    reorder_forms(actor=None, ids=[other.pk, contact_form.pk])
    assert list(Form.objects.values_list("slug", flat=True)) == ["other", "contact"]
    ids = list(contact_form.live_fields().values_list("pk", flat=True))
    reorder_fields(contact_form, actor=None, ids=list(reversed(ids)))
    assert list(contact_form.live_fields().values_list("pk", flat=True)) == list(reversed(ids))


def test_a_sort_must_name_every_item_once(contact_form):
    errors = errors_of(lambda: reorder_forms(actor=None, ids=[contact_form.pk, contact_form.pk]))
    assert list(errors) == ["order"]


def test_find_form_accepts_an_id_or_a_slug(contact_form):
    assert find_form(contact_form.pk) == find_form("contact") == contact_form
    with pytest.raises(NotFound):
        find_form("nope")


def test_changing_forms_needs_inbox_manage(make_user):
    with pytest.raises(PermissionDenied):
        create_form(actor=make_user("inbox.view"), values={"slug": "x", "title": {"en": "X"}})
    assert (
        create_form(actor=make_user("inbox.manage"), values={"slug": "x", "title": {"en": "X"}}).slug == "x"
    )


def test_options_left_out_of_a_save_keep_their_stored_value(contact_form):
    update_form(
        contact_form, actor=None, values={"options": {"recipients": {"addresses": ["desk@example.com"]}}}
    )
    update_form(contact_form, actor=None, values={"options": {"captcha": True}})
    contact_form.refresh_from_db()
    assert contact_form.options["recipients"]["addresses"] == ["desk@example.com"]
    assert contact_form.options["captcha"] is True


@pytest.mark.parametrize("slug", ["Contact Us", "contact--us", "", "x" * 101])
def test_the_model_and_the_operation_refuse_a_bad_slug_with_the_same_words(slug):
    """One rule: the operation asks the model's own (format, length, blank)."""
    with pytest.raises(ValidationError) as by_operation:
        create_form(actor=None, values={"slug": slug, "title": {"en": "Contact"}})
    with pytest.raises(ValidationError) as by_model:
        Form(slug=slug, title={"en": "Contact"}).full_clean()
    assert by_operation.value.message_dict["slug"] == by_model.value.message_dict["slug"]


def test_a_form_keeps_its_own_slug_and_may_not_take_anothers(contact_form):
    assert (
        update_form(contact_form, actor=None, values={"slug": "contact", "title": {"en": "Again"}}).slug
        == "contact"
    )
    other = create_form(actor=None, values={"slug": "other", "title": {"en": "Other"}})
    with pytest.raises(ValidationError) as taken:
        update_form(other, actor=None, values={"slug": "contact"})
    assert taken.value.message_dict["slug"] == ["Another form already has this slug."]
