"""Statuses: the arrival and spam flags live on exactly one status each; deleting and sorting."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from frontdesk.inbox.models import Status
from frontdesk.inbox.operations import (
    accept_submission,
    arrival_status,
    create_status,
    purge_status,
    reorder_statuses,
    update_status,
    update_submissions,
)
from frontdesk.inbox.queries import form_counts

pytestmark = pytest.mark.django_db


def seeded(label: str) -> Status:
    return Status.objects.get(label__en=label)


def holders(flag: str) -> list[str]:
    return [status.label["en"] for status in Status.objects.filter(**{flag: True})]


def test_a_new_status_is_placed_last_with_its_label_and_colour():
    status = create_status(
        actor=None, values={"label": {"en": "Waiting", "de": "Wartet"}, "colour": "#ABCDEF"}
    )
    assert status.label == {"en": "Waiting", "de": "Wartet"}
    assert status.colour == "#abcdef"
    assert status.position == max(Status.objects.exclude(pk=status.pk).values_list("position", flat=True)) + 1
    assert (status.is_arrival, status.is_spam, status.is_closed) == (False, False, False)


def test_giving_the_arrival_flag_moves_it_from_the_previous_holder():
    waiting = create_status(
        actor=None, values={"label": {"en": "Waiting"}, "colour": "#123456", "is_arrival": True}
    )
    assert holders("is_arrival") == ["Waiting"]
    assert arrival_status() == waiting
    update_status(seeded("In progress"), actor=None, values={"is_arrival": True})
    assert holders("is_arrival") == ["In progress"]


def test_giving_the_spam_flag_moves_it_and_the_counts_follow_the_flag(contact_form, good_answers):
    submission, _ = accept_submission(contact_form, good_answers)
    assert form_counts(contact_form)["total"] == 1
    rejected = seeded("Rejected")
    update_submissions(contact_form, actor=None, values={"ids": [submission.pk], "status": rejected.pk})
    update_status(rejected, actor=None, values={"is_spam": True})
    assert holders("is_spam") == ["Rejected"]
    assert form_counts(contact_form)["total"] == 0  # spam is left out of the counts, by flag


@pytest.mark.parametrize(
    ("flag", "words"),
    [("is_arrival", "must take new submissions"), ("is_spam", "must mark spam")],
)
def test_taking_a_flag_from_its_only_holder_is_refused(flag, words):
    holder = Status.objects.get(**{flag: True})
    with pytest.raises(ValidationError) as caught:
        update_status(holder, actor=None, values={flag: False})
    assert words in caught.value.message_dict[flag][0]
    assert "give this flag to another status instead" in caught.value.message_dict[flag][0]
    holder.refresh_from_db()
    assert getattr(holder, flag) is True


def test_a_status_cannot_take_new_submissions_and_mark_spam():
    with pytest.raises(ValidationError) as caught:
        update_status(seeded("In progress"), actor=None, values={"is_arrival": True, "is_spam": True})
    assert list(caught.value.message_dict) == ["is_spam"]
    with pytest.raises(ValidationError):
        update_status(seeded("Spam"), actor=None, values={"is_arrival": True})  # would be both
    assert holders("is_arrival") == ["New"] and holders("is_spam") == ["Spam"]


def test_a_refused_new_status_takes_no_flag():
    with pytest.raises(ValidationError):
        create_status(actor=None, values={"label": {"en": "Odd"}, "colour": "nope", "is_arrival": True})
    assert holders("is_arrival") == ["New"]
    assert not Status.objects.filter(label__en="Odd").exists()


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"label": {"de": "Nur Deutsch"}, "colour": "#123456"}, "label"),
        ({"label": {}, "colour": "#123456"}, "label"),
        ({"label": {"en": "   "}, "colour": "#123456"}, "label"),
        ({"label": {"xx": "Klingon"}, "colour": "#123456"}, "label"),
        ({"label": "not an object", "colour": "#123"}, "colour"),
        ({"label": {"en": "Red"}, "colour": "red"}, "colour"),
        ({"label": {"en": "Red"}, "colour": "#12345g"}, "colour"),
        ({"label": {"en": "Red"}, "colour": "#123456", "is_closed": "yes"}, "is_closed"),
        ({"label": {"en": "Red"}, "colour": "#123456", "rank": 1}, "__all__"),
    ],
)
def test_bad_values_are_refused_keyed_by_field(values, key):
    with pytest.raises(ValidationError) as caught:
        create_status(actor=None, values=values)
    assert key in caught.value.message_dict


def test_a_label_needs_the_default_language_when_changed_too():
    with pytest.raises(ValidationError) as caught:
        update_status(seeded("Done"), actor=None, values={"label": {"en": "", "de": "Erledigt"}})
    assert "default language (en)" in caught.value.message_dict["label"][0]
    assert seeded("Done").label["de"] == "Erledigt"
    done = update_status(seeded("Done"), actor=None, values={"label": {"en": "Finished", "de": "Fertig"}})
    assert done.label == {"en": "Finished", "de": "Fertig", "ru": "Выполнена"}
    assert done.is_closed  # a change names only what changes


def test_a_label_in_one_language_keeps_the_statuses_other_languages():
    done = update_status(seeded("Done"), actor=None, values={"label": {"de": "Fertig"}})
    assert done.label == {"en": "Done", "de": "Fertig", "ru": "Выполнена"}
    done = update_status(done, actor=None, values={"label": {"ru": None}})
    assert Status.objects.get(pk=done.pk).label == {"en": "Done", "de": "Fertig"}


@pytest.mark.parametrize(("label", "words"), [("New", "New submissions arrive"), ("Spam", "marks spam")])
def test_deleting_a_flagged_status_is_refused_with_the_reason(label, words):
    with pytest.raises(ValidationError) as caught:
        purge_status(seeded(label), actor=None)
    assert words in caught.value.message_dict["__all__"][0]
    assert Status.objects.filter(label__en=label).exists()


def test_deleting_a_status_that_submissions_have_is_refused_with_the_reason(contact_form, good_answers):
    submission, _ = accept_submission(contact_form, good_answers)
    done = seeded("Done")
    update_submissions(contact_form, actor=None, values={"ids": [submission.pk], "status": done.pk})
    with pytest.raises(ValidationError) as caught:
        purge_status(done, actor=None)
    assert "Submissions have this status" in caught.value.message_dict["__all__"][0]
    assert Status.objects.filter(pk=done.pk).exists()


def test_a_status_nobody_needs_is_deleted_even_after_submissions_left_it(contact_form, good_answers):
    submission, _ = accept_submission(contact_form, good_answers)
    done, rejected = seeded("Done"), seeded("Rejected")
    update_submissions(contact_form, actor=None, values={"ids": [submission.pk], "status": done.pk})
    update_submissions(
        contact_form, actor=None, values={"ids": [submission.pk], "status": rejected.pk}
    )  # leaves a zero count for Done
    purge_status(done, actor=None)
    assert not Status.objects.filter(pk=done.pk).exists()


def test_sorting_names_every_status_once():
    ids = list(Status.objects.order_by("position", "id").values_list("pk", flat=True))
    reorder_statuses(actor=None, ids=list(reversed(ids)))
    assert list(Status.objects.order_by("position", "id").values_list("pk", flat=True)) == list(reversed(ids))
    with pytest.raises(ValidationError) as caught:
        reorder_statuses(actor=None, ids=ids[:-1])
    assert list(caught.value.message_dict) == ["order"]
    with pytest.raises(ValidationError):
        reorder_statuses(actor=None, ids=["a", *ids])


def test_statuses_need_inbox_manage(make_user):
    clerk = make_user("inbox.view", "inbox.update")
    with pytest.raises(PermissionDenied):
        create_status(actor=clerk, values={"label": {"en": "Mine"}, "colour": "#123456"})
    with pytest.raises(PermissionDenied):
        purge_status(seeded("Rejected"), actor=clerk)
    with pytest.raises(PermissionDenied):
        reorder_statuses(actor=clerk, ids=[])
    manager = make_user("inbox.manage")
    assert create_status(actor=manager, values={"label": {"en": "Mine"}, "colour": "#123456"}).pk


def test_a_status_deleted_meanwhile_is_not_written_back():
    rejected = seeded("Rejected")
    Status.objects.filter(pk=rejected.pk).delete()
    with pytest.raises(Status.DoesNotExist):
        update_status(rejected, actor=None, values={"colour": "#000000"})
    assert not Status.objects.filter(pk=rejected.pk).exists()


def test_the_model_and_the_operation_refuse_a_bad_colour_with_the_same_words():
    """One rule: the model's validator is what the operation asks."""
    with pytest.raises(ValidationError) as by_operation:
        create_status(actor=None, values={"label": {"en": "Blue"}, "colour": "blue"})
    with pytest.raises(ValidationError) as by_model:
        Status(label={"en": "Blue"}, colour="blue").full_clean()
    assert by_operation.value.message_dict["colour"] == by_model.value.message_dict["colour"]
    assert (
        create_status(actor=None, values={"label": {"en": "Blue"}, "colour": "#2563EB"}).colour == "#2563eb"
    )
