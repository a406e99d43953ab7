"""The inbox's demo content: two forms with several field types, seeded and removed by `frontdesk demo`."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command

from frontdesk.inbox import queries
from frontdesk.inbox.models import Form, Submission
from frontdesk.inbox.operations import accept_submission

pytestmark = pytest.mark.django_db


def demo(*args) -> str:
    out = StringIO()
    call_command("demo", *args, stdout=out)
    return out.getvalue()


def test_demo_seeds_a_contact_and_an_event_enquiry_form():
    output = demo()
    assert "inbox: 2 demo forms created" in output
    assert set(Form.objects.values_list("slug", flat=True)) == {"contact", "event-enquiry"}
    types = set(Form.objects.get(slug="event-enquiry").live_fields().values_list("type", flat=True))
    assert types == {"text", "email", "date", "radio", "checkbox", "hidden"}


def test_demo_twice_creates_nothing_twice():
    demo()
    assert "0 demo forms created (2 already there)" in demo()
    assert Form.objects.count() == 2


def test_the_demo_forms_take_submissions_and_go_away_with_them():
    demo()
    contact = Form.objects.get(slug="contact")
    accept_submission(
        contact,
        {"name": "Ada", "email": "ada@example.org", "message": "Hello there, friends.", "consent": "on"},
    )
    assert "inbox: 2 demo forms removed" in demo("--remove")
    assert not Form.objects.exists() and not Submission.objects.exists()


def test_the_demo_inbox_has_submissions_in_several_states_and_mailed_nobody(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        demo()
    contact = Form.objects.get(slug="contact")
    tabs = {tab.label: tab.count for tab in queries.tabs(contact)}
    assert tabs["All"] >= 6 and tabs["Unread"] >= 3 and tabs["Spam"] == 1
    assert sum(1 for label, count in tabs.items() if count and label not in ("All", "Unread")) >= 4
    assert mail.outbox == []
    assert contact.options["recipients"]["addresses"] == ["office@example.com"]
