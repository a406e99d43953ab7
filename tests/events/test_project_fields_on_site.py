"""Project fields of the events (issue 27, "Project fields"): a site's patches add fields to
`events.form` and `events.category-form`; the save operations check them by type under the
field's name, a good value waits in the draft, and after publish the event page prints it with
`{{ event|extra:"name" }}` in the page's language while the card carries it under `fields`."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import Client, override_settings

from frontdesk.categories.operations import create_category, update_category
from frontdesk.events.operations import create_event, publish_event, update_event
from frontdesk.events.query import events
from tests.project_fields import node

EVENT_FIELDS = [node("seats", "number", min=1), node("note", "text", localized=True)]
CATEGORY_FIELDS = [node("room", "text")]


@pytest.fixture
def fields(db):
    patches = {"events.form": EVENT_FIELDS, "events.category-form": CATEGORY_FIELDS}
    with override_settings(FRONTDESK={**settings.FRONTDESK, "project_fields": patches}):
        yield


def refused_under(call, *args, **kwargs) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        call(*args, **kwargs)
    return list(caught.value.message_dict)


def page(address: str) -> str:
    response = Client().get(address)
    assert response.status_code == 200
    return response.content.decode()


def test_a_wrong_value_is_refused_under_the_fields_name(fields):
    assert refused_under(create_event, actor=None, values={"title": "Tea", "extra": {"seats": "many"}}) == [
        "seats"
    ]
    event = create_event(actor=None, values={"title": "Tea"})
    assert refused_under(
        update_event, event, actor=None, values={"extra": {"note": {"en": 7}}}, revision=event.revision
    ) == ["note"]
    category = create_category("events", actor=None, values={"name": {"en": "Yoga"}})
    assert refused_under(update_category, category, actor=None, values={"extra": {"room": ["A"]}}) == ["room"]


def test_a_good_value_waits_in_the_draft_then_prints_in_each_language(fields, site_templates):
    site_templates(
        "events/site/event/facts.html",
        '{% load project_fields %}<p class="seats">{{ event|extra:"seats" }}</p><p class="note">{{ event|extra:"note" }}</p>',
    )
    event = publish_event(
        create_event(actor=None, values={"title": "Tea", "slug": {"en": "tea", "de": "tee"}}), actor=None
    )
    event = update_event(
        event,
        actor=None,
        values={"extra": {"seats": 12, "note": {"en": "Bring a cup", "de": "Tasse mitbringen"}}},
        revision=event.revision,
    )
    assert '<p class="seats"></p>' in page("/events/tea")  # waiting in the draft
    assert events().all().first()["fields"] == {"seats": "", "note": ""}

    publish_event(event, actor=None)
    english, german = page("/events/tea"), page("/de/events/tee")
    assert '<p class="seats">12</p>' in english and '<p class="note">Bring a cup</p>' in english
    assert '<p class="seats">12</p>' in german and '<p class="note">Tasse mitbringen</p>' in german
    assert events().all().locale("en").first()["fields"] == {"seats": 12, "note": "Bring a cup"}
    assert events().all().locale("de").first()["fields"] == {"seats": 12, "note": "Tasse mitbringen"}
