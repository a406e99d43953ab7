"""The Events section in a real browser, at 1280 and at 360 px: an administrator opens Events on
Upcoming, reads an event's exact moments, switches tabs (the address carries them and Back
restores them), sees the events that are over dimmed and marked in All, filters by category,
duplicates an event from its row menu (the copy's address ends in -2), puts the copy in the bin
and brings it back from the Bin tab; the event categories reordered by keyboard, and the site's
index printing that order. axe finds nothing serious on either screen (visit() runs it), and the
screenshots docs/img/events-panel-*.png are taken here.

The events are made through the operations with the clock held at conftest's Friday noon (the
live server runs in this process, so it reads the same clock).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from frontdesk.events.models import Event
from tests.browser.conftest import NARROW, WIDE, axe_check, screenshot, visit
from tests.events.conftest import berlin, clock, make_event, three  # noqa: F401 (the fixtures)

WIDTHS = {"wide": WIDE, "narrow": NARROW}


@pytest.fixture
def listed(site_url, three, make_event):  # noqa: F811 (the fixtures imported above)
    """`three` (Over, Soon, Undated; Yoga and Talks) and a draft to come, committed for the live
    server (site_url first)."""
    draft = make_event(
        "Clay evening", starts_at="2027-03-25T18:00", ends_at="2027-03-25T21:00", publish=False
    )
    return {**three, "draft": draft}


def rows(page):
    return page.locator(".events-table tbody tr")


def tab(page, name: str):
    return page.get_by_role("navigation", name="Which events").get_by_role("link", name=name, exact=True)


def row_menu(page, title: str, action: str) -> None:
    """Open the row menu of `title` and choose `action`."""
    row = page.locator(f'tr[data-title="{title}"]')
    row.locator(".events-row-menu summary").click()
    row.get_by_role("button", name=action, exact=True).click()


@pytest.mark.parametrize("width", ["wide", "narrow"])
def test_an_administrator_walks_the_list(logged_in_page, admin_user, listed, site_sections, width):
    size = WIDTHS[width]
    page = logged_in_page(admin_user, **size)
    visit(page, "/cms/events/")
    expect(tab(page, "Upcoming")).to_have_attribute("aria-current", "page")
    expect(page.locator(".events-title > a")).to_have_text(["Undated", "Soon", "Clay evening"])
    # Nothing but the table's own frame scrolls sideways.
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]

    # The exact moments open from the keyboard.
    when = page.locator('tr[data-title="Clay evening"] .events-moments summary')
    when.focus()
    page.keyboard.press("Enter")
    expect(page.locator('tr[data-title="Clay evening"] .events-moments dl')).to_contain_text(
        "Starts25 March 2027, 18:00"
    )
    screenshot(page, f"events-panel-list{'-narrow' if width == 'narrow' else ''}")

    tab(page, "Past").click()
    expect(page).to_have_url(re.compile(r"\?tab=past$"))
    expect(page.locator(".events-title > a")).to_have_text(["Over"])
    tab(page, "All").click()
    over = page.locator('tr[data-title="Over"]')
    expect(over).to_have_class("events-over")
    expect(over.locator(".events-over-badge")).to_have_text("Over")
    expect(page.locator("tr.events-over")).to_have_count(1)
    axe_check(page)

    # A filter narrows the tab and stays in the address through the tabs; Back restores.
    page.get_by_label("Category").select_option(label="Talks")
    page.get_by_role("button", name="Filter").click()
    expect(page).to_have_url(re.compile(r"tab=all.*category=\d+"))
    expect(page.locator(".events-title > a")).to_have_text(["Soon"])
    tab(page, "Past").click()
    expect(page.get_by_text("No event matches.")).to_be_visible()
    page.go_back()
    expect(page.locator(".events-title > a")).to_have_text(["Soon"])
    expect(page.get_by_label("Category")).to_have_value(str(listed["talks"].pk))

    # Duplicate from the row menu: the copy is a draft at the next free address, its row focused.
    visit(page, "/cms/events/")
    row_menu(page, "Soon", "Duplicate")
    expect(page.get_by_text("A copy is made as a draft: Soon (/events/soon-2)")).to_be_visible()
    copy = Event.objects.exclude(pk=listed["soon"].pk).get(title__en="Soon")
    copied_row = page.locator(f'tr[data-id="{copy.pk}"]')
    expect(copied_row.locator(".events-address")).to_have_text("/events/soon-2")
    expect(copied_row.locator(".events-title a")).to_be_focused()
    expect(copied_row).to_contain_text("Draft")

    # To the bin (confirmed), and back from the Bin tab.
    copied_row.locator(".events-row-menu summary").click()
    copied_row.get_by_role("button", name="To the bin").click()
    page.get_by_role("dialog").get_by_role("button", name="To the bin").click()
    expect(page.get_by_text("The event is in the bin.")).to_be_visible()
    expect(page.locator(f'tr[data-id="{copy.pk}"]')).to_have_count(0)
    tab(page, "Bin").click()
    axe_check(page)
    binned = page.locator(f'tr[data-id="{copy.pk}"]')
    binned.get_by_role("button", name="Restore Soon").click()
    expect(page.get_by_text("The event is back.")).to_be_visible()
    expect(binned).to_have_count(0)
    tab(page, "Upcoming").click()
    expect(page.locator(f'tr[data-id="{copy.pk}"] .events-address')).to_have_text("/events/soon-2")


def test_a_new_event_is_made_from_its_title_and_opens_in_the_editor(logged_in_page, admin_user, listed):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, "/cms/events/")
    page.get_by_text("New event").click()
    page.get_by_label("Title").fill("")
    page.get_by_role("button", name="Create the draft").click()
    expect(page.locator(".fd-error-summary")).to_be_visible()  # a title is required
    page.get_by_label("Title").fill("Spring fair")
    page.get_by_role("button", name="Create the draft").click()
    made = Event.objects.filter(title__en="Spring fair")
    page.wait_for_url(re.compile(r"/cms/events/\d+/$"))
    assert made.count() == 1 and page.url.endswith(f"/cms/events/{made.get().pk}/")


@pytest.mark.parametrize("width", ["wide", "narrow"])
def test_the_categories_are_reordered_by_keyboard_and_the_index_prints_that_order(
    logged_in_page, admin_user, listed, site_sections, width
):
    size = WIDTHS[width]
    page = logged_in_page(admin_user, **size)
    visit(page, "/cms/events/categories/")
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    screenshot(page, f"events-panel-categories{'-narrow' if width == 'narrow' else ''}")
    visit(page, "/events")
    categories = page.get_by_role("navigation", name="Categories")
    expect(categories.get_by_role("link")).to_have_text(["Yoga", "Talks"])

    visit(page, "/cms/events/categories/")
    page.get_by_role("button", name="Move Talks up").focus()
    with page.expect_response(lambda response: response.url.endswith("/reorder") and response.ok):
        page.keyboard.press("Enter")
    expect(page.locator("#fd-categories-order > li").first).to_have_attribute("data-label", "Talks")
    visit(page, "/events")
    expect(page.get_by_role("navigation", name="Categories").get_by_role("link")).to_have_text(
        ["Talks", "Yoga"]
    )


def test_binning_a_category_that_holds_events_is_refused_with_the_count(logged_in_page, admin_user, listed):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, f"/cms/events/categories/?category={listed['yoga'].pk}")
    page.get_by_role("button", name="Put into the bin").click()
    page.get_by_role("dialog").get_by_role("button", name="Put it into the bin").click()
    expect(page.locator("#fd-categories-form [data-refusal]")).to_have_text(
        "The category Yoga holds 2 events (those in the bin count too); take them out of the category first."
    )
    axe_check(page)
