"""The events' panel API (/api/cms/events, docs/events.md "The panel API"): the states table of the
spec through the API, as the site shows each step (the event page and its calendar file), the
revision guard, the states discard, restore from the bin and restoring a version reach, and the
draft's preview."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from frontdesk.categories.operations import create_category
from frontdesk.events.models import Event
from frontdesk.publishing.models import Version
from frontdesk.routes.models import Route
from tests.events.conftest import send
from tests.optional import needs

pytestmark = pytest.mark.django_db


def public(address: str) -> tuple[int, str]:
    """What a visitor gets at `address`: the status and the text."""
    response = Client().get(address)
    return response.status_code, response.content.decode()


def create(staff: Client, **values: Any) -> dict[str, Any]:
    response = send(staff, "post", "", values)
    assert response.status_code == 201, response.json()
    return response.json()


def step(staff: Client, event: dict[str, Any], name: str, **body: Any) -> dict[str, Any]:
    response = send(staff, "post", f"/{event['id']}/{name}", body)
    assert response.status_code == 200, response.json()
    return response.json()


def save(staff: Client, event: dict[str, Any], **values: Any) -> dict[str, Any]:
    response = send(staff, "put", f"/{event['id']}", {"values": values, "revision": event["revision"]})
    assert response.status_code == 200, response.json()
    return response.json()


def snapshot(pk: int) -> tuple[Any, ...]:
    """Everything a refused request must leave as it was: the row's values, state, revision and
    draft, its versions and its addresses."""
    event = Event.all_objects.get(pk=pk)
    return (
        event.column_values(),
        event.state,
        event.revision,
        event.draft,
        event.deleted_at,
        list(Version.objects.filter(object_id=pk).values_list("number", "values")),
        sorted(
            Route.objects.filter(type_name="event", object_id=pk).values_list("language", "path", "pending")
        ),
    )


def test_a_new_event_without_a_title_is_refused_under_title_and_nothing_is_left(staff):
    refused = send(staff, "post", "", {"lead": {"en": "No title"}})
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["title"]
    assert not Event.all_objects.exists() and not Route.objects.filter(type_name="event").exists()


def test_a_new_event_is_a_draft_off_the_site_and_reads_back_with_a_preview_link(staff):
    created = create(staff, title={"en": "Morning yoga"}, starts_at="2027-04-01T08:00")
    assert created["state"] == "draft" and created["values"]["slug"] == {"en": "morning-yoga"}
    assert public("/events/morning-yoga")[0] == 404
    read = send(staff, "get", f"/{created['id']}").json()
    assert read["values"]["starts_at"] == "2027-04-01T08:00:00+02:00" and read["prefix"] == "events"
    assert read["preview"]["path"].startswith("/preview/") and read["revision"] == created["revision"]


def test_a_save_on_a_draft_keeps_it_a_draft_with_the_values_in_place(staff):
    created = create(staff, title={"en": "Morning yoga"})
    saved = save(staff, created, title={"en": "Evening yoga"})
    assert saved["state"] == "draft" and saved["pending"] == []
    assert saved["values"]["title"] == {"en": "Evening yoga"} and saved["revision"] > created["revision"]


def test_a_save_on_a_published_event_waits_until_publish_on_the_page_and_in_its_calendar_file(staff):
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}, "slug": {"en": "yoga"}})
    talks = create_category("events", actor=None, values={"name": {"en": "Talks"}, "slug": {"en": "talks"}})
    created = create(staff, title={"en": "Morning yoga"}, starts_at="2027-03-20T08:00", categories=[yoga.pk])
    published = step(staff, created, "publish")
    assert published["state"] == "published"
    changed = save(
        staff,
        published,
        title={"en": "Sunrise yoga"},
        starts_at="2027-04-10T06:00",
        categories=["talks"],
    )
    assert changed["state"] == "changed"
    assert set(changed["pending"]) >= {"title", "starts_at", "categories"}
    assert changed["values"]["categories"] == [talks.pk]

    status, page = public("/events/morning-yoga")
    assert status == 200 and "Morning yoga" in page and "Sunrise yoga" not in page
    assert "20 March 2027" in page and ">Yoga<" in page and ">Talks<" not in page
    status, ics = public("/events/morning-yoga.ics")
    assert status == 200 and "SUMMARY:Morning yoga" in ics and "DTSTART:20270320T070000Z" in ics

    assert step(staff, changed, "publish")["state"] == "published"
    status, page = public("/events/morning-yoga")
    assert "Sunrise yoga" in page and "10 April 2027" in page and ">Talks<" in page and ">Yoga<" not in page
    status, ics = public("/events/morning-yoga.ics")
    assert "SUMMARY:Sunrise yoga" in ics and "DTSTART:20270410T040000Z" in ics


@needs("services")
def test_services_wait_in_the_draft_until_publish_too(staff):
    from tests.services.conftest import make_service

    first = make_service("Garden design", "garden")
    second = make_service("Pond building", "ponds")
    published = step(staff, create(staff, title={"en": "Open garden"}, services=[first.pk]), "publish")
    changed = save(staff, published, services=["/services/ponds"])
    assert changed["state"] == "changed" and changed["values"]["services"] == [second.pk]
    page = public("/events/open-garden")[1]
    assert "Garden design" in page and "Pond building" not in page
    step(staff, changed, "publish")
    page = public("/events/open-garden")[1]
    assert "Pond building" in page and "Garden design" not in page


def test_unpublish_takes_the_page_and_its_calendar_file_off_the_site(staff):
    published = step(
        staff, create(staff, title={"en": "Morning yoga"}, starts_at="2027-03-20T08:00"), "publish"
    )
    assert public("/events/morning-yoga.ics")[0] == 200
    assert step(staff, published, "unpublish")["state"] == "unpublished"
    assert public("/events/morning-yoga")[0] == 404 and public("/events/morning-yoga.ics")[0] == 404


def test_delete_puts_the_event_in_the_bin_and_lets_its_address_go(staff):
    published = step(
        staff, create(staff, title={"en": "Morning yoga"}, starts_at="2027-03-20T08:00"), "publish"
    )
    assert send(staff, "delete", f"/{published['id']}").status_code == 204
    assert public("/events/morning-yoga")[0] == 404 and public("/events/morning-yoga.ics")[0] == 404
    assert send(staff, "get", f"/{published['id']}").status_code == 404
    # Publishing a binned event: the bin hides it, so the event is not found.
    assert send(staff, "post", f"/{published['id']}/publish", {}).status_code == 404
    binned = send(staff, "get", "", None).json()
    assert binned["total"] == 0
    listed = staff.get("/api/cms/events", {"trashed": "true"}).json()
    assert [row["id"] for row in listed["rows"]] == [published["id"]]
    again = create(staff, title={"en": "Morning yoga"})
    assert again["values"]["slug"] == {"en": "morning-yoga"}


def test_a_stale_revision_is_refused_with_409_and_changes_nothing(staff):
    created = create(staff, title={"en": "Morning yoga"})
    published = step(staff, created, "publish")
    current = save(staff, published, lead={"en": "Bring a mat."})
    stale = current["revision"] - 1
    before = snapshot(current["id"])
    refused = send(
        staff, "put", f"/{current['id']}", {"values": {"title": {"en": "Other"}}, "revision": stale}
    )
    assert refused.status_code == 409
    for name in ("publish", "unpublish", "discard"):
        assert send(staff, "post", f"/{current['id']}/{name}", {"revision": stale}).status_code == 409
    assert send(staff, "post", f"/{current['id']}/versions/1/restore", {"revision": stale}).status_code == 409
    assert snapshot(current["id"]) == before


def test_an_end_before_the_start_is_refused_under_ends_at(staff):
    refused = send(
        staff,
        "post",
        "",
        {"title": {"en": "Yoga"}, "starts_at": "2027-04-01T10:00", "ends_at": "2027-04-01T09:00"},
    )
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["ends_at"]
    created = create(staff, title={"en": "Yoga"}, starts_at="2027-04-01T10:00")
    before = snapshot(created["id"])
    refused = send(
        staff,
        "put",
        f"/{created['id']}",
        {"values": {"ends_at": "2027-03-31"}, "revision": created["revision"]},
    )
    assert refused.status_code == 422 and list(refused.json()["errors"]) == ["ends_at"]
    assert snapshot(created["id"]) == before


def test_discard_throws_the_edits_away_and_reaches_the_documented_state(staff):
    draft = create(staff, title={"en": "Draft yoga"})
    kept = step(staff, save(staff, draft, lead={"en": "Saved."}), "discard")
    assert kept["state"] == "draft" and kept["values"]["lead"] == {"en": "Saved."}

    changed = save(
        staff, step(staff, create(staff, title={"en": "Morning yoga"}), "publish"), title={"en": "New"}
    )
    discarded = step(staff, changed, "discard")
    assert discarded["state"] == "published" and discarded["pending"] == []
    assert discarded["values"]["title"] == {"en": "Morning yoga"}

    off = step(staff, step(staff, create(staff, title={"en": "Evening yoga"}), "publish"), "unpublish")
    edited = save(staff, off, title={"en": "Late yoga"})
    assert edited["state"] == "unpublished" and edited["pending"] == ["title"]
    thrown = step(staff, edited, "discard")
    assert thrown["state"] == "unpublished" and thrown["pending"] == []
    assert thrown["values"]["title"] == {"en": "Evening yoga"}


@pytest.mark.parametrize("state", ["draft", "published", "changed", "unpublished"])
def test_restore_from_the_bin_brings_the_event_back_in_the_state_it_had(staff, state):
    event = create(staff, title={"en": "Morning yoga"}, starts_at="2027-03-20T08:00")
    if state != "draft":
        event = step(staff, event, "publish")
    if state == "changed":
        event = save(staff, event, title={"en": "Sunrise yoga"})
    if state == "unpublished":
        event = step(staff, event, "unpublish")
    assert send(staff, "delete", f"/{event['id']}").status_code == 204
    restored = send(staff, "post", f"/{event['id']}/restore")
    assert restored.status_code == 200, restored.json()
    assert restored.json()["state"] == state and restored.json()["values"] == event["values"]
    on_site = state in ("published", "changed")
    assert public("/events/morning-yoga")[0] == (200 if on_site else 404)


def test_restoring_an_event_whose_address_was_taken_is_refused_under_slug(staff):
    event = step(staff, create(staff, title={"en": "Morning yoga"}), "publish")
    send(staff, "delete", f"/{event['id']}")
    create(staff, title={"en": "Morning yoga"})
    before = snapshot(event["id"])
    refused = send(staff, "post", f"/{event['id']}/restore")
    assert refused.status_code == 422 and "slug" in refused.json()["errors"]
    assert snapshot(event["id"]) == before


def test_versions_grow_by_one_per_publish_and_not_per_save(staff):
    event = create(staff, title={"en": "Morning yoga"})
    assert send(staff, "get", f"/{event['id']}/versions").json() == []
    event = step(staff, event, "publish")
    event = save(staff, event, title={"en": "Sunrise yoga"})
    event = save(staff, event, lead={"en": "Bring a mat."})
    assert len(send(staff, "get", f"/{event['id']}/versions").json()) == 1
    step(staff, event, "publish")
    listed = send(staff, "get", f"/{event['id']}/versions").json()
    assert [version["number"] for version in listed] == [2, 1]
    assert listed[0]["values"]["title"] == {"en": "Sunrise yoga"}


def test_restoring_a_version_waits_on_a_published_event_and_replaces_an_unpublished_ones_values(staff):
    event = step(staff, create(staff, title={"en": "Morning yoga"}), "publish")
    event = step(staff, save(staff, event, title={"en": "Sunrise yoga"}), "publish")
    restored = step(staff, event, "versions/1/restore", revision=event["revision"])
    assert restored["state"] == "changed" and restored["values"]["title"] == {"en": "Morning yoga"}
    assert "Sunrise yoga" in public("/events/morning-yoga")[1]

    off = step(staff, step(staff, restored, "discard"), "unpublish")
    back = step(staff, off, "versions/1/restore")
    assert back["state"] == "unpublished" and back["values"]["title"] == {"en": "Morning yoga"}
    assert send(staff, "post", f"/{event['id']}/versions/9/restore", {}).status_code == 404


def test_the_preview_link_shows_the_drafts_title_to_a_signed_in_viewer(staff, make_user):
    event = step(staff, create(staff, title={"en": "Morning yoga"}, starts_at="2027-03-20T08:00"), "publish")
    save(staff, event, title={"en": "Sunrise yoga"})
    link = send(staff, "get", f"/{event['id']}/preview").json()["path"]
    viewer = Client()
    viewer.force_login(make_user("events.view"))
    shown = viewer.get(link)
    assert shown.status_code == 200 and "Sunrise yoga" in shown.content.decode()
    assert "Sunrise yoga" not in public("/events/morning-yoga")[1]
    assert Client().get(link).status_code == 302  # signed out: the login page first
    stranger = Client()
    stranger.force_login(make_user())
    assert stranger.get(link).status_code == 403
