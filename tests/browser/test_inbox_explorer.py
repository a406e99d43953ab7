"""The Inbox explorer in a real browser: an administrator lands on the Inbox, walks a form's
lists and a submission, handles it, and finds the list as they left it; the same at 360 px;
the forms' order by drag and by keyboard; mass changes; a submission typed in by hand.

Every page visited is checked with axe (tests/browser/conftest.py); the screenshots go to docs/img/.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from playwright.sync_api import expect

from frontdesk.core.models import LogEntry, Note
from frontdesk.inbox.models import Form, Status, Submission
from frontdesk.inbox.operations import (
    accept_submission,
    create_form,
    mark_read,
    update_form,
    update_submission,
)
from tests.browser.conftest import NARROW, axe_check, screenshot, visit

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")

PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"
FIRST_NAMES = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Dennis"]
ENQUIRY_FIELDS = [
    {"machine_name": "name", "type": "text", "label": {"en": "Name", "de": "Name"}, "required": True, "in_table": True},
    {"machine_name": "email", "type": "email", "label": {"en": "E-mail", "de": "E-Mail"}, "in_table": True},
    {"machine_name": "topic", "type": "select", "label": {"en": "Topic"}, "in_table": True,
     "choices": [{"value": "quote", "label": {"en": "A quote"}}, {"value": "visit", "label": {"en": "A visit"}}]},
    {"machine_name": "message", "type": "textarea", "label": {"en": "Message"}, "required": True},
    {"machine_name": "plan", "type": "file", "label": {"en": "Floor plan"}},
]  # fmt: skip


@pytest.fixture
def inbox_files(inbox_disk):
    return inbox_disk


def _answers(n: int) -> dict:
    name = f"{FIRST_NAMES[n % len(FIRST_NAMES)]} {chr(65 + n % 26)}. Example"
    return {
        "name": name,
        "email": f"person{n}@example.org",
        "topic": "quote" if n % 3 else "visit",
        "message": f"Could you send me an offer for the kitchen, please? (enquiry {n})",
    }


@pytest.fixture
def enquiries(site_url, inbox_files, admin_user):
    """Two forms: "Enquiries" with 40 submissions (two pages; the newest carries a floor plan)
    and a smaller "Newsletter" form, switched off."""
    form = create_form(
        actor=None, values={"slug": "enquiries", "title": {"en": "Enquiries"}}, fields=ENQUIRY_FIELDS
    )
    newsletter = create_form(
        actor=None,
        values={"slug": "newsletter", "title": {"en": "Newsletter"}, "is_switched_off": False},
        fields=[{"machine_name": "email", "type": "email", "label": {"en": "E-mail"}, "in_table": True}],
    )
    done = Status.objects.get(label__en="Done")
    now = timezone.now()
    rows = []
    for n in range(40):
        with time_machine.travel(now - timedelta(hours=n)):
            files = (
                {"plan": [SimpleUploadedFile("floor plan.pdf", PDF, "application/pdf")]} if n == 0 else None
            )
            rows.append(
                accept_submission(
                    form,
                    _answers(n),
                    files=files,
                    meta={
                        "ip": "203.0.113.0",
                        "user_agent": "Firefox/140.0",
                        "page": "https://example.org/kitchen",
                    },
                )[0]
            )
    for row in rows[35:]:
        mark_read(row, actor=None)
    update_submission(rows[36], actor=None, values={"status": done, "assignee": admin_user})
    for n in range(3):
        accept_submission(newsletter, {"email": f"reader{n}@example.org"})
    update_form(newsletter, actor=None, values={"is_switched_off": True})
    return form


def row_links(page):
    return page.locator(".inbox-table tbody .inbox-lead a")


# --- the whole walk, wide ----------------------------------------------------------------------


def test_an_administrator_handles_a_submission_and_finds_the_list_as_they_left_it(
    logged_in_page, admin_user, enquiries
):
    page = logged_in_page(admin_user)
    # The Inbox is the landing section; the first form is open.
    expect(page).to_have_url(re.compile(r"/cms/inbox/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Inbox")
    expect(page.locator(".inbox-form-link[aria-current]")).to_contain_text("Enquiries")
    expect(page.locator(".inbox-form-link", has_text="Newsletter")).to_contain_text("Switched off")
    expect(row_links(page)).to_have_count(25)
    screenshot(page, "inbox-explorer-wide")

    # Switch to the Unread tab, then to its second page.
    page.locator(".inbox-status-tabs").get_by_role("link", name=re.compile("^Unread")).click()
    expect(page).to_have_url(re.compile(r"\?tab=unread$"))
    expect(page.locator('.inbox-status-tabs a[aria-current="page"]')).to_contain_text("Unread")
    expect(page.locator(".fd-pager-status")).to_contain_text("Total: 35")
    page.get_by_role("link", name="Next page").click()
    expect(page).to_have_url(re.compile(r"\?tab=unread&page=2$"))
    expect(row_links(page)).to_have_count(10)
    axe_check(page)
    list_address = page.url

    ids = [
        int(re.search(r"/submissions/(\d+)/", href).group(1))
        for href in row_links(page).evaluate_all("links => links.map(link => link.getAttribute('href'))")
    ]

    # Open the third row of that page: it is marked read and shows its answers.
    opened = row_links(page).nth(2)
    name = opened.inner_text().replace("Unread:", "").strip()
    opened.click()
    expect(page).to_have_url(re.compile(rf"/cms/inbox/submissions/{ids[2]}/\?tab=unread&page=2$"))
    axe_check(page)
    assert Submission.objects.get(pk=ids[2]).is_unread is False
    expect(page.locator(".inbox-answers")).to_contain_text(name)
    expect(page.locator(".inbox-log")).to_contain_text("Marked read")

    # Walk the same list: next is the row below. Back up from there, the one just read has left
    # the Unread list, so previous is the unread row above it (docs/inbox.md, "The read rule").
    page.get_by_role("link", name="Next submission").click()
    expect(page).to_have_url(re.compile(rf"/cms/inbox/submissions/{ids[3]}/\?tab=unread&page=2$"))
    page.get_by_role("link", name="Previous submission").click()
    expect(page).to_have_url(re.compile(rf"/cms/inbox/submissions/{ids[1]}/\?tab=unread&page=2$"))
    first_id = ids[1]

    # Change status and assignee; the log says so after the page comes back.
    handling = page.locator("[data-handling]")
    handling.get_by_label("Status").select_option(label="In progress")
    handling.get_by_label("Assigned to").select_option(label="Ada Admin")
    handling.get_by_role("button", name="Save").click()
    expect(page.locator(".inbox-log")).to_contain_text("Status changed from New to In progress")
    expect(page.locator(".inbox-log")).to_contain_text("Assigned to Ada Admin")
    expect(page.locator(".fd-toast")).to_contain_text("Saved.")
    handled = Submission.objects.get(pk=first_id)
    assert str(handled.status) == "In progress" and handled.assignee == admin_user

    # Add a note.
    page.get_by_label("Add a note").fill("Called back; sending the offer on Monday.")
    page.get_by_role("button", name="Add the note").click()
    expect(page.locator("[data-notes] li")).to_contain_text("Called back; sending the offer on Monday.")
    assert Note.objects.get(entity="inbox_submission", object_id=str(first_id)).author == admin_user
    axe_check(page)

    # Back to the list: the same tab and page.
    page.get_by_role("link", name="Back to the list").click()
    expect(page).to_have_url(list_address)
    expect(page.locator('.inbox-status-tabs a[aria-current="page"]')).to_contain_text("Unread")
    expect(page.locator(".fd-pager-status")).to_contain_text("Page 2 of 2")


def test_an_attachment_downloads_through_the_panel_route(logged_in_page, admin_user, enquiries):
    newest = Submission.objects.filter(form=enquiries).order_by("-created_at").first()
    page = logged_in_page(admin_user)
    visit(page, f"/cms/inbox/submissions/{newest.pk}/")
    link = page.get_by_role("link", name="floor plan.pdf")
    expect(link).to_have_attribute("href", re.compile(rf"^/api/cms/inbox/submissions/{newest.pk}/files/\d+$"))
    with page.expect_download() as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "floor plan.pdf"
    with open(download.path(), "rb") as handle:
        assert handle.read() == PDF
    expect(page.locator(".inbox-details")).to_contain_text("203.0.113.0")
    screenshot(page, "inbox-submission-wide")


# --- narrow screens ----------------------------------------------------------------------------


def no_sideways_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    if width > NARROW["width"]:
        print(
            page.evaluate(
                """() => [...document.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > 362).slice(0, 15).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""
            )
        )
    assert width <= NARROW["width"], f"the page scrolls sideways: {width}px wide"


def test_at_360_px_the_forms_sit_behind_the_forms_button(logged_in_page, admin_user, enquiries):
    page = logged_in_page(admin_user, width=NARROW["width"])
    expect(page).to_have_url(re.compile(r"/cms/inbox/$"))
    button = page.get_by_role("button", name="Forms")
    column = page.locator("#inbox-forms")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_have_attribute("aria-controls", "inbox-forms")
    expect(column).to_be_hidden()
    expect(page.get_by_role("link", name="New submission")).to_be_visible()
    expect(row_links(page)).to_have_count(25)
    no_sideways_scroll(page)

    # Tabs, a page, a submission, back: the same walk as on a wide screen.
    page.locator(".inbox-status-tabs").get_by_role("link", name=re.compile("^Unread")).click()
    page.get_by_role("link", name="Next page").click()
    expect(page).to_have_url(re.compile(r"\?tab=unread&page=2$"))
    list_address = page.url
    row_links(page).first.click()
    expect(page.get_by_role("heading", name=re.compile(r"^Submission \d+$"))).to_be_visible()
    axe_check(page)
    no_sideways_scroll(page)
    screenshot(page, "inbox-submission-narrow")
    page.get_by_role("link", name="Back to the list").click()
    expect(page).to_have_url(list_address)

    # A search keeps the photographs short; then the forms behind their button.
    page.get_by_label("Search the answers").fill("grace")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(re.compile(r"\?tab=unread&q=grace$"))
    expect(row_links(page)).to_have_count(4)
    no_sideways_scroll(page)
    screenshot(page, "inbox-explorer-narrow")
    button.click()
    expect(button).to_have_attribute("aria-expanded", "true")
    expect(column).to_be_visible()
    expect(page.locator(".inbox-form-link[aria-current]")).to_be_focused()
    axe_check(page)
    no_sideways_scroll(page)
    screenshot(page, "inbox-forms-narrow-open")
    page.keyboard.press("Escape")
    expect(column).to_be_hidden()
    expect(button).to_be_focused()

    # The other form, through the Forms button.
    button.click()
    column.get_by_role("link", name=re.compile("^Newsletter")).click()
    expect(page.get_by_role("heading", level=2, name=re.compile("Newsletter"))).to_be_visible()
    expect(page.locator("#inbox-forms")).to_be_hidden()
    axe_check(page)


# --- a wide table at 1280 px -------------------------------------------------------------------

WIDE_FIELDS = [
    {"machine_name": name, "type": "text", "label": {"en": label}, "in_table": True}
    for name, label in (
        ("name", "Name"), ("email", "E-mail"), ("phone", "Phone"),
        ("company", "Company"), ("city", "City"), ("topic", "Topic"),
    )
]  # fmt: skip


def edge_brightness(page, side: str) -> float:
    """The mean brightness (0-255) of a thin strip inside the table wrapper's `side` edge, beside
    the caption (where no text is), read from a screenshot: a shadow there makes it darker."""
    box = page.locator(".inbox-table-wrap").bounding_box()
    caption = page.locator(".inbox-table caption").bounding_box()
    x = box["x"] + 2 if side == "left" else box["x"] + box["width"] - 8
    picture = page.screenshot(clip={"x": x, "y": caption["y"] + 4, "width": 6, "height": 12})
    return page.evaluate(
        """async (bytes) => {
            const image = await createImageBitmap(new Blob([new Uint8Array(bytes)], {type: "image/png"}));
            const canvas = new OffscreenCanvas(image.width, image.height);
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0);
            const data = context.getImageData(0, 0, image.width, image.height).data;
            let sum = 0;
            for (let i = 0; i < data.length; i += 4) sum += (data[i] + data[i + 1] + data[i + 2]) / 3;
            return sum / (data.length / 4);
        }""",
        list(picture),
    )


def test_at_1280_px_the_table_fits_or_scrolls_sideways_with_a_visible_cue(
    logged_in_page, admin_user, enquiries
):
    page = logged_in_page(admin_user)
    # Enquiries (three columns of answers) fits: its last column ends inside the window.
    last = page.locator(".inbox-table thead th").last.bounding_box()
    assert last["x"] + last["width"] <= page.viewport_size["width"]
    assert edge_brightness(page, "right") > 250  # and nothing says more follows

    # Six columns of long answers cannot fit: the wrapper scrolls, and a shadow at its right
    # edge says more columns follow until the end is reached.
    wide = create_form(actor=None, values={"slug": "wide", "title": {"en": "Wide"}}, fields=WIDE_FIELDS)
    accept_submission(
        wide,
        {"name": "Margaret Hamilton", "email": "margaret.hamilton@apollo-guidance.example.org",
         "phone": "+49 30 1234 5678", "company": "Hamilton Software Engineering GmbH",
         "city": "Frankfurt am Main", "topic": "A visit to the showroom"},
    )  # fmt: skip
    visit(page, f"/cms/inbox/forms/{wide.pk}/")
    wrap = page.locator(".inbox-table-wrap")
    assert wrap.evaluate("el => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX") == "auto"
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    assert edge_brightness(page, "right") < 245 and edge_brightness(page, "left") > 250
    wrap.evaluate("el => { el.scrollLeft = el.scrollWidth; }")
    last = page.locator(".inbox-table thead th").last.bounding_box()
    assert last["x"] + last["width"] <= page.viewport_size["width"]
    assert edge_brightness(page, "right") > 250 and edge_brightness(page, "left") < 245


# --- the forms' order ------------------------------------------------------------------------------


def column_titles(page) -> list[str]:
    return [text.strip() for text in page.locator(".inbox-form-title").all_inner_texts()]


def test_forms_are_reordered_by_keyboard_and_by_drag_and_the_order_persists(logged_in_page, admin_user):
    for slug, title in (("alpha", "Alpha"), ("beta", "Beta"), ("gamma", "Gamma")):
        create_form(actor=None, values={"slug": slug, "title": {"en": title}}, fields=[])
    page = logged_in_page(admin_user)
    expect(page.locator(".inbox-form-title")).to_have_count(3)
    assert column_titles(page) == ["Alpha", "Beta", "Gamma"]

    # Keyboard: the Move up button of Gamma, twice.
    with page.expect_response(lambda r: r.url.endswith("/api/cms/inbox/forms/sorting")) as saved:
        page.get_by_role("button", name="Move Gamma up").click()
    assert saved.value.status == 204
    expect(page.get_by_role("button", name="Move Gamma up")).to_be_focused()
    with page.expect_response(lambda r: r.url.endswith("/api/cms/inbox/forms/sorting")):
        page.keyboard.press("Enter")
    assert column_titles(page) == ["Gamma", "Alpha", "Beta"]
    page.reload()
    assert column_titles(page) == ["Gamma", "Alpha", "Beta"]
    assert [f.slug for f in Form.objects.order_by("position", "id")] == ["gamma", "alpha", "beta"]

    # Drag: Beta's handle onto Gamma's place.
    handle = page.locator('li[data-label="Beta"] [data-drag-handle]')
    target = page.locator('li[data-label="Gamma"]').bounding_box()
    box = handle.bounding_box()
    with page.expect_response(lambda r: r.url.endswith("/api/cms/inbox/forms/sorting")):
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.mouse.down()
        page.mouse.move(box["x"] + 5, target["y"] + 10, steps=8)
        page.mouse.move(box["x"] + 5, target["y"] + 4, steps=4)
        page.mouse.up()
    assert column_titles(page) == ["Beta", "Gamma", "Alpha"]
    visit(page, "/cms/inbox/")
    assert column_titles(page) == ["Beta", "Gamma", "Alpha"]
    expect(page.locator(".inbox-form-link[aria-current]")).to_contain_text("Beta")  # the first is open


def test_an_empty_inbox_says_how_to_fill_it(logged_in_page, admin_user, make_user):
    page = logged_in_page(admin_user)
    expect(page.get_by_role("heading", name="No forms yet")).to_be_visible()
    expect(page.locator(".fd-empty").get_by_role("link", name="New form")).to_have_attribute(
        "href", "/cms/inbox/forms/new/"
    )
    reader = logged_in_page(make_user("inbox.view"), width=NARROW["width"])
    expect(reader.get_by_role("heading", name="No forms yet")).to_be_visible()
    expect(reader.get_by_role("link", name="New form")).to_have_count(0)
    no_sideways_scroll(reader)


def test_without_inbox_manage_the_forms_are_a_plain_list(logged_in_page, make_user, enquiries):
    clerk = make_user("inbox.view", "inbox.update")
    page = logged_in_page(clerk)
    expect(page.locator(".inbox-form-title")).to_have_count(2)
    expect(page.locator("[data-drag-handle]")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("^Move "))).to_have_count(0)
    expect(page.get_by_role("link", name="New form")).to_have_count(0)
    expect(page.get_by_role("link", name="Statuses")).to_have_count(0)


# --- mass changes ------------------------------------------------------------------------------


def test_chosen_rows_get_a_status_or_are_deleted_after_confirming(logged_in_page, admin_user, enquiries):
    page = logged_in_page(admin_user)
    ids = [
        int(re.search(r"/submissions/(\d+)/", href).group(1))
        for href in row_links(page).evaluate_all("links => links.map(link => link.getAttribute('href'))")
    ]
    page.get_by_label(f"Choose submission {ids[0]}", exact=True).check()
    page.get_by_label(f"Choose submission {ids[1]}", exact=True).check()
    expect(page.locator("[data-mass-count]")).to_have_text("Chosen: 2")
    page.get_by_label("Give them the status").select_option(label="Done")
    page.get_by_role("button", name="Apply").click()
    expect(page.locator(".fd-toast")).to_contain_text("The status is changed.")
    expect(page).to_have_url(re.compile(r"/cms/inbox/$"))
    done = Status.objects.get(label__en="Done")
    assert set(Submission.objects.filter(status=done).values_list("pk", flat=True)) >= {ids[0], ids[1]}
    expect(page.locator(".inbox-status-tabs").get_by_role("link", name=re.compile("^Done"))).to_contain_text(
        "3"
    )

    # Choose all on the page, then take one out again, then delete after the confirm dialog.
    page.get_by_label("Choose all on this page").check()
    expect(page.locator("[data-mass-count]")).to_have_text("Chosen: 25")
    page.get_by_label("Choose all on this page").uncheck()
    page.get_by_label(f"Choose submission {ids[2]}", exact=True).check()
    page.get_by_role("button", name="Delete").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Delete the chosen submissions?")
    expect(dialog.get_by_role("button", name="Cancel")).to_be_focused()  # harmful: starts on Cancel
    dialog.get_by_role("button", name="Cancel").click()
    assert Submission.objects.filter(pk=ids[2]).exists()
    page.get_by_role("button", name="Delete").click()
    page.get_by_role("dialog").get_by_role("button", name="Delete").click()
    expect(page.locator(".fd-toast")).to_contain_text("Deleted.")
    assert not Submission.objects.filter(pk=ids[2]).exists()
    expect(page.locator(".fd-pager-status")).to_contain_text("Total: 39")


# --- mark unread, typed in by hand, dark ------------------------------------------------------


def test_mark_unread_returns_to_the_list(logged_in_page, admin_user, enquiries):
    page = logged_in_page(admin_user)
    visit(page, f"/cms/inbox/forms/{enquiries.pk}/?tab=unread&q=example")
    row_links(page).first.click()
    opened = int(re.search(r"/submissions/(\d+)/", page.url).group(1))
    assert Submission.objects.get(pk=opened).is_unread is False
    page.get_by_role("button", name="Mark unread").click()
    expect(page).to_have_url(re.compile(rf"/cms/inbox/forms/{enquiries.pk}/\?tab=unread&q=example$"))
    expect(page.locator(".fd-toast")).to_contain_text("Marked unread.")
    assert Submission.objects.get(pk=opened).is_unread is True
    assert LogEntry.objects.filter(submission=opened, action="submission.marked_unread").count() == 1


def test_a_submission_is_typed_in_by_hand_with_errors_under_the_inputs(logged_in_page, admin_user, enquiries):
    page = logged_in_page(admin_user)
    page.get_by_role("link", name="New submission").click()
    expect(page).to_have_url(re.compile(rf"/cms/inbox/forms/{enquiries.pk}/new-submission/$"))
    axe_check(page)
    page.get_by_label("E-mail").fill("not an address")
    page.get_by_role("button", name="Save the submission").click()
    summary = page.locator(".fd-error-summary")
    expect(summary).to_be_focused()
    name = page.get_by_label("Name")
    expect(name).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".fd-field-error").first).to_contain_text("This field is required.")
    expect(page.get_by_label("E-mail")).to_have_attribute("aria-invalid", "true")
    axe_check(page)
    screenshot(page, "inbox-new-submission")

    name.fill("Hedy Lamarr")
    page.get_by_label("E-mail").fill("hedy@example.org")
    page.get_by_label("Topic").select_option(label="A visit")
    page.get_by_label("Message").fill("Rang on Tuesday about a visit to the showroom.")
    page.get_by_label("Language of the sender").select_option("de")
    page.get_by_role("button", name="Save the submission").click()
    expect(page).to_have_url(re.compile(r"/cms/inbox/submissions/\d+/$"))
    expect(page.locator(".inbox-answers")).to_contain_text("Hedy Lamarr")
    expect(page.locator(".inbox-details")).to_contain_text("Typed in by hand")
    expect(page.locator(".inbox-log")).to_contain_text("Typed in by hand")
    typed = Submission.objects.get(search_text__contains="hedy lamarr")
    assert typed.source == "panel" and typed.language == "de"
    axe_check(page)


def test_the_explorer_in_the_dark_theme(logged_in_page, admin_user, enquiries):
    page = logged_in_page(admin_user, color_scheme="dark")
    page.locator(".inbox-more-filters > summary").click()
    axe_check(page)
    screenshot(page, "inbox-explorer-wide-dark")
