"""The Form editor, the Embedding tab and the Statuses screen in a real browser, writing through
the panel API: build a form and find it on the site, reorder by drag and by keyboard, see the
operations' refusals where they belong."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from frontdesk.inbox.models import Field, Form, Status
from frontdesk.inbox.operations import accept_submission, create_form
from tests.browser.conftest import NARROW, axe_check, screenshot, visit
from tests.inbox.conftest import CONTACT_FIELDS

# Screenshots show the panel's menu as a site has it, without the test app's sections.
pytestmark = pytest.mark.usefixtures("site_sections")


@pytest.fixture
def contact(site_url):
    return create_form(
        actor=None,
        values={"slug": "contact", "title": {"en": "Contact", "de": "Kontakt"}, "email_field_name": "email"},
        fields=CONTACT_FIELDS,
    )


@pytest.fixture
def admin(make_user):
    return make_user(email="admin@example.com", is_superuser=True, is_staff=True, display_name="Ada Admin")


def editor_address(form: Form) -> str:
    return f"/cms/inbox/forms/{form.pk}/edit/"


def field_names(page) -> list[str]:
    return page.locator("#inbox-editor-fields > li").evaluate_all(
        "items => items.map(item => item.querySelector('[data-key=machine_name]').value)"
    )


def saved_order(form: Form) -> list[str]:
    return list(form.live_fields().order_by("position", "id").values_list("machine_name", flat=True))


def confirm_in_dialog(page, label: str) -> None:
    dialog = page.locator("#fd-confirm")
    dialog.wait_for(state="visible")
    dialog.get_by_role("button", name=label).click()


def fill_field(item, *, type_label: str, name: str, label: str, required: bool = False) -> None:
    item.get_by_label("Type").select_option(label=type_label)
    item.get_by_label("Machine name").fill(name)
    item.get_by_label("Label, English", exact=True).fill(label)
    if required:
        item.get_by_label("Required").check()


# --- the Form editor -----------------------------------------------------------------------------


def test_a_form_created_with_three_fields_appears_on_the_site(logged_in_page, admin):
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/forms/new/")
    page.get_by_label("Title, English").fill("Call me back")
    page.get_by_label("Slug").fill("call-me-back")
    for type_label, name, label in (
        ("Text", "name", "Your name"),
        ("E-mail address", "email", "Your e-mail"),
        ("Long text", "message", "Your message"),
    ):
        page.get_by_role("button", name="Add a field").click()
        fill_field(
            page.locator("#inbox-editor-fields > li").last, type_label=type_label, name=name, label=label
        )
    page.get_by_label("E-mail field").select_option("email")
    page.get_by_label("Other addresses").fill("office@example.com")
    axe_check(page)
    page.get_by_role("button", name="Create the form").click()
    page.wait_for_url(re.compile(r"/cms/inbox/forms/\d+/edit/$"))
    page.wait_for_load_state()
    form = Form.objects.get(slug="call-me-back")
    assert page.url.endswith(editor_address(form))
    assert saved_order(form) == ["name", "email", "message"]
    assert form.email_field_name == "email"
    assert form.options["recipients"]["addresses"] == ["office@example.com"]
    assert page.locator("#fd-toasts-status").inner_text().strip() == "The form is created."

    visit(page, "/forms/call-me-back/")
    for name in ("name", "email", "message"):
        assert page.locator(f'[name="fields[{name}]"]').count() == 1
    assert page.get_by_label("Your e-mail").get_attribute("type") == "email"


def test_an_invalid_slug_is_shown_under_the_slug_input_and_nothing_is_created(logged_in_page, admin):
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/forms/new/")
    page.get_by_label("Title, English").fill("Bad slug")
    page.get_by_label("Slug").fill("Not a slug!")
    page.get_by_role("button", name="Create the form").click()
    slug = page.get_by_label("Slug")
    error = page.locator(".fd-field:has(#inbox-editor-slug) .fd-field-error")
    error.wait_for()
    assert "lower-case letters, digits and single hyphens" in error.inner_text()
    assert slug.get_attribute("aria-invalid") == "true"
    assert error.get_attribute("id") in slug.get_attribute("aria-describedby").split()
    assert page.locator(".fd-error-summary").is_visible()
    assert not Form.objects.filter(title__en="Bad slug").exists()
    axe_check(page)


def test_a_refused_field_opens_and_shows_the_error_at_its_own_input(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    topic = page.locator("#inbox-editor-fields > li").nth(2)
    assert not topic.locator(".inbox-editor-field-body").is_visible()
    topic.get_by_role("button", name=re.compile("^Topic")).click()
    topic.get_by_label("Machine name").fill("Bad Name")
    topic.get_by_role("button", name=re.compile("^Topic")).click()  # closed again before saving
    page.get_by_role("button", name="Save", exact=True).click()
    error = topic.locator(".fd-field-error")
    error.wait_for()
    assert "Start with a letter" in error.inner_text()
    assert topic.get_by_label("Machine name").get_attribute("name") == "fields.2.machine_name"
    assert topic.locator(".inbox-editor-field-body").is_visible()
    assert Field.objects.filter(form=contact, machine_name="topic").exists()


def test_changes_to_fields_and_options_are_saved_in_place(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    topic = page.locator("#inbox-editor-fields > li").nth(2)
    topic.get_by_role("button", name=re.compile("^Topic")).click()
    topic.get_by_role("button", name="Add a choice").click()
    topic.locator("[data-choice=value]").last.fill("visit")
    topic.locator("[data-choice='label.en']").last.fill("A visit")
    topic.get_by_label("Required").check()
    page.get_by_role("button", name="Add a field").click()
    fill_field(
        page.locator("#inbox-editor-fields > li").last, type_label="Date", name="day", label="Preferred day"
    )
    page.locator("#inbox-editor-fields > li").last.get_by_label("Earliest date").fill("2026-01-01")
    page.get_by_label("Submissions per minute from one address", exact=True).fill("2")
    page.get_by_label("Origin: accepts forms sent from the site's own pages only").uncheck()
    with page.expect_response(lambda answer: answer.request.method == "PUT") as answer:
        page.get_by_role("button", name="Save", exact=True).click()
    assert answer.value.status == 200
    page.locator("#fd-toasts-status").get_by_text("Saved.").wait_for()
    topic_field = contact.fields.get(machine_name="topic")
    assert topic_field.required
    assert [choice["value"] for choice in topic_field.choices] == ["quote", "other", "visit"]
    day = contact.fields.get(machine_name="day")
    assert (day.type, day.min_value, day.position) == ("date", "2026-01-01", 7)
    contact.refresh_from_db()
    assert contact.options["antispam"] == {"throttle": 2, "origin": False}
    # The new field learnt its id, so the next move of it can be stored at once.
    assert page.locator("#inbox-editor-fields > li").last.get_attribute("data-id") == str(day.pk)
    assert page.locator("form[data-dirty]").count() == 0


def test_a_new_title_shows_in_the_frame_after_saving(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    page.get_by_label("Title, English").fill("Write to us")
    with page.expect_navigation():  # the frame (forms column, form head) is printed anew
        page.get_by_role("button", name="Save", exact=True).click()
    page.locator("#fd-toasts-status").get_by_text("Saved.").wait_for()
    assert page.locator(".inbox-form-name").inner_text().startswith("Write to us")
    contact.refresh_from_db()
    assert contact.title == {"en": "Write to us", "de": "Kontakt"}
    assert saved_order(contact) == [field["machine_name"] for field in CONTACT_FIELDS]


def test_fields_reordered_by_drag_keep_their_order_after_a_reload(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    items = page.locator("#inbox-editor-fields > li")
    items.nth(0).evaluate("item => item.scrollIntoView()")  # the mouse works in the viewport
    handle = items.nth(3).locator(".fd-sortable-handle").bounding_box()
    top = items.nth(0).bounding_box()
    with page.expect_response(lambda answer: answer.url.endswith("/fields/sorting")) as answer:
        page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        page.mouse.down()
        page.mouse.move(top["x"] + 40, top["y"] + top["height"] / 2, steps=8)
        page.mouse.move(top["x"] + 40, top["y"] + 4, steps=4)
        page.mouse.up()
    assert answer.value.status == 204
    wanted = ["days", "name", "email", "topic", "message", "consent"]
    assert field_names(page) == wanted
    assert saved_order(contact) == wanted
    page.reload()
    assert field_names(page) == wanted


def test_fields_reordered_by_keyboard_keep_their_order_after_a_reload(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    with page.expect_response(lambda answer: answer.url.endswith("/fields/sorting")):
        page.get_by_role("button", name="Move Message up").focus()
        page.keyboard.press("Enter")
    # The focus stays with the moved field, so Alt+Arrow Up moves it on.
    with page.expect_response(lambda answer: answer.url.endswith("/fields/sorting")):
        page.keyboard.press("Alt+ArrowUp")
    assert "moved to position 3 of 6" in page.locator("#inbox-editor-fields + [role=status]").inner_text()
    wanted = ["name", "email", "message", "topic", "days", "consent"]
    assert saved_order(contact) == wanted
    page.reload()
    assert field_names(page) == wanted
    assert page.get_by_role("button", name="Move Message up").is_enabled()


def test_a_field_put_aside_leaves_the_form_and_its_old_answers_stay(logged_in_page, admin, contact):
    submission, _created = accept_submission(
        contact, {"name": "Ada", "email": "ada@example.org", "days": ["mon"], "consent": "on"}
    )
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    days = page.locator("#inbox-editor-fields > li").nth(3)
    days.get_by_role("button", name=re.compile("^Days")).click()
    days.get_by_role("button", name="Put this field aside").click()
    dialog = page.locator("#fd-confirm")
    dialog.wait_for(state="visible")
    assert "Answers already given to it stay readable" in dialog.inner_text()
    axe_check(page)
    confirm_in_dialog(page, "Put aside")
    page.locator("#fd-toasts-status").get_by_text("The field is put aside.").wait_for()
    assert field_names(page) == ["name", "email", "topic", "message", "consent"]
    assert Field.all_objects.get(form=contact, machine_name="days").in_bin
    assert submission.answer("days").value == "mon"
    page.reload()  # nothing left unsaved, so no question on leaving
    assert "days" not in field_names(page)


def test_deleting_a_form_that_took_submissions_shows_the_refusal(logged_in_page, admin, contact):
    accept_submission(contact, {"name": "Ada", "email": "ada@example.org", "consent": "on"})
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    page.locator("[data-delete]").click()
    confirm_in_dialog(page, "Delete the form")
    refusal = page.locator("[data-refusal]")
    refusal.wait_for()
    assert "cannot be deleted; switch it off instead" in refusal.inner_text()
    assert refusal.get_attribute("role") == "alert"
    assert Form.objects.filter(pk=contact.pk).exists()
    axe_check(page)


def test_deleting_an_unused_form_returns_to_the_inbox(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    page.locator("[data-delete]").click()
    confirm_in_dialog(page, "Delete the form")
    page.wait_for_url(re.compile(r"/cms/inbox/$"))
    assert not Form.objects.filter(pk=contact.pk).exists()


def test_duplicating_opens_the_copys_editor(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    page.get_by_role("button", name="Duplicate").click()
    page.wait_for_url(lambda url: url.endswith("/edit/") and f"/forms/{contact.pk}/" not in url)
    copy = Form.objects.get(slug="contact-copy")
    assert page.url.endswith(editor_address(copy))
    assert page.get_by_label("Slug").input_value() == "contact-copy"
    assert page.get_by_label("Switched off").is_checked()
    assert field_names(page) == [field["machine_name"] for field in CONTACT_FIELDS]


def test_leaving_the_editor_with_changes_asks_first(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    page.get_by_label("Title, English").fill("Changed")
    page.get_by_role("link", name="Embedding").click()
    confirm = page.locator("#fd-confirm")
    confirm.wait_for(state="visible")
    confirm.get_by_role("button", name="Stay").click()
    assert page.url.endswith(editor_address(contact))


@pytest.mark.parametrize("options", [{"width": NARROW["width"]}, {"color_scheme": "dark"}])
def test_every_screen_passes_axe_narrow_and_dark(logged_in_page, admin, contact, options):
    page = logged_in_page(admin, **options)
    for path in (
        "/cms/inbox/forms/new/",
        editor_address(contact),
        f"/cms/inbox/forms/{contact.pk}/embedding/",
        "/cms/inbox/statuses/",
    ):
        visit(page, path)  # runs axe
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_the_form_editor_screenshots(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    visit(page, editor_address(contact))
    page.locator("#inbox-editor-fields > li").nth(2).get_by_role("button", name=re.compile("^Topic")).click()
    axe_check(page)
    screenshot(page, "inbox-form-editor-wide")
    narrow = logged_in_page(admin, width=NARROW["width"])
    visit(narrow, editor_address(contact))
    narrow.locator("#inbox-editor-fields > li").nth(2).get_by_role(
        "button", name=re.compile("^Topic")
    ).click()
    axe_check(narrow)
    assert narrow.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(narrow, "inbox-form-editor-narrow")


# --- the Embedding tab ---------------------------------------------------------------------------


def test_the_copy_button_puts_the_snippet_on_the_clipboard(logged_in_page, admin, contact):
    page = logged_in_page(admin, permissions=["clipboard-read", "clipboard-write"])
    visit(page, f"/cms/inbox/forms/{contact.pk}/embedding/")
    screenshot(page, "inbox-embedding")
    page.get_by_role("button", name="Copy the embed tag").click()
    page.locator("#fd-toasts-status").get_by_text("Copied.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == '{% load inbox %}{% inbox_form "contact" %}'


def test_without_a_clipboard_the_snippet_is_selected_to_copy_by_hand(logged_in_page, admin, contact):
    page = logged_in_page(admin)
    page.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    visit(page, f"/cms/inbox/forms/{contact.pk}/embedding/")
    page.get_by_role("button", name="Copy the address").click()
    page.locator("#fd-toasts-status").get_by_text("press Ctrl+C").wait_for()
    assert page.evaluate("getSelection().toString()") == "POST http://127.0.0.1:8000/site/forms/contact"


# --- the Statuses screen -------------------------------------------------------------------------


def status_labels(page) -> list[str]:
    return page.locator("#inbox-statuses-list > li").evaluate_all(
        "items => items.map(item => item.dataset.label)"
    )


def saved_statuses() -> list[str]:
    return [status.label["en"] for status in Status.objects.order_by("position", "id")]


def test_statuses_reordered_by_keyboard_keep_their_order_after_a_reload(logged_in_page, admin):
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/statuses/")
    before = status_labels(page)
    assert before == saved_statuses()
    with page.expect_response(lambda answer: answer.url.endswith("/statuses/sorting")) as answer:
        page.get_by_role("button", name="Move Spam up").focus()
        page.keyboard.press("Enter")
    assert answer.value.status == 204
    wanted = [*before[:3], before[4], before[3]]
    assert status_labels(page) == wanted
    assert saved_statuses() == wanted
    page.reload()
    assert status_labels(page) == wanted


def test_taking_the_arrival_flag_from_its_only_status_shows_the_rule(logged_in_page, admin):
    arrival = Status.objects.get(is_arrival=True)
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/statuses/")
    item = page.locator(f'#inbox-statuses-list > li[data-id="{arrival.pk}"]')
    item.get_by_label("New submissions arrive here").uncheck()
    item.get_by_role("button", name=f"Save {arrival}").click()
    error = item.locator(".fd-field-error")
    error.wait_for()
    assert "One status must take new submissions" in error.inner_text()
    box = item.get_by_label("New submissions arrive here")
    assert box.get_attribute("aria-invalid") == "true"
    assert Status.objects.get(pk=arrival.pk).is_arrival
    axe_check(page)


def test_giving_the_arrival_flag_to_another_status_moves_it_on_screen(logged_in_page, admin):
    old = Status.objects.get(is_arrival=True)
    new = Status.objects.filter(is_arrival=False, is_spam=False).first()
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/statuses/")
    item = page.locator(f'#inbox-statuses-list > li[data-id="{new.pk}"]')
    item.get_by_label("New submissions arrive here").check()
    item.get_by_role("button", name=f"Save {new}").click()
    page.locator("#fd-toasts-status").get_by_text("Saved.").wait_for()
    old_item = page.locator(f'#inbox-statuses-list > li[data-id="{old.pk}"]')
    expect(old_item.get_by_label("New submissions arrive here")).not_to_be_checked()
    expect(old_item.locator("[data-flags]")).not_to_contain_text("Arrival")
    expect(item.locator("[data-flags]")).to_contain_text("Arrival")
    assert Status.objects.get(is_arrival=True).pk == new.pk


def test_a_status_is_added_renamed_and_deleted(logged_in_page, admin):
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/statuses/")
    add = page.locator("#inbox-statuses-add")
    add.get_by_label("Label, English").fill("Waiting")
    add.get_by_label("Colour", exact=True).fill("#0f766e")
    add.get_by_role("button", name="Add the status").click()
    page.locator("#fd-toasts-status").get_by_text("The status is added.").wait_for()
    waiting = Status.objects.get(label__en="Waiting")
    assert waiting.colour == "#0f766e"
    item = page.locator(f'#inbox-statuses-list > li[data-id="{waiting.pk}"]')
    assert item.locator("[data-name]").inner_text() == "Waiting"
    item.get_by_label("Label, English").fill("On hold")
    item.get_by_role("button", name="Save Waiting").click()
    item.locator("[data-name]:has-text('On hold')").wait_for()
    assert Status.objects.get(pk=waiting.pk).label["en"] == "On hold"
    item.get_by_role("button", name="Delete On hold").click()
    confirm_in_dialog(page, "Delete the status")
    page.locator("#fd-toasts-status").get_by_text("The status is deleted.").wait_for()
    assert not Status.objects.filter(pk=waiting.pk).exists()
    assert item.count() == 0


def test_deleting_a_status_in_use_shows_the_reason(logged_in_page, admin, contact):
    accept_submission(contact, {"name": "Ada", "email": "ada@example.org", "consent": "on"})
    arrival = Status.objects.get(is_arrival=True)
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/statuses/")
    item = page.locator(f'#inbox-statuses-list > li[data-id="{arrival.pk}"]')
    item.get_by_role("button", name=f"Delete {arrival}").click()
    confirm_in_dialog(page, "Delete the status")
    refusal = item.locator("[data-refusal]")
    refusal.wait_for()
    assert "give that flag to another status first" in refusal.inner_text()
    assert Status.objects.filter(pk=arrival.pk).exists()


def test_the_statuses_screenshots(logged_in_page, admin):
    page = logged_in_page(admin)
    visit(page, "/cms/inbox/statuses/")
    screenshot(page, "inbox-statuses-wide")
    narrow = logged_in_page(admin, width=NARROW["width"])
    visit(narrow, "/cms/inbox/statuses/")
    assert narrow.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    screenshot(narrow, "inbox-statuses-narrow")
