"""The FAQ page of the demo in a real browser (issue 14, item 8 and "What it must show"): a deep
link opens its question and gives it the focus, a hash change opens another, a deep link to a
question the filter hides clears the filter, the filter works by keyboard, no id twice on a page
with two blocks, axe finds nothing serious, and the screenshots of the README's tour."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser
from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from frontdesk.faq import demo
from frontdesk.faq.models import Question
from frontdesk.pages import operations
from frontdesk.pages.models import Page
from tests.browser.conftest import screenshot, visit

FAQ = "/faq"


@pytest.fixture
def faq_site(site_url) -> dict[str, str]:
    """The demo seeded; answers {question key: anchor}."""
    call_command("demo", "--password", "a long demo password 42", stdout=StringIO())
    return {key: question.anchor for key, question in demo._made(Question).items()}


def question(page, anchor: str):
    return page.locator(f'details[id="{anchor}"]')


def focused_question(page) -> str | None:
    """The id of the question whose summary has the focus."""
    return page.evaluate(
        """() => {
            const el = document.activeElement;
            return el && el.matches("summary") ? el.parentElement.id : null;
        }"""
    )


def set_hash(page, anchor: str) -> None:
    """Change the fragment as a link on the page would, and wait for its hashchange to be handled
    (the script's listener was added first, so it has run when this one runs)."""
    page.evaluate(
        """(anchor) => new Promise((done) => {
            addEventListener("hashchange", () => done(), { once: true });
            location.hash = "#" + anchor;
        })""",
        anchor,
    )


def open_anchors(page) -> list[str]:
    return page.eval_on_selector_all("details[open]", "(all) => all.map((el) => el.dataset.faqAnchor)")


def visible_anchors(page) -> list[str]:
    return page.eval_on_selector_all(
        "details[data-faq-anchor]",
        "(all) => all.filter((el) => !el.hidden).map((el) => el.dataset.faqAnchor)",
    )


def test_a_deep_link_opens_its_question_with_the_focus_and_a_hash_change_opens_another(page, faq_site):
    first, second = faq_site["countries"], faq_site["refund-time"]
    visit(page, f"{FAQ}#{first}")
    expect(question(page, first)).to_have_attribute("open", "")
    assert focused_question(page) == first
    expect(question(page, faq_site["delivery-time"])).not_to_have_attribute("open", "")
    set_hash(page, second)
    expect(question(page, second)).to_have_attribute("open", "")
    assert focused_question(page) == second
    expect(question(page, second)).to_be_in_viewport()
    # A fragment that names no question does nothing: nothing opens, nothing moves, the focus
    # stays; the skip link's (#main) is the browser's to follow, and opens nothing either.
    opened = open_anchors(page)
    assert opened == [faq_site["countries"], second]
    scrolled = page.evaluate("scrollY")
    set_hash(page, "no-such-question")
    assert (open_anchors(page), page.evaluate("scrollY"), focused_question(page)) == (
        opened,
        scrolled,
        second,
    )
    set_hash(page, "main")
    assert open_anchors(page) == opened and focused_question(page) is None


def test_a_deep_link_to_a_question_the_filter_hides_clears_the_filter(page, faq_site):
    visit(page, FAQ)
    filter_group = page.get_by_role("group", name="Filter by category")
    filter_group.get_by_role("button", name="Payment").click()
    hidden = faq_site["shipping-costs"]
    expect(question(page, hidden)).to_be_hidden()
    set_hash(page, hidden)
    expect(question(page, hidden)).to_be_visible()
    expect(question(page, hidden)).to_have_attribute("open", "")
    assert focused_question(page) == hidden
    expect(filter_group.get_by_role("button", name="All")).to_have_attribute("aria-pressed", "true")
    expect(filter_group.get_by_role("button", name="Payment")).to_have_attribute("aria-pressed", "false")
    assert len(visible_anchors(page)) == 9


def test_the_filter_works_by_keyboard_and_keeps_the_blocks_order(page, faq_site):
    visit(page, FAQ)
    everything = visible_anchors(page)
    assert len(everything) == 9  # ten questions, one unpublished
    group = page.get_by_role("group", name="Filter by category")
    buttons = group.get_by_role("button")
    expect(buttons).to_have_text(["All", "Shipping", "Payment", "Returns"])
    buttons.first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(group.get_by_role("button", name="Shipping")).to_have_attribute("aria-pressed", "true")
    expect(group.get_by_role("button", name="All")).to_have_attribute("aria-pressed", "false")
    shipping = [
        faq_site[key]
        for key in ("delivery-time", "countries", "shipping-costs", "uk-delivery", "return-shipping")
    ]
    assert visible_anchors(page) == shipping
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    expect(group.get_by_role("button", name="Returns")).to_have_attribute("aria-pressed", "true")
    # The block's order (the whole list's), not the category's own: only hidden, never moved.
    returns = [faq_site[key] for key in ("return-shipping", "return-period", "refund-time")]
    assert visible_anchors(page) == returns
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")
    expect(group.get_by_role("button", name="All")).to_have_attribute("aria-pressed", "true")
    assert visible_anchors(page) == everything
    # A question opens by keyboard: it is a disclosure.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused_question(page) == everything[0]
    page.keyboard.press("Enter")
    expect(question(page, everything[0])).to_have_attribute("open", "")


def test_without_script_every_question_is_listed_and_no_filter_button_shows(new_page, faq_site):
    page = new_page(java_script_enabled=False)
    try:
        page.goto(FAQ)  # not visit(): axe needs script, and would wait forever
        expect(page.get_by_role("group", name="Filter by category")).to_be_hidden()
        expect(page.locator("details[data-faq-anchor]")).to_have_count(9)
        page.locator(f'details[id="{faq_site["countries"]}"] > summary').click()
        expect(question(page, faq_site["countries"])).to_have_attribute("open", "")
    finally:
        page.close()  # before new_page's own axe run over every open page


class Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: Counter[str] = Counter()

    def handle_starttag(self, tag, attrs) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids[value] += 1


def test_no_id_twice_on_a_page_with_two_blocks(page, faq_site):
    from axe_playwright_python.sync_playwright import Axe

    returns = demo._made(Page)["returns"]
    page_row = operations.update_page(
        returns,
        actor=None,
        values={
            "content": {
                "en": [
                    *returns.blocks_in("en"),
                    {"type": "faq", "values": {"categories": [], "filter": True}},
                ]
            }
        },
        revision=returns.revision,
    )
    operations.publish_page(page_row, actor=None)
    visit(page, f"/returns#{faq_site['return-shipping']}")
    parser = Ids()
    parser.feed(page.content())
    assert [name for name, count in parser.ids.items() if count > 1] == []
    # Both blocks print the shared questions; the anchor id stands on the first block's.
    assert page.locator(f'[data-faq-anchor="{faq_site["return-shipping"]}"]').count() == 2
    first_block = page.locator("[data-faq-block]").first
    expect(first_block.locator(f'details[id="{faq_site["return-shipping"]}"]')).to_have_attribute("open", "")
    results = Axe().run(page).response
    assert [rule["id"] for rule in results["violations"] if rule["id"].startswith("duplicate-id")] == []


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_faq_page_passes_axe_and_is_photographed(new_page, faq_site, width, scheme):
    page = new_page(width=width, color_scheme=scheme)
    visit(page, f"{FAQ}#{faq_site['return-shipping']}")  # visit() runs axe: nothing serious
    expect(question(page, faq_site["return-shipping"])).to_have_attribute("open", "")
    screenshot(page, f"faq-page-{width}-{scheme}")


RECORD_SCROLLS = """
    window.__scrolls = [];
    const scroll = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (options) {
        window.__scrolls.push([this.id, options && options.behavior]);
        return scroll.call(this, options);
    };
"""


@pytest.mark.parametrize(("motion", "behavior"), [("reduce", "auto"), ("no-preference", "smooth")])
def test_the_question_is_scrolled_to_at_once_under_reduced_motion_else_smoothly(
    new_page, faq_site, motion, behavior
):
    # The browser's own jump to a fragment comes first; the script's scroll matters when the
    # question was hidden by the filter, so that is the case looked at.
    page = new_page(width=360)
    page.emulate_media(reduced_motion=motion)
    page.add_init_script(RECORD_SCROLLS)
    last = faq_site["refund-time"]
    visit(page, FAQ)
    page.get_by_role("group", name="Filter by category").get_by_role("button", name="Payment").click()
    set_hash(page, last)
    assert page.evaluate("window.__scrolls") == [[last, behavior]]
    expect(question(page, last)).to_be_in_viewport()
