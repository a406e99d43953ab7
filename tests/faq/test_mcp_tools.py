"""The FAQ's MCP tools and the resource faq://catalog, called as an agent calls them: the SDK's
client against the live server over streamable HTTP, with tokens whose scopes the server checks."""

from __future__ import annotations

import json

import pytest

from frontdesk.core.models import ApiToken, LogEntry
from frontdesk.faq.models import Placement, Question
from tests.core.test_mcp import with_session
from tests.faq.conftest import ANSWER, make_category, make_question
from tests.mcp_client import ok, refusal
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.live

TOOLS = {"faq_list", "faq_get", "faq_create", "faq_update", "faq_delete", "faq_reorder"}
CATEGORY_TOOLS = {f"faq_categories_{verb}" for verb in ("list", "create", "update", "delete", "reorder")}
SCOPES = ["faq:read", "faq:write"]


@pytest.fixture
def manager(make_user):
    return make_user("faq.view", "faq.manage", "faq.categories.manage")


@pytest.fixture
def secret(manager) -> str:
    return ApiToken.issue(manager, "agent", SCOPES)[1]


def snapshot() -> tuple:
    """Every row a FAQ tool could touch: questions (the bin's too), places, categories, the log."""
    from frontdesk.categories.models import Category

    return (
        sorted(map(repr, Question.all_objects.values())),
        sorted(Placement.objects.values_list("question_id", "category_id", "position")),
        sorted(map(repr, Category.all_objects.values())),
        LogEntry.objects.count(),
    )


def test_the_tools_are_listed_with_their_parameters_and_the_changing_ones_take_dry_run(live_site, secret):
    tools = {tool.name: tool for tool in with_session(live_site, secret, lambda s: s.list_tools()).tools}
    assert set(tools) >= TOOLS | CATEGORY_TOOLS
    for name in ("faq_create", "faq_update", "faq_delete", "faq_reorder", "faq_categories_delete"):
        assert "dry_run" in tools[name].input_schema["properties"], name
    assert "dry_run" not in tools["faq_list"].input_schema["properties"]
    properties = tools["faq_update"].input_schema["properties"]
    assert {"id", "question", "answer", "categories", "published", "anchor", "extra"} <= set(properties)
    assert set(tools["faq_reorder"].input_schema["properties"]) == {"ids", "category", "dry_run"}
    assert "visible_in" in tools["faq_list"].description and "faq:read" in tools["faq_list"].description


def test_an_agent_creates_lists_gets_updates_reorders_and_deletes_by_anchor_and_title(live_site, secret):
    shipping = make_category("Shipping")
    first = make_question("Do you ship abroad?", categories=[shipping.pk], published=True)
    created = ok(
        live_site,
        secret,
        "faq_create",
        {
            "question": "How long does shipping take?",
            "answer": {"en": ANSWER},
            "categories": ["shipping"],  # by name, any case
            "published": True,
        },
    )
    assert created["dry_run"] is False
    row = created["question"]
    assert row["anchor"] == "how-long-does-shipping-take" and row["visible_in"] == ["en"]
    assert row["categories"] == [shipping.pk]

    listed = ok(live_site, secret, "faq_list", {"category": "Shipping"})["questions"]
    assert [item["anchor"] for item in listed] == ["do-you-ship-abroad", "how-long-does-shipping-take"]
    assert all(item["published"] and item["visible_in"] == ["en"] for item in listed)
    assert [item["id"] for item in ok(live_site, secret, "faq_list", {"search": "long"})["questions"]] == [
        row["id"]
    ]

    got = ok(live_site, secret, "faq_get", {"id": "how-long-does-shipping-take"})
    assert got["values"]["answer"] == {"en": ANSWER} and got["values"]["categories"] == [shipping.pk]

    changed = ok(
        live_site,
        secret,
        "faq_update",
        {"id": row["anchor"], "question": {"de": "Wie lange?"}, "published": False},
    )
    assert changed["values"]["question"] == {"en": "How long does shipping take?", "de": "Wie lange?"}
    assert changed["question"]["visible_in"] == []

    reordered = ok(live_site, secret, "faq_reorder", {"ids": [row["id"], first.pk], "category": "Shipping"})
    assert [item["id"] for item in reordered["questions"]] == [row["id"], first.pk]
    whole = ok(live_site, secret, "faq_reorder", {"ids": [row["id"], first.pk]})
    assert [item["id"] for item in whole["questions"]] == [row["id"], first.pk]

    binned = ok(live_site, secret, "faq_delete", {"id": "do-you-ship-abroad"})["binned"]
    assert binned["deleted_at"] and binned["anchor"] == "do-you-ship-abroad"
    in_bin = ok(live_site, secret, "faq_list", {"trashed": True})["questions"]
    assert [item["anchor"] for item in in_bin] == ["do-you-ship-abroad"]
    assert "There is no question" in refusal(live_site, secret, "faq_get", {"id": "do-you-ship-abroad"})


def test_the_category_tools_manage_the_faq_categories(live_site, secret):
    created = ok(live_site, secret, "faq_categories_create", {"name": {"en": "Payment"}})["category"]
    make_question("Card?", categories=[created["id"]])
    listed = ok(live_site, secret, "faq_categories_list")["categories"]
    assert [(item["name_text"], item["items"]) for item in listed] == [("Payment", 1)]
    ok(live_site, secret, "faq_categories_update", {"category": "Payment", "is_shown": False})
    assert "1 question" in refusal(live_site, secret, "faq_categories_delete", {"category": "Payment"})
    other = ok(live_site, secret, "faq_categories_create", {"name": "Returns"})["category"]
    ok(live_site, secret, "faq_categories_reorder", {"ids": [other["id"], created["id"]]})
    assert ok(live_site, secret, "faq_categories_delete", {"category": other["id"]})["binned"]["in_bin"]


def test_the_catalog_lists_every_category_with_its_questions_then_the_rest(live_site, secret):
    shipping, hidden = make_category("Shipping"), make_category("Internal", is_shown=False)
    one = make_question("One?", categories=[shipping.pk, hidden.pk], published=True)
    two = make_question("Two?", categories=[shipping.pk])
    make_question("Loose?")
    Placement.objects.filter(question=two, category=shipping).update(position=0)
    contents = with_session(live_site, secret, lambda s: s.read_resource("faq://catalog")).contents
    catalog = json.loads(contents[0].text)
    assert [(item["name_text"], item["is_shown"]) for item in catalog["categories"]] == [
        ("Shipping", True),
        ("Internal", False),
    ]
    assert [(q["id"], q["published"]) for q in catalog["categories"][0]["questions"]] == [
        (two.pk, False),
        (one.pk, True),
    ]
    assert [q["anchor"] for q in catalog["categories"][1]["questions"]] == ["one"]
    assert [q["anchor"] for q in catalog["uncategorized"]] == ["loose"]


def test_a_dry_run_or_a_create_refused_in_any_part_changes_nothing(live_site, secret):
    shipping = make_category("Shipping")
    question = make_question(categories=[shipping.pk])
    before = snapshot()
    dry = ok(
        live_site, secret, "faq_create", {"question": "New?", "categories": [shipping.pk], "dry_run": True}
    )
    assert dry["dry_run"] is True and dry["question"]["categories"] == [shipping.pk]
    ok(live_site, secret, "faq_update", {"id": question.pk, "published": True, "dry_run": True})
    ok(live_site, secret, "faq_delete", {"id": question.anchor, "dry_run": True})
    ok(live_site, secret, "faq_reorder", {"ids": [question.pk], "dry_run": True})
    ok(live_site, secret, "faq_categories_create", {"name": "Payment", "dry_run": True})
    unknown = refusal(
        live_site, secret, "faq_create", {"question": "New?", "categories": [shipping.pk, 987654]}
    )
    assert "categories: There is no category 987654." in unknown
    with project_fields(node("priority", "number", min=0, max=10), screen="faq.form"):
        refused = refusal(
            live_site,
            secret,
            "faq_create",
            {"question": "New?", "categories": [shipping.pk], "extra": {"priority": 99}},
        )
        assert refused.splitlines()[-1].startswith("priority: ")
    assert "category: There is no category" in refusal(live_site, secret, "faq_list", {"category": 987654})
    # The anchor: sent back as stored it passes and changes nothing; any other value is refused.
    assert "anchor: " in refusal(
        live_site, secret, "faq_update", {"id": question.pk, "anchor": "better-words"}
    )
    assert "anchor: " in refusal(live_site, secret, "faq_create", {"question": "New?", "anchor": "chosen"})
    kept = ok(
        live_site, secret, "faq_update", {"id": question.anchor, "anchor": question.anchor, "dry_run": True}
    )
    assert kept["question"]["anchor"] == question.anchor
    assert snapshot() == before


def test_a_category_name_two_share_is_refused_naming_both(live_site, secret):
    first, second = make_category("Shipping"), make_category({"en": "Delivery", "de": "Shipping"})
    words = refusal(live_site, secret, "faq_create", {"question": "New?", "categories": ["Shipping"]})
    assert f"ids {first.pk}, {second.pk}" in words
    assert Question.all_objects.count() == 0


def test_a_project_field_is_refused_with_the_panels_words(live_site, secret, client, manager):
    question = make_question()
    with project_fields(node("priority", "number", min=0, max=10), screen="faq.form"):
        client.force_login(manager)
        api = client.put(
            f"/api/cms/faq/questions/{question.pk}",
            {"values": {"extra": {"priority": 99}}},
            content_type="application/json",
        ).json()["errors"]["priority"]
        tool = refusal(live_site, secret, "faq_update", {"id": question.pk, "extra": {"priority": 99}})
        assert f"priority: {api[0]}" in tool
        saved = ok(live_site, secret, "faq_update", {"id": question.pk, "extra": {"priority": 4}})
        assert saved["values"]["extra"] == {"priority": 4}


def test_an_account_without_the_categories_permission_is_refused_on_the_category_tools(live_site, make_user):
    editor = make_user("faq.view", "faq.manage")
    secret = ApiToken.issue(editor, "agent", SCOPES)[1]
    before = snapshot()
    for name, arguments in (
        ("faq_categories_list", {}),
        ("faq_categories_create", {"name": "Payment"}),
    ):
        assert "faq.categories.manage" in refusal(live_site, secret, name, arguments)
    assert snapshot() == before
    # The questions' tools stay open to it.
    assert (
        ok(live_site, secret, "faq_create", {"question": "Still mine?"})["question"]["anchor"] == "still-mine"
    )


def test_a_token_without_faq_write_is_refused_on_every_writing_tool(live_site, manager):
    reader = ApiToken.issue(manager, "reader", ["faq:read"])[1]
    question = make_question()
    before = snapshot()
    for name, arguments in (
        ("faq_create", {"question": "New?"}),
        ("faq_update", {"id": question.pk, "published": True}),
        ("faq_delete", {"id": question.pk}),
        ("faq_reorder", {"ids": [question.pk]}),
        ("faq_categories_create", {"name": "Payment"}),
    ):
        assert "faq:write" in refusal(live_site, reader, name, arguments), name
    assert ok(live_site, reader, "faq_list")["questions"][0]["id"] == question.pk
    assert snapshot() == before


def test_a_faq_block_placed_with_blocks_edit_content_shows_on_the_page(live_site, make_user, client):
    from frontdesk.blocks.models import BlockType
    from frontdesk.pages import operations as pages

    BlockType.objects.create(slug="faq", code="faq", name={"en": "Questions and answers"})
    shipping = make_category("Shipping")
    chosen = make_question("How long does shipping take?", categories=[shipping.pk], published=True)
    other = make_question("Can I pay by card?", published=True)
    page = pages.create_page(actor=None, values={"title": {"en": "Help"}, "slug": {"en": "help"}})
    pages.publish_page(page, actor=None)
    agent = make_user("pages.view", "pages.manage")
    token = ApiToken.issue(agent, "agent", ["pages:read", "pages:write"])[1]

    answer = ok(
        live_site,
        token,
        "blocks_edit_content",
        {
            "page": page.pk,
            "language": "en",
            "publish": True,
            "operations": [
                {
                    "op": "add",
                    "type": "faq",
                    "values": {"categories": [shipping.pk], "limit": None, "filter": False, "markup": True},
                }
            ],
        },
    )

    assert answer["state"] == "published"
    html = client.get("/help").text
    assert f'id="{chosen.anchor}"' in html and other.anchor not in html
    assert '"@type": "FAQPage"' in html and "How long does shipping take?" in html
