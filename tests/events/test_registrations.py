"""What events register with the host (events/apps.py): the relation target `event`, the category
editor's project fields (the sitemap's lines: test_sitemap.py)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.categories.operations import create_category
from frontdesk.events.operations import update_event
from frontdesk.publishing.relation_targets import RELATION_TARGETS
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.django_db


def test_events_are_the_relation_target_event(make_event):
    target = RELATION_TARGETS["event"]
    shown = make_event("Tea", slug="tea")
    draft = make_event("Draft", slug="draft", publish=False)
    assert target.lookup_by_id([shown.pk, draft.pk], "en") == {
        shown.pk: {"id": shown.pk, "url": "/events/tea", "title": "Tea", "lead": "", "cover": None}
    }
    assert target.existing([shown.pk, draft.pk, 999999]) == {shown.pk, draft.pk}
    assert target.lookup_by_address("/de/events/tea") == shown.pk == target.lookup_by_address("tea")
    assert target.lookup_by_address("nowhere") is None
    update_event(shown, actor=None, values={"lead": {"en": "A cup"}}, revision=shown.revision)
    assert target.lookup_by_id([shown.pk], "en")[shown.pk]["lead"] == ""  # the published one


def test_the_category_editor_s_project_fields_are_checked_on_save():
    with project_fields(node("colour", "text", max_length=7), screen="events.category-form"):
        with pytest.raises(ValidationError) as caught:
            create_category(
                "events", actor=None, values={"name": {"en": "Yoga"}, "extra": {"colour": "x" * 8}}
            )
        assert list(caught.value.message_dict) == ["colour"]
        yoga = create_category(
            "events", actor=None, values={"name": {"en": "Yoga"}, "extra": {"colour": "#00ff00"}}
        )
        assert yoga.extra == {"colour": "#00ff00"}
