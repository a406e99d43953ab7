"""Category types as relation targets (categories/relations.py): registering a type registers
`<type>.category`, so a holder keeps its categories as an OrderedRelation, with cards, addresses,
counts and the draft of any relation; through the test app's tours, which hold test-happening
categories (tests/testapp: Tour.happenings)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from frontdesk.categories import operations
from frontdesk.categories.models import Category
from frontdesk.publishing import versions
from frontdesk.publishing.relations import (
    RELATION_TARGETS,
    cards_of,
    clean_relation,
    relation_counts,
    resolve_references,
)
from tests.testapp.categories import HAPPENING, TOPIC
from tests.testapp.models import Tour

pytestmark = pytest.mark.django_db

TARGET = "test-happening.category"


def happening(name: str, **values) -> Category:
    return operations.create_category(HAPPENING, actor=None, values={"name": {"en": name}, **values})


def test_every_category_type_is_a_relation_target():
    from frontdesk.categories.types import CATEGORY_TYPES

    registered = {f"{name}.category" for name in CATEGORY_TYPES.names()}
    assert {"test-topic.category", TARGET} <= registered  # the optional modules' types as installed
    assert registered <= set(RELATION_TARGETS.names())


def test_an_editor_may_choose_a_hidden_category_of_the_type_but_not_another_type_s_or_a_binned_one():
    hidden = happening("Hidden", is_shown=False)
    binned = happening("Binned")
    operations.bin_category(binned, actor=None)
    topic = operations.create_category(TOPIC, actor=None, values={"name": {"en": "Shipping"}})
    assert clean_relation(TARGET, [hidden.pk], field="happenings") == [hidden.pk]
    with pytest.raises(ValidationError) as caught:
        clean_relation(TARGET, [binned.pk, topic.pk], field="happenings")
    assert caught.value.message_dict == {
        "happenings": [f"There is no category {binned.pk}.", f"There is no category {topic.pk}."]
    }


def test_a_holder_s_categories_read_as_cards_in_its_order_the_hidden_ones_left_out():
    courses = happening("Courses", slug={"en": "courses"})
    walks = happening("Walks", slug={"en": "walks"})
    hidden = happening("Hidden", is_shown=False)
    tour = Tour.objects.create(name="t", happenings=[walks.pk, hidden.pk, courses.pk])
    tour.refresh_from_db()
    assert cards_of(tour, "happenings", "en") == [
        {"id": walks.pk, "url": "/happenings/walks", "title": "Walks", "lead": "", "cover": None},
        {"id": courses.pk, "url": "/happenings/courses", "title": "Courses", "lead": "", "cover": None},
    ]


def test_a_category_is_named_by_its_address_or_slug():
    courses = happening("Courses", slug={"en": "courses", "de": "kurse"})
    for reference in ("/happenings/courses", "/de/happenings/kurse", "courses"):
        assert resolve_references(TARGET, [reference], field="happenings") == [courses.pk]
    with pytest.raises(ValidationError):
        resolve_references(TARGET, ["/happenings/nothing"], field="happenings")


def test_relation_counts_count_the_holders_of_each_category_in_one_query(django_assert_num_queries):
    courses, walks, empty = happening("Courses"), happening("Walks"), happening("Empty")
    Tour.objects.create(name="a", happenings=[courses.pk, walks.pk])
    Tour.objects.create(name="b", happenings=[courses.pk])
    with django_assert_num_queries(1):
        counts = relation_counts(Tour, "happenings", [courses.pk, walks.pk, empty.pk])
    assert counts == {courses.pk: 2, walks.pk: 1}


def test_categories_wait_in_the_draft_like_any_relation():
    courses, walks = happening("Courses"), happening("Walks")
    tour = versions.publish(None, Tour.objects.create(name="t", happenings=[courses.pk]))
    tour = versions.save_draft(None, tour, values={"happenings": [walks.pk]}, revision=tour.revision)
    assert Tour.objects.get(pk=tour.pk).happenings == [courses.pk]
    assert tour.draft == {"happenings": [walks.pk]}
    tour = versions.publish(None, tour, revision=tour.revision)
    assert Tour.objects.get(pk=tour.pk).happenings == [walks.pk]
