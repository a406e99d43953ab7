"""Inbox fixtures: forms built through the operations, as an administrator would build them."""

from __future__ import annotations

import pytest

from frontdesk.inbox.operations import save_form

CONTACT_FIELDS = [
    {"machine_name": "name", "type": "text", "label": {"en": "Your name", "de": "Ihr Name"}, "required": True,
     "in_table": True, "max_length": 100},
    {"machine_name": "email", "type": "email", "label": {"en": "E-mail", "de": "E-Mail"}, "required": True},
    {"machine_name": "topic", "type": "select", "label": {"en": "Topic"},
     "choices": [{"value": "quote", "label": {"en": "A quote"}}, {"value": "other", "label": {"en": "Other"}}]},
    {"machine_name": "days", "type": "checkbox", "label": {"en": "Days"}, "choices": ["mon", "tue", "wed"]},
    {"machine_name": "message", "type": "textarea", "label": {"en": "Message"}, "min_length": 5},
    {"machine_name": "consent", "type": "consent", "label": {"en": "I agree"}, "required": True},
]  # fmt: skip


@pytest.fixture
def contact_form(db):
    return save_form(
        None,
        values={"slug": "contact", "title": {"en": "Contact", "de": "Kontakt"}, "email_field_name": "email"},
        fields=CONTACT_FIELDS,
    )


@pytest.fixture
def good_answers() -> dict:
    return {
        "name": "Ada Lovelace",
        "email": "ada@example.org",
        "topic": "quote",
        "days": ["tue", "mon"],
        "message": "Please call me back.",
        "consent": "on",
    }
