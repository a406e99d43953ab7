"""The event editor in a real browser (docs/events.md, "The panel: the editor"): an event of three
whole days made, published and seen on the site; format Online hides the place; the lead's
counter; end before start refused under Ends; two editors of one event (the second save told the
event was saved meanwhile, nothing typed lost); a version restored from History after a confirm;
photos reordered by keyboard; a wrong project field value refused under its box; the all-day
dates the same in a browser in Auckland and in Los Angeles, and a save of what the editor showed
changing no value; the editor at 360 px, axe on every tab, and the screenshots."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from frontdesk.events.models import Event
from frontdesk.events.operations import create_event, publish_event, update_event
from frontdesk.events.outputs import event_out
from frontdesk.pictures.operations import create_picture
from tests.browser.conftest import NARROW, WIDE, axe_check, screenshot, visit
from tests.picture_files import picture_file
from tests.project_fields import node, project_fields

APP_ZONE = "Europe/Berlin"


@pytest.fixture
def berlin(settings, site_url) -> str:
    settings.TIME_ZONE = APP_ZONE
    return APP_ZONE


def new_event(title: str = "Forest retreat", *, publish: bool = False, **values) -> Event:
    event = create_event(actor=None, values={"title": {"en": title}, **values})
    return publish_event(event, actor=None) if publish else event


def fresh(event: Event) -> Event:
    return Event.all_objects.get(pk=event.pk)


def editor_path(event: Event) -> str:
    return f"/cms/events/{event.pk}/"


def save(editor) -> None:
    editor.get_by_role("button", name="Save", exact=True).click()


def saved(editor) -> None:
    expect(editor.get_by_text("Saved.", exact=True)).to_be_visible()


@pytest.mark.parametrize("viewport", [WIDE, NARROW], ids=["wide", "narrow"])
def test_an_event_of_three_whole_days_is_made_published_and_seen_on_the_site(
    logged_in_page, admin_user, berlin, viewport
):
    event = new_event(slug={"en": "forest-retreat"})
    editor = logged_in_page(admin_user, **viewport)
    visit(editor, editor_path(event))
    expect(editor.get_by_text(f"Times in {APP_ZONE}")).to_be_visible()
    editor.get_by_role("switch", name="All day").check()
    expect(editor.get_by_label("Starts")).to_have_attribute("type", "date")
    editor.get_by_label("Starts").fill("2027-05-03")
    editor.get_by_label("Ends").fill("2027-05-05")
    editor.get_by_label("Venue").fill("Old farm")
    # The lead's counter counts what is typed, against the limit.
    editor.get_by_role("tab", name="Settings").click()
    lead = editor.get_by_label("Lead (English)")
    counter = editor.locator("#events-lead-count-en")
    expect(counter).to_have_text("0 of 300 characters")
    lead.fill("Three days under the trees.")
    expect(counter).to_have_text("27 of 300 characters")
    expect(lead).to_have_attribute("aria-describedby", "events-lead-count-en")
    save(editor)
    saved(editor)
    values = event_out(fresh(event))["values"]
    assert (values["all_day"], values["starts_at"], values["ends_at"]) == (True, "2027-05-03", "2027-05-05")

    editor.get_by_role("button", name="Publish", exact=True).click()
    expect(editor.locator("[data-state-badge]")).to_have_text("Published")  # after the reload
    site = editor.context.new_page()
    visit(site, "/events/forest-retreat")
    expect(site.get_by_role("heading", name="Forest retreat", level=1)).to_be_visible()
    expect(site.get_by_text("Old farm").first).to_be_visible()
    expect(site.locator("main")).to_contain_text("May")
    site.close()


def test_format_online_hides_the_venue_the_address_and_the_map_link(logged_in_page, admin_user, berlin):
    event = new_event(venue="Old farm")
    editor = logged_in_page(admin_user, **WIDE)
    visit(editor, editor_path(event))
    for label in ("Venue", "Address", "Map link"):
        expect(editor.get_by_label(label, exact=True)).to_be_visible()
    editor.get_by_role("radio", name="Online").check()
    for label in ("Venue", "Address", "Map link"):
        expect(editor.get_by_label(label, exact=True)).to_be_hidden()
    editor.get_by_role("radio", name="Both").check()
    expect(editor.get_by_label("Venue", exact=True)).to_have_value("Old farm")


def test_an_end_before_the_start_is_refused_under_ends_and_its_tab_opens(logged_in_page, admin_user, berlin):
    event = new_event(starts_at="2027-03-20T10:00")
    editor = logged_in_page(admin_user, **WIDE)
    visit(editor, editor_path(event))
    editor.get_by_label("Ends").fill("2027-03-20T09:00")
    editor.get_by_role("tab", name="Settings").click()
    save(editor)
    ends = editor.get_by_label("Ends")
    expect(ends).to_be_visible()  # the Event tab opened again
    expect(ends).to_have_attribute("aria-invalid", "true")
    message = editor.locator("#events-ends-error")
    expect(message).to_have_text("The end comes before the start.")
    assert "events-ends-error" in ends.get_attribute("aria-describedby")
    axe_check(editor)
    assert event_out(fresh(event))["values"]["ends_at"] is None

    # A card with a line and no heading: refused under the card's heading.
    ends.fill("2027-03-20T12:00")
    editor.get_by_role("button", name="Add a card").click()
    card = editor.locator("[data-highlights] li").first
    card.get_by_label("Line (English)").fill("Bring boots.")
    save(editor)
    expect(card.get_by_label("Heading (English)")).to_have_attribute("aria-invalid", "true")
    expect(ends).not_to_have_attribute("aria-invalid", "true")
    values = event_out(fresh(event))["values"]
    assert values["ends_at"] is None and values["highlights"] == []


def test_two_editors_of_one_event_the_second_save_is_told_and_loses_nothing(
    logged_in_page, admin_user, berlin
):
    event = new_event()
    first = logged_in_page(admin_user, **WIDE)
    second = first.context.new_page()
    visit(first, editor_path(event))
    visit(second, editor_path(event))
    first.get_by_role("tab", name="Settings").click()
    first.get_by_label("Title (English)").fill("Forest weekend")
    save(first)
    saved(first)

    second.get_by_role("tab", name="Settings").click()
    second.get_by_label("Lead (English)").fill("Bring boots.")
    save(second)
    notice = second.get_by_role("alert").filter(has_text="This event was saved meanwhile")
    expect(notice).to_be_visible()
    expect(second.get_by_label("Lead (English)")).to_have_value("Bring boots.")
    expect(second.get_by_label("Title (English)")).to_have_value("Forest retreat")
    values = event_out(fresh(event))["values"]
    assert values["title"] == {"en": "Forest weekend"} and values["lead"] == {}
    axe_check(second)

    # Reloading asks first (what was typed goes), then shows the saved event.
    notice.get_by_role("button", name="Reload the saved event").click()
    dialog = second.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Leave").click()
    second.wait_for_load_state("load")
    second.get_by_role("tab", name="Settings").click()
    expect(second.get_by_label("Title (English)")).to_have_value("Forest weekend")


def test_a_version_is_restored_from_the_history_after_a_confirm(logged_in_page, admin_user, berlin):
    event = new_event(publish=True)
    event = update_event(
        event, actor=None, values={"title": {"en": "Forest weekend"}}, revision=event.revision
    )
    event = publish_event(event, actor=None)
    editor = logged_in_page(admin_user, **WIDE)
    visit(editor, editor_path(event))
    editor.get_by_role("tab", name="History").click()
    history = editor.locator("#events-panel-history")
    expect(history).to_contain_text("Version 2")
    axe_check(editor)
    editor.get_by_role("button", name="Restore version 1 into the draft").click()
    dialog = editor.get_by_role("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Cancel").click()
    assert fresh(event).state == "published"
    editor.get_by_role("button", name="Restore version 1 into the draft").click()
    editor.get_by_role("dialog").get_by_role("button", name="Restore version 1 into the draft").click()
    expect(editor.locator("[data-state-badge]")).to_have_text("Published with edits")  # after the reload
    editor.wait_for_load_state("load")  # the reloaded editor's tabs answer once its modules ran
    editor.get_by_role("tab", name="Settings").click()
    expect(editor.get_by_label("Title (English)")).to_have_value("Forest retreat")


def test_photos_are_reordered_by_keyboard_and_the_first_is_the_cover(
    logged_in_page, admin_user, berlin, media
):
    boats, pier = (
        create_picture(actor=None, values={"file": picture_file(400, 300), "alt": {"en": alt}})
        for alt in ("Boats", "Pier")
    )
    event = new_event(photos=[boats.key, pier.key])
    editor = logged_in_page(admin_user, **WIDE)
    visit(editor, editor_path(event))
    gallery = editor.locator("[data-gallery-list]")
    expect(gallery.locator("li").first.locator("[data-gallery-cover]")).to_be_visible()
    gallery.get_by_role("button", name="Move Boats down").focus()
    editor.keyboard.press("Alt+ArrowDown")
    expect(editor.get_by_text("Boats moved to position 2 of 2.")).to_be_attached()
    expect(gallery.locator("li").first).to_have_attribute("data-id", pier.key)
    expect(gallery.locator("li").first.locator("[data-gallery-cover]")).to_be_visible()
    editor.keyboard.press("Control+s")
    saved(editor)
    assert event_out(fresh(event))["values"]["photos"] == [pier.key, boats.key]


def test_a_wrong_project_field_value_is_refused_under_its_box_and_nothing_is_saved(
    logged_in_page, admin_user, berlin
):
    with project_fields(node("seats", "number", min=1, max=40, decimals=0), screen="events.form"):
        event = new_event()
        editor = logged_in_page(admin_user, **WIDE)
        visit(editor, editor_path(event))
        editor.get_by_role("tab", name="Settings").click()
        editor.get_by_label("Lead (English)").fill("Bring boots.")
        seats = editor.locator("[data-project-field='seats'] input")
        expect(seats).to_be_visible()
        seats.fill("400")
        editor.get_by_role("tab", name="SEO").click()
        save(editor)
        expect(seats).to_be_visible()  # Settings opened again
        expect(seats).to_have_attribute("aria-invalid", "true")
        expect(editor.locator("[data-project-field='seats'] .fd-field-error")).to_be_visible()
        axe_check(editor)
        values = event_out(fresh(event))["values"]
        assert values["extra"] == {"seats": None} and values["lead"] == {}


@pytest.mark.parametrize("browser_zone", ["Pacific/Auckland", "America/Los_Angeles"])
def test_an_all_day_event_shows_the_same_dates_in_any_browser_zone_and_a_save_moves_nothing(
    logged_in_page, admin_user, berlin, browser_zone
):
    event = new_event(
        starts_at="2027-05-03",
        ends_at="2027-05-05",
        lead={"en": "Three days."},
        highlights=[{"heading": {"en": "Hands on"}, "line": {"en": "Bring boots."}}],
        publish=True,
    )
    before = event_out(fresh(event))
    editor = logged_in_page(admin_user, timezone_id=browser_zone, **WIDE)
    visit(editor, editor_path(event))
    assert editor.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == browser_zone
    expect(editor.get_by_label("Starts")).to_have_value("2027-05-03")
    expect(editor.get_by_label("Ends")).to_have_value("2027-05-05")
    save(editor)  # unchanged: the values the editor showed go back as they came
    saved(editor)
    after = event_out(fresh(event))
    assert after["values"] == before["values"]
    assert (fresh(event).starts_at, fresh(event).ends_at) == (event.starts_at, event.ends_at)


def test_a_duplicate_opens_the_copys_editor(logged_in_page, admin_user, berlin):
    event = new_event(slug={"en": "forest-retreat"}, publish=True)
    editor = logged_in_page(admin_user, **WIDE)
    visit(editor, editor_path(event))
    editor.get_by_role("button", name="Duplicate").click()
    editor.wait_for_url(lambda url: url.rstrip("/").split("/")[-1] not in ("", str(event.pk)))
    copy = Event.objects.exclude(pk=event.pk).get()
    assert editor.url.endswith(editor_path(copy))
    expect(editor.locator("[data-state-badge]")).to_have_text("Draft")
    editor.get_by_role("tab", name="Settings").click()
    expect(editor.get_by_label("Address (English)")).to_have_value("forest-retreat-2")


@pytest.mark.parametrize(("size", "viewport"), [("wide", WIDE), ("narrow", NARROW)])
def test_the_editor_at_360_and_1280_pixels_every_tab(
    logged_in_page, admin_user, berlin, site_sections, media, size, viewport
):
    picture = create_picture(actor=None, values={"file": picture_file(800, 600), "alt": {"en": "Old farm"}})
    event = new_event(
        slug={"en": "forest-retreat", "de": "waldauszeit"},
        lead={"en": "Three days under the trees."},
        starts_at="2027-05-03T10:00",
        ends_at="2027-05-05T16:00",
        venue="Old farm",
        address="Forest road 1, Plön",
        price={"en": "120 euros"},
        price_amount="120",
        booking_url="https://tickets.example.org/retreat",
        photos=[picture.key],
        description={"en": "<p>Walks, talks and <strong>quiet</strong>.</p>"},
        highlights=[{"heading": {"en": "Walks"}, "line": {"en": "Every morning."}}],
        publish=True,
    )
    editor = logged_in_page(admin_user, **viewport)
    visit(editor, editor_path(event))
    overflow = "document.documentElement.scrollWidth > document.documentElement.clientWidth"
    assert not editor.evaluate(overflow)
    suffix = "" if size == "wide" else "-narrow"
    screenshot(editor, f"events-panel-editor{suffix}")
    for tab in ("Settings", "SEO", "History"):
        editor.get_by_role("tab", name=tab).click()
        expect(editor.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
        axe_check(editor)
        assert not editor.evaluate(overflow), tab
        if tab == "Settings":
            screenshot(editor, f"events-panel-editor-settings{suffix}")
    # The language switch: German shows German boxes, marked not written.
    german = editor.get_by_role("button", name="Deutsch")
    german.click()
    expect(german).to_have_attribute("aria-pressed", "true")
    editor.get_by_role("tab", name="Settings").click()
    expect(editor.get_by_label("Address (Deutsch)")).to_have_value("waldauszeit")
    expect(editor.get_by_label("Title (English)")).to_be_hidden()
