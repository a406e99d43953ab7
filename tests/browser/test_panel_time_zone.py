"""The panel's scripts show moments in the application's time zone, not the browser's
(core/static/frontdesk/js/datetime.js): a browser half a world away from the site reads the same
calendar dates the server prints, and a datetime-local value means the site's wall time."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest
from django.utils import formats, timezone
from playwright.sync_api import expect

from frontdesk.core.models import Note
from frontdesk.inbox.operations import accept_submission, create_form
from tests.browser.conftest import visit

# 25 hours apart: at any moment the two zones' calendars show different days.
APP_ZONE, BROWSER_ZONE = "Pacific/Kiritimati", "Pacific/Pago_Pago"


def short_date(moment, zone: str) -> str:
    """The date as English's short style writes it (Intl, dateStyle "short"): 11/28/26."""
    local = moment.astimezone(ZoneInfo(zone))
    return f"{local.month}/{local.day}/{local.year % 100:02d}"


def test_a_note_added_in_a_far_away_browser_shows_the_sites_date(
    settings, logged_in_page, admin_user, site_url
):
    settings.TIME_ZONE = APP_ZONE
    form = create_form(
        actor=None,
        values={"slug": "contact", "title": {"en": "Contact"}},
        fields=[
            {"machine_name": "message", "type": "textarea", "label": {"en": "Message"}, "required": True}
        ],
    )
    submission = accept_submission(form, {"message": "Please call me back."})[0]
    page = logged_in_page(admin_user, timezone_id=BROWSER_ZONE)
    visit(page, f"/cms/inbox/submissions/{submission.pk}/")
    assert page.evaluate("document.documentElement.dataset.timeZone") == APP_ZONE

    page.get_by_label("Add a note").fill("Called back.")
    page.get_by_role("button", name="Add the note").click()
    shown = page.locator("[data-notes] li time").last
    expect(shown).to_be_visible()
    created = Note.objects.get(object_id=str(submission.pk)).created_at
    assert shown.inner_text().startswith(short_date(created, APP_ZONE) + ",")
    assert short_date(created, BROWSER_ZONE) not in shown.inner_text()
    # The server prints the same moment in the same zone when the page comes back.
    page.reload()
    printed = formats.date_format(timezone.localtime(created), "SHORT_DATETIME_FORMAT")
    expect(page.locator("[data-notes] li time").last).to_have_text(printed)
    assert printed.startswith(f"{created.astimezone(ZoneInfo(APP_ZONE)):%m/%d/%Y}")


HELPER = """async ([moment, values]) => {
    const helper = await import("/static/frontdesk/js/datetime.js");
    return {
        shown: helper.formatMoment(moment, { dateStyle: "long", timeStyle: "short" }),
        input: helper.toInputValue(moment),
        read: values.map((value) => helper.fromInputValue(value)),
        back: values.map((value) => helper.toInputValue(helper.fromInputValue(value))),
    };
}"""


@pytest.mark.parametrize(
    ("app_zone", "browser_zone"), [("Europe/Berlin", "America/New_York"), ("America/New_York", "Asia/Tokyo")]
)
def test_the_date_helper_reads_and_writes_the_sites_wall_time(
    settings, logged_in_page, admin_user, app_zone, browser_zone
):
    settings.TIME_ZONE = app_zone
    page = logged_in_page(admin_user, timezone_id=browser_zone)
    # 23:30 UTC on the Saturday before Europe's clocks go forward.
    values = ["2026-03-29T00:30", "2026-03-29T02:30", "2026-10-25T02:30", "2026-03-08T02:30", "", "tomorrow"]
    found = page.evaluate(HELPER, ["2026-03-28T23:30:00Z", values])
    if app_zone == "Europe/Berlin":
        assert found["shown"] == "March 29, 2026 at 12:30 AM"
        assert found["input"] == "2026-03-29T00:30"
        assert found["read"][:3] == [
            "2026-03-29T00:30:00+01:00",
            "2026-03-29T03:30:00+02:00",  # 02:30 is skipped: the clock shows 03:30 after the change
            "2026-10-25T02:30:00+02:00",  # 02:30 comes twice: the first
        ]
    else:
        assert found["shown"] == "March 28, 2026 at 7:30 PM"
        assert found["input"] == "2026-03-28T19:30"
        assert found["read"][3] == "2026-03-08T03:30:00-04:00"  # skipped in New York
        assert found["read"][0] == "2026-03-29T00:30:00-04:00"
    assert found["read"][4:] == [None, None]
    assert found["back"][0] == "2026-03-29T00:30"
