"""Duplicating a form: settings and live fields are copied, submissions are not, the copy is off."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from frontdesk.inbox.models import Form
from frontdesk.inbox.operations import accept_submission, create_form, duplicate_form, update_form

pytestmark = pytest.mark.django_db

SETTINGS = ["machine_name", "label", "type", "hint", "in_table", "full_width", "position", "required",
            "choices", "min_length", "max_length", "min_value", "max_value", "extensions"]  # fmt: skip


def settings_of(form: Form) -> list[dict]:
    return [
        {key: getattr(field, key) for key in SETTINGS} for field in form.live_fields().order_by("position")
    ]


@pytest.fixture
def busy_form(contact_form, good_answers):
    update_form(contact_form, actor=None, values={"options": {"recipients": {"addresses": ["office@example.com"]}, "captcha": True,
                            "antispam": {"min_seconds": 5}}}, fields=[{"machine_name": "message", "remove": True},
                {"machine_name": "when", "type": "date", "label": {"en": "When"}, "min_value": "2026-01-01"}])  # fmt: skip
    accept_submission(contact_form, good_answers)
    return contact_form


def test_the_copy_has_the_settings_and_live_fields_and_no_submissions(busy_form):
    copy = duplicate_form(busy_form, actor=None, values={})
    assert copy.pk != busy_form.pk
    assert copy.slug == "contact-copy"
    assert copy.title["en"] == "Contact (copy)"
    assert copy.options == busy_form.options
    assert copy.email_field_name == "email"
    assert settings_of(copy) == settings_of(busy_form)
    assert "message" not in [field.machine_name for field in copy.live_fields()]  # put aside: not copied
    assert not copy.fields.filter(deleted_at__isnull=False).exists()
    assert not copy.submissions.exists()
    assert set(copy.live_fields().values_list("pk", flat=True)).isdisjoint(
        busy_form.fields.values_list("pk", flat=True)
    )


def test_the_copy_starts_switched_off_so_nothing_goes_live_unreviewed(busy_form):
    assert not busy_form.is_switched_off
    assert duplicate_form(busy_form, actor=None, values={}).is_switched_off


def test_default_slugs_count_up_and_stay_within_100_characters(contact_form, db):
    assert duplicate_form(contact_form, actor=None, values={}).slug == "contact-copy"
    assert duplicate_form(contact_form, actor=None, values={}).slug == "contact-copy-2"
    assert duplicate_form(contact_form, actor=None, values={}).slug == "contact-copy-3"
    long = create_form(actor=None, values={"slug": "a" * 100, "title": {"en": "Long"}})
    copy = duplicate_form(long, actor=None, values={})
    assert copy.slug == "a" * 95 + "-copy" and len(copy.slug) == 100


def test_the_title_gets_copy_in_each_language(contact_form):
    copy = duplicate_form(contact_form, actor=None, values={})
    assert copy.title["en"] == "Contact (copy)"
    assert copy.title["de"].startswith("Kontakt (") and set(copy.title) == {"en", "de"}


def test_a_chosen_slug_and_title_are_used_and_checked_like_any_form(contact_form):
    copy = duplicate_form(
        contact_form, actor=None, values={"slug": "contact-2027", "title": {"en": "Contact 2027"}}
    )
    assert (copy.slug, copy.title) == ("contact-2027", {"en": "Contact 2027"})
    with pytest.raises(ValidationError) as caught:
        duplicate_form(contact_form, actor=None, values={"slug": "contact"})
    assert list(caught.value.message_dict) == ["slug"]
    with pytest.raises(ValidationError) as caught:
        duplicate_form(contact_form, actor=None, values={"slug": "Not A Slug"})
    assert list(caught.value.message_dict) == ["slug"]
    with pytest.raises(ValidationError) as caught:
        duplicate_form(contact_form, actor=None, values={"options": {}})
    assert list(caught.value.message_dict) == ["__all__"]
    assert Form.objects.count() == 2


def test_an_unnamed_email_field_is_still_the_copys_email_field(db):
    form = create_form(actor=None, values={"slug": "bare", "title": {"en": "Bare"}}, fields=[{"type": "email", "label": {"en": "Mail"}}])  # fmt: skip
    field = form.live_fields().get()
    form = update_form(form, actor=None, values={"email_field_name": field.name})
    copy = duplicate_form(form, actor=None, values={})
    copied = copy.live_fields().get()
    assert copied.pk != field.pk
    assert copy.email_field_name == copied.name == f"f{copied.pk}"


def test_duplicating_needs_inbox_manage(contact_form, make_user):
    with pytest.raises(PermissionDenied):
        duplicate_form(contact_form, actor=make_user("inbox.view", "inbox.update"), values={})
    assert duplicate_form(contact_form, actor=make_user("inbox.manage"), values={}).slug == "contact-copy"
