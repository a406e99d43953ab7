"""The FAQ's panel in a real browser: a question made from the New question row, saved with the
shortcut and published; the whole list and one category reordered by dragging and by keyboard;
no order controls while words narrow the list; the unsaved-changes guard; a category that holds
questions refused the bin with their count; screenshots of both screens at 360 and 1280 pixels,
light and dark (axe runs on every page visited)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from frontdesk.faq.models import Placement, Question
from tests.browser.conftest import NARROW, WIDE, axe_check, screenshot, visit
from tests.faq.conftest import make_category, make_question
from tests.faq.pages import faq as faq_block
from tests.faq.pages import install_faq_type, publish_page

QUESTIONS = "panel:panel-faq-questions:list"


@pytest.fixture
def faq(db) -> dict:
    shipping = make_category({"en": "Shipping", "de": "Versand"})
    returns = make_category({"en": "Returns", "de": "Rücksendungen"}, is_shown=False)
    rows = [
        make_question({"en": "How long does shipping take?", "de": "Wie lange dauert der Versand?"},
                      {"en": "<p>Three working days.</p>", "de": "<p>Drei Werktage.</p>"},
                      published=True, categories=[shipping.pk]),
        make_question("Can I pay by card?", "<p>Yes, every major card.</p>", published=True),
        make_question("Do you ship abroad?", "<p>To the whole EU.</p>", categories=[shipping.pk, returns.pk]),
        make_question("How do I send something back?", "<p>With the label in the parcel.</p>",
                      published=True, categories=[returns.pk]),
    ]  # fmt: skip
    return {"shipping": shipping, "returns": returns, "questions": rows}


@pytest.fixture
def editor(make_user):
    return make_user("faq.view", "faq.manage", display_name="Frida FAQ")


def whole_order() -> list[str]:
    return [question.question["en"] for question in Question.objects.order_by("position", "id")]


def category_order(category) -> list[str]:
    return [
        placement.question.question["en"]
        for placement in Placement.objects.filter(category=category)
        .select_related("question")
        .order_by("position")
    ]


def reordered(response) -> bool:
    return response.url.endswith("/api/cms/faq/questions/reorder") and response.status == 200


def drag(page, handle, target) -> None:
    """Drag `handle` to the upper edge of `target` with the mouse: the item lands above it."""
    handle.scroll_into_view_if_needed()
    start, end = handle.bounding_box(), target.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(start["x"] + start["width"] / 2, end["y"] + 4, steps=12)
    page.mouse.up()


def row(page, text: str):
    return page.locator("#faq-list > li").filter(has_text=text)


def visit_until(page, path: str, text: str, tries: int = 3) -> None:
    """Visit `path` until it shows `text`: under the threaded live server on SQLite a connection
    now and then reads a row as it was just before another request committed (as in
    test_pages_editor.py)."""
    for _ in range(tries):
        visit(page, path)
        if text in page.content():
            return
        page.wait_for_timeout(300)


def test_a_question_is_made_from_the_new_question_row_saved_by_shortcut_and_published(
    logged_in_page, editor, faq
):
    install_faq_type()
    publish_page([faq_block(categories=[], limit=None, filter=False, markup=None)], slug="help")
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse(QUESTIONS))
    page.get_by_role("link", name="New question").click()
    page.wait_for_load_state("load")
    axe_check(page)
    assert Question.objects.count() == 4  # the empty form made nothing
    page.get_by_label("Question, English").fill("Where is my parcel?")
    page.get_by_role("textbox", name="Answer, English").click()
    page.keyboard.type("Follow the link in your e-mail.")
    page.get_by_role("group", name="Categories").get_by_label("Returns").check()
    with page.expect_response(lambda response: response.request.method == "POST" and response.status == 201):
        page.keyboard.press("Control+s")
    page.wait_for_url("**/cms/faq/questions/*/")
    created = Question.objects.get(anchor="where-is-my-parcel")
    assert created.published is False and created.answer == {"en": "<p>Follow the link in your e-mail.</p>"}
    assert (
        whole_order()[-1] == "Where is my parcel?"
        and category_order(faq["returns"])[-1] == "Where is my parcel?"
    )
    expect(page.get_by_label("Anchor")).to_have_value("#where-is-my-parcel")
    expect(row(page, "Where is my parcel?").get_by_text("Unpublished")).to_be_visible()

    page.get_by_role("switch", name="Published").check()
    page.keyboard.press("Control+s")
    expect(page.get_by_text("Saved.", exact=True)).to_be_visible()
    expect(row(page, "Where is my parcel?").get_by_text("Published", exact=True)).to_be_visible()
    expect(row(page, "Where is my parcel?").locator(".faq-chip")).to_have_text(["EN"])
    assert Question.objects.get(pk=created.pk).published is True

    # The site's FAQ page shows it at once, under its anchor.
    visit_until(page, "/help", "Where is my parcel?")
    shown = page.locator("details#where-is-my-parcel")
    expect(shown.locator("summary")).to_have_text("Where is my parcel?")
    shown.locator("summary").click()
    expect(shown.get_by_text("Follow the link in your e-mail.")).to_be_visible()


def test_a_refusal_is_shown_under_its_input(logged_in_page, editor, faq):
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse("panel:panel-faq-questions:edit", args=[faq["questions"][1].pk]))
    page.get_by_role("textbox", name="Answer, English").fill("")
    page.keyboard.press("Control+s")
    expect(page.locator(".fd-error-summary")).to_be_visible()
    expect(
        page.locator("[name='published']").locator("xpath=ancestor::div[1]").locator(".fd-field-error")
    ).to_be_visible()
    axe_check(page)
    assert Question.objects.get(pk=faq["questions"][1].pk).answer == {"en": "<p>Yes, every major card.</p>"}


def test_the_whole_list_is_reordered_by_keyboard_and_by_dragging(logged_in_page, editor, faq):
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse(QUESTIONS))
    live = page.locator("#faq-list + [aria-live]")
    page.get_by_role("button", name="Move Do you ship abroad? up").focus()
    with page.expect_response(reordered):
        page.keyboard.press("Enter")
    expect(live).to_have_text("Do you ship abroad? moved to position 2 of 4.")
    with page.expect_response(reordered):
        page.keyboard.press("Alt+ArrowUp")
    expect(live).to_have_text("Do you ship abroad? moved to position 1 of 4.")
    assert whole_order() == [
        "Do you ship abroad?", "How long does shipping take?", "Can I pay by card?", "How do I send something back?",
    ]  # fmt: skip

    with page.expect_response(reordered):
        drag(
            page,
            row(page, "How do I send something back?").locator("[data-drag-handle]"),
            row(page, "Do you ship abroad?"),
        )
    assert whole_order()[0] == "How do I send something back?"
    assert category_order(faq["shipping"]) == [
        "How long does shipping take?",
        "Do you ship abroad?",
    ]  # untouched


def test_one_category_is_reordered_by_keyboard_and_by_dragging(logged_in_page, editor, faq):
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse(QUESTIONS))
    page.get_by_label("Category").select_option(label="Shipping")
    page.wait_for_url(f"**?category={faq['shipping'].pk}")
    expect(page.locator("#faq-list > li")).to_have_count(2)
    page.get_by_role("button", name="Move Do you ship abroad? up").focus()
    with page.expect_response(reordered):
        page.keyboard.press("Enter")
    assert category_order(faq["shipping"]) == ["Do you ship abroad?", "How long does shipping take?"]
    with page.expect_response(reordered):
        drag(
            page,
            row(page, "How long does shipping take?").locator("[data-drag-handle]"),
            row(page, "Do you ship abroad?"),
        )
    assert category_order(faq["shipping"]) == ["How long does shipping take?", "Do you ship abroad?"]
    page.get_by_role("link", name="How long does shipping take?").focus()
    with page.expect_response(reordered):
        page.keyboard.press("Alt+ArrowDown")
    assert category_order(faq["shipping"]) == ["Do you ship abroad?", "How long does shipping take?"]
    assert whole_order() == [question.question["en"] for question in faq["questions"]]  # the whole list kept


def test_no_grips_or_keyboard_moves_while_words_narrow_the_list(logged_in_page, editor, faq):
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse(QUESTIONS))
    expect(page.locator("[data-drag-handle]")).to_have_count(4)
    page.get_by_label("Words").fill("ship")
    page.get_by_role("button", name="Filter").click()
    page.wait_for_url("**q=ship")
    expect(page.locator("#faq-list > li")).to_have_count(2)
    expect(page.locator("[data-drag-handle]")).to_have_count(0)
    expect(page.get_by_role("button", name="Move Do you ship abroad? up")).to_have_count(0)
    expect(page.get_by_text("Clear the words to change the order.")).to_be_visible()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.get_by_role("link", name="Do you ship abroad?").focus()
    page.keyboard.press("Alt+ArrowUp")
    page.wait_for_timeout(300)
    assert not [url for url in requests if "/reorder" in url]
    expect(page.locator("#faq-list > li").first).to_contain_text("How long does shipping take?")
    # With a category chosen as well: still none.
    page.get_by_label("Category").select_option(label="Shipping")
    page.wait_for_url("**q=ship**")
    expect(page.locator("[data-drag-handle]")).to_have_count(0)


def test_the_unsaved_changes_guard_asks_before_switching_question(logged_in_page, editor, faq):
    first, second = faq["questions"][0], faq["questions"][1]
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse("panel:panel-faq-questions:edit", args=[first.pk]))
    page.get_by_label("Question, English").fill("How long does delivery take?")
    page.get_by_role("link", name="Can I pay by card?").click()
    guard = page.get_by_role("dialog", name="Leave without saving?")
    expect(guard).to_be_visible()
    axe_check(page)
    guard.get_by_role("button", name="Stay").click()
    expect(page).to_have_url(f"{page.url}")
    expect(page.get_by_label("Question, English")).to_have_value("How long does delivery take?")
    page.keyboard.press("Control+s")
    expect(page.get_by_text("Saved.", exact=True)).to_be_visible()
    expect(row(page, "How long does delivery take?")).to_have_count(1)  # the row follows the save
    page.get_by_role("link", name="Can I pay by card?").click()
    page.wait_for_url(f"**/cms/faq/questions/{second.pk}/")
    expect(page.get_by_label("Question, English")).to_have_value("Can I pay by card?")


def test_a_question_goes_to_the_bin_and_comes_back_with_its_anchor(logged_in_page, editor, faq):
    question = faq["questions"][1]
    page = logged_in_page(editor, **WIDE)
    visit(page, reverse("panel:panel-faq-questions:edit", args=[question.pk]))
    page.get_by_role("button", name="Put in the bin").click()
    page.get_by_role("dialog").get_by_role("button", name="Put in the bin").click()
    page.wait_for_url(f"**{reverse(QUESTIONS)}")
    expect(row(page, "Can I pay by card?")).to_have_count(0)
    visit(page, reverse("panel:panel-faq-questions:bin"))
    with page.expect_response(lambda response: response.url.endswith("/restore") and response.status == 200):
        page.get_by_role("button", name="Restore Can I pay by card?").click()
    expect(page.get_by_text("The question is back.")).to_be_visible()
    restored = Question.objects.get(pk=question.pk)
    assert restored.deleted_at is None and restored.anchor == question.anchor


def test_a_viewer_reads_a_question_without_controls(logged_in_page, make_user, faq):
    page = logged_in_page(make_user("faq.view"), **WIDE)
    visit(page, reverse("panel:panel-faq-questions:edit", args=[faq["questions"][0].pk]))
    expect(page.get_by_label("Question, English")).to_have_attribute("readonly", "")
    expect(page.get_by_role("button", name="Save")).to_have_count(0)
    expect(page.locator("[data-drag-handle]")).to_have_count(0)
    expect(page.get_by_role("link", name="New question")).to_have_count(0)


def test_binning_a_category_that_holds_questions_shows_the_count(logged_in_page, make_user, faq):
    manager = make_user("faq.view", "faq.categories.manage")
    page = logged_in_page(manager, **WIDE)
    visit(page, reverse("panel:panel-faq-categories:categories"))
    page.get_by_role("link", name="Shipping").click()
    page.wait_for_load_state("load")
    page.get_by_role("button", name="Put into the bin").click()
    page.get_by_role("dialog").get_by_role("button", name="Put it into the bin").click()
    refusal = page.locator("#fd-categories-form [data-refusal]")
    expect(refusal).to_have_text(
        "The category Shipping holds 2 questions; take them out of the category first."
    )
    axe_check(page)
    assert faq["shipping"].__class__.objects.filter(pk=faq["shipping"].pk).exists()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_faq_screens(logged_in_page, admin_user, faq, site_sections, scheme):
    for size, name in ((WIDE, "wide"), (NARROW, "narrow")):
        page = logged_in_page(admin_user, color_scheme=scheme, **size)
        visit(page, reverse("panel:panel-faq-questions:edit", args=[faq["questions"][0].pk]))
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        list_visible = page.locator(".faq-list-column").is_visible()
        assert list_visible is (size is WIDE)  # at 360 px the editor stands alone
        screenshot(page, f"faq-questions-{name}-{scheme}")
        if size is NARROW:
            visit(page, reverse(QUESTIONS))
            expect(page.locator(".faq-editor-column")).to_be_hidden()
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            screenshot(page, f"faq-questions-list-{name}-{scheme}")
        visit(page, reverse("panel:panel-faq-categories:categories") + f"?category={faq['shipping'].pk}")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"faq-categories-{name}-{scheme}")
