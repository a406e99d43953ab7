"""The events' lines in the host's /sitemap.xml (events/apps.py, site.index_addresses): every
published event outside the bin, to come and over, dated or not; every on-site category; the
index while it is on (docs/events.md, "Sitemap")."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from frontdesk.categories.operations import bin_category, create_category
from frontdesk.events.operations import bin_event, publish_event, unpublish_event, update_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def site(settings):
    settings.BASE_URL = "https://example.org"


def events_lines() -> set[str]:
    """The sitemap's addresses under the prefix in every language, without the host."""
    body = Client().get("/sitemap.xml").content.decode()
    return set(re.findall(r"<loc>https://example\.org((?:/[a-z]{2})?/events(?:/[^<]*)?)</loc>", body))


def test_published_events_to_come_over_and_undated_and_on_site_categories(site, make_event):
    make_event("Soon", slug="soon", starts_at="2999-01-01T10:00")
    make_event("Over", slug="over", starts_at="2000-01-01T10:00")
    make_event("Undated", slug="undated")
    create_category("events", actor=None, values={"name": {"en": "Yoga"}, "slug": "yoga"})
    assert {line for line in events_lines() if line.startswith("/events/")} == {
        "/events/soon",
        "/events/over",
        "/events/undated",
        "/events/yoga",
    }
    assert {"/de/events/soon", "/ru/events/yoga"} <= events_lines()


def test_drafts_unpublished_binned_and_off_site_are_absent(site, make_event):
    make_event("Draft", slug="draft", publish=False)
    unpublish_event(make_event("Taken off", slug="taken-off"), actor=None)
    bin_event(make_event("Binned", slug="binned"), actor=None)
    create_category("events", actor=None, values={"name": {"en": "Off"}, "slug": "off", "is_shown": False})
    gone = create_category("events", actor=None, values={"name": {"en": "Gone"}, "slug": "gone"})
    bin_category(gone, actor=None)
    assert {line for line in events_lines() if line.startswith("/events/")} == set()


def test_a_draft_edit_changes_the_sitemap_only_when_published(site, make_event):
    tea = make_event("Tea", slug="tea")
    update_event(tea, actor=None, values={"slug": {"en": "tea-and-talk"}}, revision=tea.revision)
    assert "/events/tea" in events_lines() and "/events/tea-and-talk" not in events_lines()
    publish_event(tea, actor=None)
    assert "/events/tea-and-talk" in events_lines() and "/events/tea" not in events_lines()


def test_the_index_is_named_in_every_language_while_it_is_on(site, settings):
    assert {"/events", "/de/events", "/ru/events"} <= events_lines()
    settings.FRONTDESK = {**settings.FRONTDESK, "events": {"index": False}}
    assert not {"/events", "/de/events", "/ru/events"} & events_lines()
