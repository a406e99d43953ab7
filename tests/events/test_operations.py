"""The event operations (events/operations.py): a new event is a draft made in one transaction,
saves are guarded by the revision and wait in the draft, every refusal is keyed by its field and
changes nothing, dates are read in the application's zone and an all-day event runs whole days."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from frontdesk.categories.operations import create_category
from frontdesk.core.errors import Conflict
from frontdesk.events.models import Event
from frontdesk.events.operations import bin_event, create_event, publish_event, unpublish_event, update_event
from frontdesk.publishing.models import State
from frontdesk.routes.models import Route
from tests.project_fields import node, project_fields

pytestmark = pytest.mark.django_db
BERLIN = ZoneInfo("Europe/Berlin")


def refusal(call, *args, **kwargs) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        call(*args, **kwargs)
    return caught.value.message_dict


def paths(event: Event) -> dict[str, str | None]:
    return dict(Route.objects.filter(type_name="event", object_id=event.pk).values_list("language", "path"))


def test_a_new_event_is_a_draft_with_its_address_taken_from_its_title():
    event = create_event(actor=None, values={"title": {"en": "Tea and talk", "de": "Tee"}})
    assert event.state == State.DRAFT and event.revision == 1
    assert event.slug == {"en": "tea-and-talk"}
    assert paths(event) == {
        "en": "events/tea-and-talk",
        "de": "events/tea-and-talk",
        "ru": "events/tea-and-talk",
    }
    second = create_event(actor=None, values={"title": "Tea and talk"})
    assert second.slug == {"en": "tea-and-talk-2"}


def test_a_title_is_required_and_a_refused_creation_leaves_nothing():
    assert list(refusal(create_event, actor=None, values={"venue": "Hall"})) == ["title"]
    assert list(refusal(create_event, actor=None, values={"title": {"en": " "}})) == ["title"]
    errors = refusal(
        create_event,
        actor=None,
        values={
            "title": "Ok",
            "ends_at": "2027-03-12T09:00",
            "starts_at": "2027-03-12T10:00",
            "booking_url": "x",
        },
    )
    assert set(errors) == {"ends_at", "booking_url"}
    assert not Event.all_objects.exists() and not Route.objects.exists()


def test_an_unknown_value_is_refused_under_all():
    assert refusal(create_event, actor=None, values={"title": "Ok", "colour": "red"}) == {
        "__all__": ["Unknown setting: colour."]
    }


def test_writing_needs_the_manage_permission(make_user):
    with pytest.raises(PermissionDenied):
        create_event(actor=make_user("events.view"), values={"title": "Tea"})
    assert create_event(actor=make_user("events.manage"), values={"title": "Tea"}).pk


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("starts_at", "tomorrow"),
        ("starts_at", 1700000000),
        ("starts_at", "0001-01-01T00:00:00+14:00"),
        ("starts_at", "2027-13-01T10:00"),
        ("starts_at", ["2027-03-12"]),
        ("price_amount", -1),
        ("price_amount", "ten"),
        ("price_amount", True),
        ("price_amount", "NaN"),
        ("price_amount", float("inf")),
        ("price_amount", "1e40"),
        ("booking_url", "javascript:alert(1)"),
        ("booking_url", "ftp://example.org/x"),
        ("map_url", "example.org"),
        ("format", "hybrid"),
        ("venue", {"en": "Hall"}),
        ("venue", "Hall\x00"),
        ("all_day", "yes"),
        ("lead", {"en": "x" * 301}),
        ("slug", {"en": "two/parts"}),
        ("slug", {"en": "Upper"}),
        ("categories", [999999]),
        ("categories", "1,2"),
        ("services", [999999]),
        ("photos", ["nopicture"]),
        ("highlights", [{"line": {"en": "No heading"}}]),
        ("extra", {"unknown": 1}),
        ("seo", {"noindex": "maybe"}),
    ],
)
def test_a_bad_value_is_refused_under_its_field_and_nothing_changes(name, value):
    event = create_event(actor=None, values={"title": "Tea"})
    errors = refusal(update_event, event, actor=None, values={name: value}, revision=event.revision)
    assert all(key == name or key.startswith(f"{name}.") for key in errors), errors
    before = event.draft_values()
    event.refresh_from_db()
    assert event.revision == 1 and event.draft_values() == before


def test_a_stale_revision_is_a_conflict_and_changes_nothing(make_event):
    event = make_event("Tea")
    saved = update_event(event, actor=None, values={"venue": "Hall"}, revision=event.revision)
    with pytest.raises(Conflict):
        update_event(saved, actor=None, values={"venue": "Barn"}, revision=event.revision)
    saved.refresh_from_db()
    assert saved.draft_values()["venue"] == "Hall" and saved.revision == event.revision + 1


def test_edits_to_a_published_event_wait_in_the_draft_until_publish(make_event):
    event = make_event("Tea", venue="Hall")
    saved = update_event(
        event, actor=None, values={"venue": "Barn", "title": {"de": "Tee"}}, revision=event.revision
    )
    assert saved.state == State.CHANGED
    fresh = Event.objects.get(pk=event.pk)
    assert fresh.venue == "Hall" and fresh.title == {"en": "Tea"}
    published = publish_event(fresh, actor=None)
    assert published.state == State.PUBLISHED
    assert (published.venue, published.title) == ("Barn", {"en": "Tea", "de": "Tee"})
    assert unpublish_event(published, actor=None).state == State.UNPUBLISHED


def test_an_offset_less_date_is_a_time_in_the_application_zone(berlin):
    event = create_event(actor=None, values={"title": "Tea", "starts_at": "2027-03-12T10:00:00"})
    event.refresh_from_db()
    assert event.starts_at == datetime(2027, 3, 12, 10, tzinfo=BERLIN)
    summer = update_event(
        event, actor=None, values={"starts_at": "2027-07-12T10:00"}, revision=event.revision
    )
    summer.refresh_from_db()
    assert summer.starts_at == datetime(2027, 7, 12, 8, tzinfo=ZoneInfo("UTC"))


def test_the_same_moment_with_another_offset_leaves_a_published_event_published(make_event, berlin):
    event = make_event("Tea", starts_at="2027-03-12T09:00:00+00:00")
    saved = update_event(
        event, actor=None, values={"starts_at": "2027-03-12T10:00:00+01:00"}, revision=event.revision
    )
    assert saved.state == State.PUBLISHED and not saved.draft


def test_an_end_before_the_start_is_refused_under_ends_and_an_end_needs_a_start():
    event = create_event(actor=None, values={"title": "Tea", "starts_at": "2027-03-12T10:00+01:00"})
    errors = refusal(
        update_event, event, actor=None, values={"ends_at": "2027-03-12T09:59+01:00"}, revision=1
    )
    assert list(errors) == ["ends_at"]
    lone = create_event(actor=None, values={"title": "Lone"})
    assert list(refusal(update_event, lone, actor=None, values={"ends_at": "2027-03-12"}, revision=1)) == [
        "ends_at"
    ]
    same = update_event(event, actor=None, values={"ends_at": "2027-03-12T10:00+01:00"}, revision=1)
    assert same.ends_at == same.starts_at


def test_an_all_day_event_runs_from_midnight_of_its_first_day_to_the_last_moment_of_its_last(berlin):
    event = create_event(
        actor=None,
        values={
            "title": "Fair",
            "all_day": True,
            "starts_at": "2027-05-03T15:30+02:00",
            "ends_at": "2027-05-05",
        },
    )
    event.refresh_from_db()
    assert event.starts_at == datetime(2027, 5, 3, tzinfo=BERLIN)
    assert event.ends_at == datetime(2027, 5, 5, 23, 59, 59, 999999, tzinfo=BERLIN)
    one_day = create_event(actor=None, values={"title": "Day", "all_day": True, "starts_at": "2027-05-03"})
    one_day.refresh_from_db()
    assert one_day.ends_at == datetime(2027, 5, 3, 23, 59, 59, 999999, tzinfo=BERLIN)
    # Turned on later, the flag turns the stored moments into days too.
    timed = create_event(actor=None, values={"title": "Timed", "starts_at": "2027-05-03T10:00"})
    days = update_event(timed, actor=None, values={"all_day": True}, revision=1)
    assert (days.starts_at, days.ends_at) == (one_day.starts_at, one_day.ends_at)


def test_values_of_every_kind_are_kept_and_texts_cleaned():
    event = create_event(
        actor=None,
        values={
            "title": {"en": "Tea", "de": "Tee"},
            "lead": {"en": " A cup "},
            "description": {"en": "<p>Hi<script>x</script></p>", "de": "<p><br></p>"},
            "date_note": {"en": "Every Friday"},
            "price": {"en": "10 euros"},
            "format": "both",
            "venue": " Hall ",
            "price_amount": "12.50",
            "booking_url": "https://example.org/book",
            "highlights": [{"heading": {"en": "Cups"}, "line": {"en": "Bring one"}}],
        },
    )
    event.refresh_from_db()
    assert event.lead == {"en": "A cup"} and event.venue == "Hall"
    assert event.description == {"en": "<p>Hi</p>"}
    assert event.price_amount == Decimal("12.50") and event.format == "both"
    assert event.highlights[0]["heading"] == {"en": "Cups"} and event.highlights[0]["id"]


def test_categories_and_services_wait_in_the_draft():
    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}})
    talks = create_category("events", actor=None, values={"name": {"en": "Talks"}})
    event = publish_event(
        create_event(actor=None, values={"title": "Tea", "categories": [yoga.pk]}), actor=None
    )
    saved = update_event(
        event, actor=None, values={"categories": [talks.pk, yoga.pk]}, revision=event.revision
    )
    assert saved.state == State.CHANGED
    assert Event.objects.get(pk=event.pk).categories == [yoga.pk]
    assert publish_event(saved, actor=None).categories == [talks.pk, yoga.pk]
    assert Event.objects.get(pk=event.pk).categories == [talks.pk, yoga.pk]


def test_project_fields_are_checked_by_type_on_every_save():
    with project_fields(node("seats", "number", min=1), screen="events.form"):
        event = create_event(actor=None, values={"title": "Tea", "extra": {"seats": 12}})
        assert event.extra == {"seats": 12}
        assert list(refusal(update_event, event, actor=None, values={"extra": {"seats": 0}}, revision=1)) == [
            "seats"
        ]
        assert list(refusal(create_event, actor=None, values={"title": "Tee", "extra": {"seats": "x"}})) == [
            "seats"
        ]


@pytest.mark.parametrize("language", ["en", "de"])
def test_an_event_and_a_category_refuse_each_other_s_slug_under_their_own_field(language):
    create_category(
        "events", actor=None, values={"name": {"en": "Yoga"}, "slug": {"en": "yoga", "de": "yoga-de"}}
    )
    slug = "yoga" if language == "en" else "yoga-de"
    errors = refusal(create_event, actor=None, values={"title": "Tea", "slug": {"en": "tea", language: slug}})
    assert list(errors) == ["slug"]
    assert not Event.all_objects.exists()  # the row saved before the claim went with it
    event = create_event(actor=None, values={"title": "Tea", "slug": {"en": "tea", "de": "tee"}})
    theirs = "tea" if language == "en" else "tee"
    errors = refusal(
        create_category,
        "events",
        actor=None,
        values={"name": {"en": "Tea"}, "slug": {"en": "tea-c", language: theirs}},
    )
    assert list(errors) == ["slug"]
    assert Event.objects.get(pk=event.pk).slug == {"en": "tea", "de": "tee"}


def test_a_binned_event_gives_up_its_address(make_event):
    event = make_event("Tea", slug="tea")
    bin_event(event, actor=None)
    assert not Event.objects.filter(pk=event.pk).exists()
    assert create_category("events", actor=None, values={"name": {"en": "Tea"}, "slug": "tea"}).pk


def test_a_category_that_holds_an_event_cannot_be_binned(make_event):
    from frontdesk.categories.operations import bin_category
    from frontdesk.core.errors import InUse

    yoga = create_category("events", actor=None, values={"name": {"en": "Yoga"}})
    make_event("Tea", categories=[yoga.pk])
    with pytest.raises(InUse):
        bin_category(yoga, actor=None)


def test_a_published_event_s_new_slug_is_held_from_its_save(make_event):
    event = make_event("Tea", slug="tea")
    update_event(event, actor=None, values={"slug": {"en": "chai"}}, revision=event.revision)
    errors = refusal(create_category, "events", actor=None, values={"name": {"en": "Chai"}, "slug": "chai"})
    assert list(errors) == ["slug"]
    assert paths(Event.objects.get(pk=event.pk))["en"] == "events/tea"
