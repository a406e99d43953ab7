"""The picture library and the rich text editor in a real browser: a picture uploaded in the
Pictures section and described, one in use refused deletion with the place named, and a library
picture picked by keyboard into the rich text editor on the style guide screen."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image
from playwright.sync_api import expect

from frontdesk.pictures.models import Picture
from frontdesk.pictures.operations import create_picture
from tests.browser.conftest import NARROW, SCREENSHOTS, WIDE, axe_check, screenshot, visit
from tests.picture_files import image_bytes, picture_file
from tests.testapp.models import Poster


def test_a_picture_is_uploaded_described_and_refused_deletion_while_in_use(logged_in_page, admin_user, media):
    page = logged_in_page(admin_user, **WIDE)
    visit(page, "/cms/pictures/")
    page.get_by_label("Picture file").set_input_files(
        {"name": "harbour.jpg", "mimeType": "image/jpeg", "buffer": image_bytes(1200, 800)}
    )
    page.get_by_label("Name", exact=True).first.fill("Harbour at dawn")
    page.get_by_role("button", name="Upload", exact=True).click()
    dialog = page.locator("#picture-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_label("English")).to_be_focused()
    dialog.get_by_label("English").fill("Boats in the harbour")
    dialog.get_by_label("Deutsch").fill("Boote im Hafen")
    axe_check(page)
    dialog.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Saved.", exact=True)).to_be_visible()
    picture = Picture.objects.get()
    assert (picture.name, picture.alt) == (
        "Harbour at dawn",
        {"en": "Boats in the harbour", "de": "Boote im Hafen"},
    )
    assert [item["width"] for item in picture.renditions] == [320, 640, 960, 1200]
    dialog.get_by_role("button", name="Close").click()
    card = page.locator(f'[data-key="{picture.key}"]')
    expect(card.get_by_role("img", name="Boats in the harbour")).to_be_visible()

    Poster.objects.create(title="Summer fair", cover=picture.key)
    card.get_by_role("button", name="Edit Harbour at dawn").click()
    expect(dialog.get_by_text("Posters: Summer fair")).to_be_visible()
    dialog.get_by_role("button", name="Delete").click()
    page.locator("#fd-confirm").get_by_role("button", name="Delete").click()
    summary = dialog.locator(".fd-error-summary")
    expect(summary).to_contain_text("This picture is used in 1 place; take it out there first.")
    expect(summary).to_contain_text("Posters: Summer fair")
    assert Picture.objects.filter(key=picture.key).exists()
    screenshot(page, "panel-pictures-in-use")


def test_a_place_the_account_may_not_open_is_counted_not_named(logged_in_page, make_user, media):
    """Issue 25 item 4: a poster's title is shown only to an account that may open posters."""
    picture = create_picture(actor=None, values={"file": picture_file(), "name": "Harbour"})
    Poster.objects.create(title="Q3 layoffs announcement DRAFT", cover=picture.key)
    page = logged_in_page(make_user("core.pictures.manage"), **WIDE)
    visit(page, "/cms/pictures/")
    page.locator(f'[data-key="{picture.key}"]').get_by_role("button", name="Edit Harbour").click()
    dialog = page.locator("#picture-dialog")
    expect(dialog.get_by_text("Places you may not open: 1")).to_be_visible()
    expect(dialog).not_to_contain_text("layoffs")
    expect(dialog).not_to_contain_text("Not used anywhere yet.")


def test_the_library_works_at_360_pixels(logged_in_page, admin_user, media):
    create_picture(
        actor=None, values={"file": picture_file(640, 480), "name": "Market", "alt": {"en": "Stalls"}}
    )
    page = logged_in_page(admin_user, **NARROW)
    visit(page, "/cms/pictures/")
    expect(page.get_by_role("img", name="Stalls")).to_be_visible()
    page.get_by_label("Search pictures").fill("nothing like it")
    page.get_by_label("Search pictures").press("Enter")
    expect(page.locator("#picture-status")).to_have_text("Nothing to show.")
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]


def test_a_library_picture_is_picked_by_keyboard_into_the_rich_text_editor(logged_in_page, admin_user, media):
    create_picture(actor=None, values={"file": picture_file(), "name": "Market", "alt": {"en": "Stalls"}})
    harbour = create_picture(
        actor=None, values={"file": picture_file(900, 600), "name": "Harbour", "alt": {"en": "Boats"}}
    )
    page = logged_in_page(admin_user, **WIDE)
    visit(page, "/cms/design/")
    area = page.get_by_role("textbox", name="Text", exact=True)
    area.click()
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    page.keyboard.type("Opening hours")
    page.keyboard.press("Shift+Home")
    page.keyboard.press("Control+B")
    output = page.locator("#demo-richtext-output")
    expect(output).to_contain_text("<strong>Opening hours</strong>")

    toolbar = page.get_by_role("toolbar", name="Formatting")
    toolbar.get_by_role("button", name="Paragraph").focus()
    page.keyboard.press("End")  # the last button: Picture
    expect(toolbar.get_by_role("button", name="Picture")).to_be_focused()
    page.keyboard.press("Enter")
    picker = page.get_by_role("dialog", name="Choose a picture")
    expect(picker.get_by_label("Search pictures")).to_be_focused()
    page.keyboard.type("harbour")
    expect(picker.get_by_role("button", name="Choose Market")).to_have_count(0)
    axe_check(page)
    page.keyboard.press("Tab")
    expect(picker.get_by_role("button", name="Choose Harbour")).to_be_focused()
    page.keyboard.press("Enter")
    expect(picker).to_have_count(0)
    expect(output).to_contain_text(f'Opening hours<img data-picture="{harbour.key}" alt="">')
    expect(area.get_by_role("img", name="Boats")).to_be_visible()
    assert page.get_by_role("textbox", name="Text", exact=True).evaluate(
        "el => document.activeElement === el"
    )

    # A link by Ctrl+K: a javascript: address is refused, a real one is kept.
    page.keyboard.type(" see us")
    page.keyboard.press("Shift+ArrowLeft")
    page.keyboard.press("Shift+ArrowLeft")
    page.keyboard.press("Control+K")
    link = page.get_by_role("dialog", name="Link")
    link.get_by_label("Address").fill("javascript:alert(1)")
    link.get_by_role("button", name="Apply").click()
    expect(link.locator(".fd-field-error")).to_be_visible()
    link.get_by_label("Address").fill("https://example.org/contact")
    link.get_by_role("button", name="Apply").click()
    expect(output).to_contain_text('<a href="https://example.org/contact">us</a>')
    section = page.locator('section[aria-labelledby="sg-richtext"]')
    section.screenshot(path=str(SCREENSHOTS / "panel-richtext.png"), animations="disabled", caret="hide")


def test_a_search_that_answers_late_leaves_the_focus_on_the_chosen_picture(logged_in_page, admin_user, media):
    create_picture(actor=None, values={"file": picture_file(), "name": "Market", "alt": {"en": "Stalls"}})
    create_picture(
        actor=None, values={"file": picture_file(900, 600), "name": "Harbour", "alt": {"en": "Boats"}}
    )
    page = logged_in_page(admin_user, **WIDE)
    visit(page, "/cms/design/")
    page.get_by_role("textbox", name="Text", exact=True).click()
    page.get_by_role("toolbar", name="Formatting").get_by_role("button", name="Picture").click()
    picker = page.get_by_role("dialog", name="Choose a picture")
    harbour = picker.get_by_role("button", name="Choose Harbour")
    harbour.focus()
    expect(harbour).to_be_focused()
    shown = harbour.element_handle()
    # As a slow typist's pause would: a search starts while the focus is on a choice, and its
    # answer replaces the choices.
    picker.get_by_label("Search pictures").dispatch_event("input")
    page.wait_for_function("button => !button.isConnected", arg=shown)
    expect(picker.get_by_role("button", name="Choose Harbour")).to_be_focused()


def scenery(width: int, height: int, top: tuple, bottom: tuple, name: str) -> SimpleUploadedFile:
    """A picture that reads as one in a screenshot: a sky fading into the ground."""
    fade = Image.linear_gradient("L").resize((width, height))
    image = Image.composite(
        Image.new("RGB", (width, height), bottom), Image.new("RGB", (width, height), top), fade
    )
    out = io.BytesIO()
    image.save(out, "JPEG")
    return SimpleUploadedFile(name, out.getvalue(), content_type="image/jpeg")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_the_pictures_section(logged_in_page, admin_user, media, site_sections, scheme):
    for width, height, top, bottom, name, alt in (
        (1200, 800, (250, 180, 120), (30, 60, 110), "Harbour at dawn", "Boats in the harbour"),
        (800, 800, (120, 190, 240), (60, 130, 60), "Market", "Stalls on the square"),
        (900, 1200, (40, 50, 110), (230, 200, 120), "Lighthouse", "The lighthouse at night"),
    ):
        file = scenery(width, height, top, bottom, f"{name.lower().replace(' ', '-')}.jpg")
        create_picture(actor=None, values={"file": file, "name": name, "alt": {"en": alt}})
    for size, name in ((WIDE, "wide"), (NARROW, "narrow")):
        page = logged_in_page(admin_user, color_scheme=scheme, **size)
        visit(page, "/cms/pictures/")
        expect(page.get_by_role("img", name="The lighthouse at night")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        screenshot(page, f"pictures-{name}-{scheme}")


def test_a_gallery_is_filled_from_the_picker_reordered_by_keyboard_and_sent_in_its_order(
    logged_in_page, admin_user, media
):
    market = create_picture(
        actor=None, values={"file": picture_file(), "name": "Market", "alt": {"en": "Stalls"}}
    )
    harbour = create_picture(
        actor=None, values={"file": picture_file(900, 600), "name": "Harbour", "alt": {"en": "Boats"}}
    )
    page = logged_in_page(admin_user, **WIDE)
    visit(page, "/cms/design/")
    section = page.locator('section[aria-labelledby="sg-gallery"]')
    add = section.get_by_role("button", name="Add a picture…")
    output = page.locator("#demo-gallery-output")
    for name in ("Market", "Harbour"):
        add.click()
        picker = page.get_by_role("dialog", name="Choose a picture")
        picker.get_by_role("button", name=f"Choose {name}").click()
        expect(picker).to_have_count(0)
        expect(add).to_be_focused()
    expect(output).to_have_text(f'["{market.key}","{harbour.key}"]')
    items = section.locator("li")
    expect(items.nth(0).get_by_text("Cover")).to_be_visible()
    expect(items.nth(1).get_by_text("Cover")).to_be_hidden()

    # The second moves up by keyboard and becomes the cover; the move is announced.
    section.get_by_role("button", name="Move Boats up").focus()
    page.keyboard.press("Enter")
    expect(output).to_have_text(f'["{harbour.key}","{market.key}"]')
    expect(items.nth(0)).to_contain_text("Boats")
    expect(items.nth(0).get_by_text("Cover")).to_be_visible()
    expect(section.locator("div[role=status]")).to_have_text("Boats moved to position 1 of 2.")
    axe_check(page)

    # A picture taken out leaves the rest in order; the focus stays in the list.
    items.nth(0).get_by_role("button", name="Remove the picture").click()
    expect(output).to_have_text(f'["{market.key}"]')
    expect(items.nth(0).get_by_text("Cover")).to_be_visible()
    expect(items.nth(0).get_by_role("button", name="Remove the picture")).to_be_focused()
