"""The events' public pages in a real browser: the index, a category page and an event page of
each kind (to come, over, online, undated) at 360 and 1280 px, with axe finding nothing serious
(visit() runs it) and the screenshots of docs/img/events-*.png; the booking link and Add to
calendar reached by keyboard, and Add to calendar downloading the event's own file.

The events are made through the operations (tests/events/conftest.py `demo_like`, with the clock
held at its Friday noon), one test per page: each browser test costs seconds of the suite.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import NARROW, WIDE, focused, screenshot, visit
from tests.events.conftest import berlin, demo_like, make_event  # noqa: F401 (the fixtures)

WIDTHS = {"narrow": NARROW, "wide": WIDE}


@pytest.fixture
def events_site(site_url, demo_like):  # noqa: F811 (the fixture imported above)
    """The demo-like events on the live server (site_url first: their rows are committed)."""
    return demo_like


def photograph_at_both_widths(page, address: str, name: str, heading: str) -> None:
    """Visit `address` at 360 and at 1280 px (axe after each), check its heading, and save
    events-<name>-narrow.png and events-<name>-wide.png."""
    for width_name, size in WIDTHS.items():
        page.set_viewport_size(size)
        visit(page, address)
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        # Nothing runs off the side at either width.
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"events-{name}-{width_name}")


def test_the_index_lists_the_events_to_come_and_the_categories(page, events_site):
    photograph_at_both_widths(page, "/events", "index", "Events")
    main = page.get_by_role("main")
    for title in ("Pottery workshop", "Forest retreat", "Webinar: glazes"):
        expect(main.get_by_role("link", name=title)).to_be_visible()
    expect(main.get_by_text("Winter market")).to_have_count(0)  # over: not among those to come
    categories = page.get_by_role("navigation", name="Categories")
    expect(categories.get_by_role("link")).to_have_text(["Crafts", "Outdoors"])


def test_a_category_page_lists_its_events(page, events_site):
    photograph_at_both_widths(page, "/events/crafts", "category", "Crafts")
    main = page.get_by_role("main")
    expect(main.get_by_role("link", name="Forest retreat")).to_be_visible()
    expect(main.get_by_role("link", name="Pottery workshop")).to_have_count(0)


@pytest.mark.parametrize(
    ("kind", "address", "title", "shown"),
    [
        ("to-come", "/events/pottery", "Pottery workshop", "Clay studio"),
        ("over", "/events/winter-market", "Winter market", "This event is over"),
        ("online", "/events/glazes", "Webinar: glazes", "Online"),
        ("undated", "/events/open-studio", "Open studio", "Every Friday in spring"),
    ],
)
def test_an_event_page_of_each_kind(page, events_site, kind, address, title, shown):
    photograph_at_both_widths(page, address, f"event-{kind}", title)
    expect(page.get_by_role("main").get_by_text(shown, exact=True).first).to_be_visible()
    calendar = page.get_by_role("link", name="Add to calendar")
    # An event that is over offers neither booking nor a calendar file; one without a date no file.
    expect(calendar).to_have_count(0 if kind in {"over", "undated"} else 1)


def test_booking_and_add_to_calendar_are_reached_by_keyboard_and_the_file_is_named_after_the_event(
    page, events_site
):
    visit(page, "/events/pottery")
    reached = []
    for _ in range(60):
        page.keyboard.press("Tab")
        now = focused(page)
        assert now["visible"], now
        reached.append(now["text"])
        if now["text"] == "Add to calendar":
            break
    assert reached[-2:] == ["Book", "Add to calendar"], reached
    assert focused(page)["href"] == "/events/pottery.ics"
    with page.expect_download() as download:
        page.keyboard.press("Enter")
    assert download.value.suggested_filename == "pottery.ics"
    assert download.value.path().read_text().startswith("BEGIN:VCALENDAR")
