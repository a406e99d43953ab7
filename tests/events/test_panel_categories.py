"""The events' Categories screen at /cms/events/categories/ (the host's screen for the events type)
and what counts as a category's events: the rows of the relation's table, so a binned event still
holds its categories and a category only in a published event's pending draft holds none."""

from __future__ import annotations

import pytest
from django.test import Client

from frontdesk.categories.operations import create_category
from frontdesk.core.panel.sections import SECTIONS
from frontdesk.events.operations import bin_event, update_event

pytestmark = pytest.mark.django_db

SCREEN = "/cms/events/categories/"
API = "/api/cms/events/categories"


@pytest.fixture
def category_manager(clock, make_user) -> Client:
    client = Client()
    client.force_login(make_user("events.categories.manage"))
    return client


def test_the_two_sections_stand_under_one_heading_events():
    events, categories = SECTIONS["events"], SECTIONS["events-categories"]
    assert (str(events.label), str(categories.label)) == ("Events", "Categories")
    assert str(events.group) == str(categories.group) == "Events"
    assert (events.permission, categories.permission) == ("events.view", "events.categories.manage")
    assert (events.address, categories.address) == ("events", "events/categories")


def test_the_screen_edits_name_address_shown_flag_introduction_cover_seo_and_project_fields(
    three, category_manager
):
    page = category_manager.get(f"{SCREEN}?category={three['yoga'].pk}").content.decode()
    for control in ('name="name.en"', 'name="slug.en"', 'name="is_shown"', "introduction", 'name="cover"'):
        assert control in page, control
    assert 'id="project-fields"' in page and "seo" in page.lower()
    assert page.index(">Yoga</a>") < page.index(">Talks</a>")  # the order, made first


def test_the_screen_needs_events_categories_manage(three, make_user):
    client = Client()
    client.force_login(make_user("events.view", "events.manage"))
    assert client.get(SCREEN).status_code == 403


def counts(client: Client) -> dict[str, int]:
    rows = client.get(f"{API}").json()
    return {row["name"]["en"] if isinstance(row["name"], dict) else row["name"]: row["items"] for row in rows}


def test_binned_events_still_count_and_keep_their_category_out_of_the_bin(three, category_manager):
    # Talks holds Soon only; with Soon in the bin it still holds it.
    bin_event(three["soon"], actor=None)
    page = category_manager.get(SCREEN).content.decode()
    assert 'data-items="1"' in page and 'data-items="2"' in page  # Talks 1 (binned Soon), Yoga 2
    refused = category_manager.delete(f"{API}/{three['talks'].pk}")
    assert refused.status_code == 409 and refused.json()["in_use"] == 1
    assert "holds 1 event" in refused.json()["message"] and "Talks" in refused.json()["message"]


def test_a_category_only_in_a_published_events_pending_draft_holds_no_event(three, category_manager):
    crafts = create_category(
        "events", actor=None, values={"name": {"en": "Crafts"}, "slug": {"en": "crafts"}}
    )
    soon = three["soon"]
    update_event(soon, actor=None, values={"categories": [crafts.pk]}, revision=soon.revision)
    page = category_manager.get(f"{SCREEN}?category={crafts.pk}").content.decode()
    assert "Holds 0 items." in page
    assert category_manager.delete(f"{API}/{crafts.pk}").status_code == 204
