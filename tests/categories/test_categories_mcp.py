"""The shared categories' agent tools, as the test app registers them (testapp_topics_*,
testapp_happening_categories_*), through the SDK's own client against the live server."""

from __future__ import annotations

import pytest

from frontdesk.categories import operations
from frontdesk.categories.models import Category
from frontdesk.core.models import ApiToken, LogEntry
from tests.core.test_mcp import with_session
from tests.mcp_client import call, ok, refusal
from tests.testapp.categories import HAPPENING, HAPPENINGS_MANAGE, TOPIC, TOPICS_MANAGE
from tests.testapp.models import TopicQuestion

pytestmark = pytest.mark.live

SCOPES = ["testapp:read", "testapp:write"]


@pytest.fixture
def secret(make_user) -> str:
    return ApiToken.issue(make_user(TOPICS_MANAGE, HAPPENINGS_MANAGE), "agent", SCOPES)[1]


def topic(name: str, items: int = 0) -> Category:
    category = operations.create_category(TOPIC, actor=None, values={"name": {"en": name}})
    for number in range(items):
        TopicQuestion.objects.create(text=f"{name} {number}").categories.add(category)
    return category


def snapshot() -> list[object]:
    """Every category as stored, in the bin too, and the log: what a refused or dry call must leave."""
    rows = Category.all_objects.order_by("pk").values_list(
        "pk", "type", "name", "is_shown", "position", "slug", "extra", "deleted_at"
    )
    return [*rows, LogEntry.objects.count()]


def test_the_five_tools_of_each_type_are_listed_with_dry_run(live_site, secret):
    listed = with_session(live_site, secret, lambda session: session.list_tools())
    names = {tool.name: tool for tool in listed.tools}
    for prefix in ("testapp_topics", "testapp_happening_categories"):
        assert {f"{prefix}_{verb}" for verb in ("list", "create", "update", "delete", "reorder")} <= set(
            names
        )
        assert "dry_run" in names[f"{prefix}_delete"].input_schema["properties"]
    assert "slug" in names["testapp_happening_categories_create"].input_schema["properties"]
    assert "slug" not in names["testapp_topics_create"].input_schema["properties"]


def test_list_create_update_and_name_by_title(live_site, secret):
    created = ok(live_site, secret, "testapp_topics_create", {"name": {"en": "Shipping"}})["category"]
    assert created["position"] == 1 and created["items"] == 0
    changed = ok(
        live_site, secret, "testapp_topics_update", {"category": "shipping", "name": {"de": "Versand"}}
    )
    assert changed["category"]["name"] == {"en": "Shipping", "de": "Versand"}
    rows = ok(live_site, secret, "testapp_topics_list")["categories"]
    assert [(row["name_text"], row["items"]) for row in rows] == [("Shipping", 0)]


def test_binning_a_category_with_items_is_refused_with_the_count(live_site, secret):
    category = topic("Shipping", items=2)
    result = call(live_site, secret, "testapp_topics_delete", {"category": category.pk})
    assert result.is_error
    assert result.structured_content == {"message": "The topic Shipping holds 2 question(s).", "in_use": 2}
    assert Category.objects.filter(pk=category.pk).exists()


def test_an_empty_category_is_binned_by_the_tool(live_site, secret):
    category = topic("Old")
    answer = ok(live_site, secret, "testapp_topics_delete", {"category": "Old"})
    assert answer["binned"]["in_bin"] is True and answer["dry_run"] is False
    assert Category.all_objects.get(pk=category.pk).in_bin
    assert [
        row["name_text"]
        for row in ok(live_site, secret, "testapp_topics_list", {"trashed": True})["categories"]
    ] == ["Old"]


def test_reorder_through_the_tool(live_site, secret):
    a, b, c = topic("A"), topic("B"), topic("C")
    answer = ok(live_site, secret, "testapp_topics_reorder", {"ids": [b.pk, c.pk, a.pk]})
    assert [row["name_text"] for row in answer["categories"]] == ["B", "C", "A"]
    assert [category.name["en"] for category in Category.objects.filter(type=TOPIC).order_by("position")] == [
        "B",
        "C",
        "A",
    ]


def test_an_id_that_does_not_exist_is_refused_never_dropped(live_site, secret):
    a, b = topic("A"), topic("B")
    before = snapshot()
    assert "There is no category 999999." in refusal(
        live_site, secret, "testapp_topics_reorder", {"ids": [b.pk, a.pk, 999_999]}
    )
    assert "There is no category 999999." in refusal(
        live_site, secret, "testapp_topics_update", {"category": 999_999, "name": "X"}
    )
    assert "There is no category 999999." in refusal(
        live_site, secret, "testapp_topics_delete", {"category": 999_999}
    )
    assert "There is no category Nothing." in refusal(
        live_site, secret, "testapp_topics_delete", {"category": "Nothing"}
    )
    # A happening category is named by id or slug, and a topic's id is not one of its own.
    assert f"There is no category {a.pk}." in refusal(
        live_site, secret, "testapp_happening_categories_delete", {"category": a.pk}
    )
    assert snapshot() == before


def test_dry_run_reports_and_writes_nothing(live_site, secret):
    a, b = topic("A"), topic("B")
    before = snapshot()
    created = ok(live_site, secret, "testapp_topics_create", {"name": "C", "dry_run": True})
    assert created["dry_run"] is True and created["category"]["name_text"] == "C"
    ok(live_site, secret, "testapp_topics_update", {"category": a.pk, "name": {"de": "Ah"}, "dry_run": True})
    ok(live_site, secret, "testapp_topics_reorder", {"ids": [b.pk, a.pk], "dry_run": True})
    ok(live_site, secret, "testapp_topics_delete", {"category": a.pk, "dry_run": True})
    ok(
        live_site,
        secret,
        "testapp_happening_categories_create",
        {"name": "Workshops", "slug": {"en": "workshops"}, "dry_run": True},
    )
    assert snapshot() == before
    assert not Category.objects.filter(type=HAPPENING).exists()


def test_a_token_without_the_write_scope_may_only_list(live_site, make_user):
    reader = ApiToken.issue(make_user(TOPICS_MANAGE), "reader", ["testapp:read"])[1]
    topic("Shipping")
    assert ok(live_site, reader, "testapp_topics_list")["categories"][0]["name_text"] == "Shipping"
    assert "testapp:write" in refusal(live_site, reader, "testapp_topics_create", {"name": "X"})
    assert Category.objects.filter(type=TOPIC).count() == 1
