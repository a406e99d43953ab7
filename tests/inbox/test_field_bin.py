"""A field put aside is in the host's bin (core/bin): off its form, listed in the bin, its answers
still readable, and restorable unless another live field took its machine name meanwhile."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.core.bin.operations import bin_list, restore
from frontdesk.inbox.models import Field, Form, Submission
from frontdesk.inbox.operations import accept_submission, bin_field, create_field

pytestmark = pytest.mark.django_db


def test_a_put_aside_field_is_in_the_bin_restorable_and_its_answers_stay(
    contact_form, good_answers, make_user
):
    manager = make_user("inbox.view", "inbox.update", "inbox.manage")
    submission, _created = accept_submission(contact_form, good_answers)
    topic = Field.objects.get(form=contact_form, machine_name="topic")
    bin_field(topic, actor=manager)

    assert "topic" not in [field.name for field in contact_form.fields.all()]
    assert [(entry.type, entry.row) for entry in bin_list(manager)] == [("inbox.field", topic)]
    assert Submission.objects.get(pk=submission.pk).answer("topic").value == "quote"
    restore(manager, topic)
    assert "topic" in [field.name for field in contact_form.live_fields()]


def test_a_put_aside_field_whose_name_was_taken_meanwhile_is_refused(contact_form, make_user):
    manager = make_user("inbox.view", "inbox.update", "inbox.manage")
    topic = Field.objects.get(form=contact_form, machine_name="topic")
    bin_field(topic, actor=manager)
    create_field(contact_form, actor=manager, values={"machine_name": "topic", "type": "text"})
    with pytest.raises(ValidationError) as refused:
        restore(manager, topic)
    assert "now answers to topic" in refused.value.message_dict["__all__"][0]
    assert Field.all_objects.get(pk=topic.pk).in_bin


def test_a_field_that_comes_back_from_the_bin_moves_the_form_version_the_door_caches_by(
    contact_form, make_user
):
    manager = make_user("inbox.view", "inbox.update", "inbox.manage")
    topic = Field.objects.get(form=contact_form, machine_name="topic")
    bin_field(topic, actor=manager)
    put_aside = Form.objects.get(pk=contact_form.pk).updated_at
    restore(manager, topic)
    assert Form.objects.get(pk=contact_form.pk).updated_at > put_aside
    assert [field.name for field in Form.objects.for_intake().get(pk=contact_form.pk).intake_fields()].count(
        "topic"
    ) == 1
