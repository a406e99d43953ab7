"""Shared categories (categories): the operations on the test app's two types, test-topic
(FAQ-like, no addresses, its items topic questions) and test-happening (events-like, with addresses
at the level of the test events). The doors: test_categories_doors.py, test_categories_mcp.py."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from frontdesk.categories import operations
from frontdesk.categories.models import Category
from frontdesk.categories.queries import (
    category_rows,
    find_category,
    item_categories,
    resolve_categories,
)
from frontdesk.core.bin.operations import bin_list
from frontdesk.core.errors import InUse, NotFound, problem
from frontdesk.core.log import log_of
from frontdesk.routes.claims import claim_routes
from frontdesk.routes.models import Route
from tests.project_fields import BUDGET, TAGLINE, project_fields
from tests.testapp.categories import HAPPENING, HAPPENINGS_MANAGE, TOPIC, TOPICS_MANAGE
from tests.testapp.models import RoutedEvent, TopicQuestion
from tests.testapp.routing import make_event

pytestmark = pytest.mark.django_db


def topic(name: str, **values) -> Category:
    return operations.create_category(TOPIC, actor=None, values={"name": {"en": name}, **values})


def happening(name: str, **values) -> Category:
    return operations.create_category(HAPPENING, actor=None, values={"name": {"en": name}, **values})


def holding(category: Category, count: int) -> None:
    for number in range(count):
        TopicQuestion.objects.create(text=f"Question {number}").categories.add(category)


def order(type_name: str = TOPIC) -> list[str]:
    return [row.category.name["en"] for row in category_rows(type_name)]


def stored_paths(category: Category) -> dict[str, str | None]:
    return dict(
        Route.objects.filter(type_name="test-happening-category", object_id=category.pk).values_list(
            "language", "path"
        )
    )


# --- Creating, changing, ordering -------------------------------------------------------------


def test_new_categories_go_to_the_end_of_their_types_order_only(make_user):
    manager = make_user(TOPICS_MANAGE)
    first = topic("Shipping")
    happening("Workshops")
    second = operations.create_category(TOPIC, actor=manager, values={"name": {"en": "Returns"}})
    assert order() == ["Shipping", "Returns"] and order(HAPPENING) == ["Workshops"]
    assert (first.position, second.position) == (1, 2)
    line = log_of(second).get()
    assert line.action == "category.created" and line.actor == manager
    assert line.changes["name"] == [None, {"en": "Returns"}]


def test_a_change_merges_names_by_language_and_logs_what_changed(make_user):
    category = topic("Shipping", is_shown=True)
    operations.update_category(category, actor=None, values={"name": {"de": "Versand"}})
    operations.update_category(category, actor=None, values={"name": {"en": ""}, "is_shown": False})
    category.refresh_from_db()
    assert category.name == {"de": "Versand"} and category.is_shown is False
    changed = log_of(category).filter(action="category.changed").last()
    assert changed.changes == {
        "name": [{"en": "Shipping", "de": "Versand"}, {"de": "Versand"}],
        "is_shown": [True, False],
    }


def test_a_name_is_required_and_every_refused_value_is_named_at_once():
    with pytest.raises(ValidationError) as refused:
        operations.create_category(TOPIC, actor=None, values={"is_shown": True})
    assert "name" in refused.value.message_dict
    category = topic("Shipping")
    with pytest.raises(ValidationError) as refused:
        operations.update_category(
            category, actor=None, values={"name": {"en": ""}, "is_shown": "yes", "slug": {"en": "x"}}
        )
    assert set(refused.value.message_dict) == {"name", "is_shown", "slug"}
    assert refused.value.message_dict["slug"] == ["These categories have no address."]
    category.refresh_from_db()
    assert category.name == {"en": "Shipping"}


def test_an_account_without_the_types_permission_is_refused(make_user):
    category = topic("Shipping")
    other = make_user(HAPPENINGS_MANAGE)
    with pytest.raises(PermissionDenied):
        operations.create_category(TOPIC, actor=other, values={"name": {"en": "Returns"}})
    with pytest.raises(PermissionDenied):
        operations.bin_category(category, actor=other)
    with pytest.raises(PermissionDenied):
        operations.reorder_categories(TOPIC, actor=other, ids=[category.pk])
    assert Category.objects.filter(type=TOPIC).count() == 1


def test_reorder_takes_the_whole_set_outside_the_bin_and_refuses_anything_else():
    a, b, c = topic("A"), topic("B"), topic("C")
    operations.bin_category(b, actor=None)
    operations.reorder_categories(TOPIC, actor=None, ids=[c.pk, a.pk])
    assert order() == ["C", "A"]
    other = happening("Workshops")
    for ids, words in [
        ([c.pk], "Name every category of the list exactly once."),
        ([c.pk, a.pk, a.pk], "Name every category of the list exactly once."),
        ([c.pk, a.pk, b.pk], f"There is no category {b.pk}."),  # in the bin
        ([c.pk, a.pk, other.pk], f"There is no category {other.pk}."),  # another type's
        ([c.pk, a.pk, 999_999], "There is no category 999999."),
    ]:
        with pytest.raises(ValidationError) as refused:
            operations.reorder_categories(TOPIC, actor=None, ids=ids)
        assert refused.value.message_dict == {"ids": [words]}
    assert order() == ["C", "A"]


def test_the_list_with_item_counts_costs_the_same_queries_for_one_or_many_categories():
    holding(topic("First"), 2)

    def cost() -> int:
        with CaptureQueriesContext(connection) as queries:
            category_rows(TOPIC)
        return len(queries)

    few = cost()
    for number in range(12):
        holding(topic(f"More {number}"), number % 3)
    assert cost() == few == 2
    assert [row.items for row in category_rows(TOPIC)][:4] == [2, 0, 1, 2]


# --- The bin ----------------------------------------------------------------------------------


def test_binning_a_category_that_holds_items_is_refused_with_their_count(make_user):
    category = topic("Shipping")
    holding(category, 3)
    with pytest.raises(InUse) as refused:
        operations.bin_category(category, actor=make_user(TOPICS_MANAGE))
    assert refused.value.count == 3
    assert str(refused.value) == "The topic Shipping holds 3 question(s)."
    meaning = problem(refused.value)
    assert (meaning.status, meaning.in_use, meaning.message) == (
        409,
        3,
        "The topic Shipping holds 3 question(s).",
    )
    assert Category.objects.filter(pk=category.pk).exists()
    assert not log_of(category).filter(action="category.binned").exists()


def test_the_default_refusal_names_the_category_and_the_count(settings):
    category = happening("Workshops")
    RoutedEvent.objects.create(title={"en": "Camp"}, slug={"en": "camp"}).categories.add(category)
    with pytest.raises(InUse) as refused:
        operations.bin_category(category, actor=None)
    assert (
        str(refused.value) == ("The category Workshops holds 1 item; take it out of the category first.")
        and refused.value.count == 1
    )


def test_an_empty_category_goes_to_the_bin_and_comes_back_at_the_end(make_user):
    manager = make_user(TOPICS_MANAGE)
    first = topic("First")
    topic("Second")
    operations.bin_category(first, actor=manager)
    assert order() == ["Second"]
    assert [entry.name for entry in bin_list(manager)] == ["First"]
    assert [row.category.pk for row in category_rows(TOPIC, trashed=True)] == [first.pk]
    with pytest.raises(NotFound):  # already in the bin
        operations.bin_category(first, actor=manager)
    operations.restore_category(first, actor=manager)
    assert order() == ["Second", "First"]
    assert [line.action for line in log_of(first)] == [
        "category.created",
        "category.binned",
        "category.restored",
    ]


def test_the_bin_list_shows_each_type_to_its_own_permission_only(make_user):
    operations.bin_category(topic("Shipping"), actor=None)
    operations.bin_category(happening("Workshops"), actor=None)
    assert [entry.type for entry in bin_list(make_user(TOPICS_MANAGE))] == ["test-topic.category"]
    assert [entry.type for entry in bin_list(make_user(HAPPENINGS_MANAGE))] == ["test-happening.category"]


# --- Addresses --------------------------------------------------------------------------------


def test_a_category_with_addresses_takes_its_slug_from_its_name_and_answers_there():
    category = happening("Summer Courses")
    assert category.slug == {"en": "summer-courses"}
    assert stored_paths(category) == {code: "happenings/summer-courses" for code in ("en", "de", "ru")}
    page = Client().get("/de/happenings/summer-courses")
    assert page.status_code == 200 and page.content == b"category: Summer Courses"


def test_a_changed_slug_keeps_the_old_address_as_a_301():
    category = happening("Workshops", slug={"en": "workshops"})
    operations.update_category(category, actor=None, values={"slug": {"de": "kurse"}})
    assert stored_paths(category)["de"] == "happenings/kurse"
    moved = Client().get("/de/happenings/workshops")
    assert moved.status_code == 301 and moved.headers["Location"] == "/de/happenings/kurse"


def test_a_bad_slug_is_refused_under_slug():
    with pytest.raises(ValidationError) as refused:
        happening("Workshops", slug={"en": "Work Shops"})
    assert list(refused.value.message_dict) == ["slug"]
    assert not Category.objects.filter(type=HAPPENING).exists()


def test_a_category_and_an_event_at_one_level_refuse_each_others_slug():
    make_event({"en": "camp"})
    with pytest.raises(ValidationError) as refused:
        happening("Camp", slug={"en": "camp"})
    assert refused.value.message_dict == {
        "slug": [f"The address /{code}happenings/camp is already taken." for code in ("", "de/", "ru/")]
    }
    assert not Category.objects.filter(type=HAPPENING).exists()

    category = happening("Workshops", slug={"en": "workshops"})
    event = RoutedEvent.objects.create(title={"en": "Workshops day"}, slug={"de": "workshops"})
    with pytest.raises(ValidationError) as refused:
        claim_routes(event, "test-event")
    # A language without its own slug reads the German one (the fallback rule): all three refused.
    assert refused.value.message_dict == {
        "slug": [f"The address /{code}happenings/workshops is already taken." for code in ("", "de/", "ru/")]
    }
    assert Client().get("/happenings/workshops").content == b"category: Workshops"
    assert stored_paths(category)["de"] == "happenings/workshops"


def test_a_binned_category_frees_its_address_and_a_restore_is_refused_once_it_is_taken():
    category = happening("Workshops", slug={"en": "workshops"})
    operations.bin_category(category, actor=None)
    assert Client().get("/happenings/workshops").status_code == 404
    make_event({"en": "workshops"})
    with pytest.raises(ValidationError) as refused:
        operations.restore_category(category, actor=None)
    assert "slug" in refused.value.message_dict
    assert Category.all_objects.get(pk=category.pk).in_bin


def test_types_without_addresses_list_no_addresses_and_are_not_routed():
    category = topic("Shipping")
    assert not Route.objects.filter(object_id=category.pk).exists()
    assert category_rows(TOPIC)[0].addresses == {}


# --- Naming -----------------------------------------------------------------------------------


def test_a_category_is_found_as_its_type_names_it():
    shipping = topic("Shipping")
    operations.update_category(shipping, actor=None, values={"name": {"de": "Versand"}})
    workshops = happening("Hands-on days", slug={"en": "workshops", "de": "kurse"})
    assert find_category(TOPIC, shipping.pk) == shipping
    assert find_category(TOPIC, str(shipping.pk)) == shipping
    assert find_category(TOPIC, "versand") == shipping
    assert find_category(HAPPENING, "kurse") == workshops
    with pytest.raises(NotFound):  # the happening type names by id or slug, not by name
        find_category(HAPPENING, "Hands-on days")
    with pytest.raises(NotFound):  # another type's category
        find_category(TOPIC, workshops.pk)
    topic("versand")
    with pytest.raises(ValidationError):  # a name two categories share
        find_category(TOPIC, "Versand")


def test_resolve_categories_refuses_a_reference_that_names_none_never_drops_it():
    shipping, returns = topic("Shipping"), topic("Returns")
    assert resolve_categories(TOPIC, [returns.pk, "shipping", returns.pk]) == [returns, shipping]
    with pytest.raises(ValidationError) as refused:
        resolve_categories(TOPIC, [shipping.pk, 999_999, "nothing"])
    assert refused.value.message_dict == {
        "categories": ["There is no category 999999.", "There is no category nothing."]
    }


def test_an_items_save_keeps_its_binned_categories_which_no_door_can_name():
    shipping, returns, payment, other = topic("Shipping"), topic("Returns"), topic("Payment"), topic("Other")
    for category in (returns, other):
        operations.bin_category(category, actor=None)  # to the bin; nothing holds them
    # The item is in Shipping and Returns (binned); the save names Payment only.
    after = item_categories(TOPIC, [payment.pk], current=[shipping.pk, returns.pk])
    assert after == [payment, returns]  # Shipping left; Returns kept; Other was never the item's
    with pytest.raises(ValidationError):  # a binned category cannot be named
        item_categories(TOPIC, [returns.pk], current=[returns.pk])


# --- Project fields ---------------------------------------------------------------------------


def test_project_fields_are_judged_by_the_types_screen_and_read_by_the_template_filter():
    from django.template import Context, Template

    with project_fields(BUDGET, TAGLINE, screen="testapp.topic-form"):
        category = topic("Shipping", extra={"budget": 12, "tagline": {"en": "Fast"}})
        with pytest.raises(ValidationError) as refused:
            operations.update_category(category, actor=None, values={"extra": {"budget": -1}})
        assert list(refused.value.message_dict) == ["budget"]
        operations.update_category(category, actor=None, values={"extra": {"tagline": {"de": "Schnell"}}})
        category.refresh_from_db()
        assert category.extra == {"budget": 12, "tagline": {"en": "Fast", "de": "Schnell"}}
        printed = Template('{% load project_fields %}{{ category|extra:"tagline" }}').render(
            Context({"category": category})
        )
        assert printed == "Fast"
        # The other type's screen has no such field: refused as unknown.
        with pytest.raises(ValidationError) as refused:
            happening("Workshops", extra={"budget": 1})
        assert "Unknown project field: budget." in str(refused.value)
