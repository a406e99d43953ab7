"""`frontdesk events_seed_bench` (docs/events.md, "Seeding 100k events"): every kind of event the
panel lists, made as the operations would leave them (addresses, category links, versions), so
the seeded events are listed, filtered and opened like any other."""

from __future__ import annotations

from collections import Counter
from datetime import datetime

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from frontdesk.categories.models import Category
from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.events import queries
from frontdesk.events.models import CATEGORY_TYPE, Event
from frontdesk.publishing.models import State, Version, in_application_zone
from frontdesk.routes.models import Route

pytestmark = pytest.mark.django_db
EVENTS = 300


def seed(**options) -> None:
    call_command("events_seed_bench", events=options.pop("events", EVENTS), verbosity=0, **options)


def days(event: Event) -> int:
    assert event.starts_at and event.ends_at
    first, last = (in_application_zone(moment).date() for moment in (event.starts_at, event.ends_at))
    return (last - first).days + 1


@pytest.fixture
def seeded(clock: datetime) -> list[Event]:
    seed()
    return list(Event.all_objects.order_by("pk"))


def test_the_seed_makes_every_kind_of_event_the_panel_lists(seeded, clock):
    states = Counter(event.state for event in seeded)
    assert len(seeded) == EVENTS
    assert all(states[state] for state in State), states  # drafts, published, with edits, unpublished
    assert all(event.draft for event in seeded if event.state == State.CHANGED)
    dated = [event for event in seeded if event.starts_at]
    assert any(event.date_note and not event.starts_at for event in seeded)  # undated, a date in words
    assert any(event.starts_at > clock for event in dated) and any(
        event.end_moment < clock for event in dated
    )
    all_day = [event for event in dated if event.all_day]
    assert any(days(event) == 1 for event in all_day) and any(days(event) > 1 for event in all_day)
    assert any(days(event) > 1 for event in dated if not event.all_day and event.ends_at)
    assert any(event.ends_at is None for event in dated)  # a start only
    assert any(event.deleted_at for event in seeded)  # in the bin
    assert any(event.title.get("de") and event.slug.get("de") for event in seeded)
    links = Counter(len(event.categories) for event in seeded)
    assert links[0] and links[1] and links[2]
    assert Category.objects.filter(type=CATEGORY_TYPE).count() == 8


def ids(events) -> list[int]:
    return [event.pk for event in events]


def test_every_seeded_event_is_in_one_tab_and_the_filters_find_them(seeded, clock):
    binned = {event.pk for event in seeded if event.deleted_at}
    upcoming = ids(queries.panel_events(when="upcoming"))
    past = set(ids(queries.panel_events(when="past")))
    assert upcoming and past and not set(upcoming) & past
    assert set(upcoming) | past == set(ids(queries.panel_events(when="all")))
    assert set(upcoming) | past | binned == {event.pk for event in seeded}
    assert set(ids(queries.panel_events(trashed=True))) == binned
    # Upcoming, read in turn (no date, then dated), is the one ordered query's list.
    assert upcoming == ids(queries.upcoming(Event.objects.all()))
    in_two = next(event for event in seeded if len(event.categories) == 2 and not event.deleted_at)
    for category in in_two.categories:
        assert in_two.pk in ids(queries.panel_events(when="all", categories=[category]))
    page = paginate(queries.panel_events(when="past"), PageQuery(page=2, per_page=25))
    assert page["total"] == len(past) and len(page["rows"]) == 25


def test_a_seeded_event_opens_at_its_address_in_each_language_as_the_site_shows_it(seeded, client):
    shown = next(event for event in seeded if event.state == State.PUBLISHED and not event.deleted_at
                 and event.slug.get("de"))  # fmt: skip
    assert client.get(f"/events/{shown.slug['en']}").status_code == 200
    german = client.get(f"/de/events/{shown.slug['de']}")
    assert german.status_code == 200 and shown.title["de"] in german.content.decode()
    assert Version.objects.filter(object_id=shown.pk, number=1).exists()
    for hidden in (
        next(event for event in seeded if event.state == State.DRAFT and not event.deleted_at),
        next(event for event in seeded if event.deleted_at),
    ):
        assert client.get(f"/events/{hidden.slug['en']}").status_code == 404
    courses = Category.objects.get(type=CATEGORY_TYPE, slug__en="bench-courses")
    assert client.get("/events/bench-courses").status_code == 200 and courses.name["de"] == "Kurse"


def test_every_address_is_one_events_in_each_language_and_a_binned_ones_is_free(seeded):
    rows = Route.all_objects.filter(type_name=queries.ROUTE_TYPE)
    taken = [(language, path) for language, path in rows.values_list("language", "path") if path]
    assert len(taken) == len(set(taken))
    binned = next(event for event in seeded if event.deleted_at)
    assert not rows.filter(object_id=binned.pk, path__isnull=False).exists()


def test_the_seed_refuses_a_database_with_events_and_adds_to_it_with_append(make_event, clock):
    make_event("Tea and talk")
    with pytest.raises(CommandError, match="already has events"):
        seed(events=10)
    seed(events=10, append=True)
    seed(events=10, append=True)
    assert Event.all_objects.count() == 21
    slugs = [event.slug["en"] for event in Event.all_objects.exclude(slug__en="tea-and-talk")]
    assert sorted(slugs, key=lambda slug: int(slug.split("-")[1])) == [f"bench-{n}" for n in range(1, 21)]
    assert Category.objects.filter(type=CATEGORY_TYPE).count() == 8  # the second run reuses them


def test_remove_takes_out_the_seeded_events_and_categories_and_nothing_else(make_event, clock):
    seed(events=10)
    kept = make_event("Tea and talk")
    call_command("events_seed_bench", remove=True, verbosity=0)
    assert list(Event.all_objects.all()) == [kept]
    assert not Category.all_objects.filter(type=CATEGORY_TYPE).exists()
    routes = Route.all_objects.filter(type_name__in=[queries.ROUTE_TYPE, queries.CATEGORY_ROUTE_TYPE])
    assert set(routes.values_list("object_id", flat=True)) == {kept.pk}


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's query plan")
def test_page_one_of_past_reads_its_index_on_sqlite(seeded):
    plan = queries.panel_events(when="past")[:25].explain()
    assert "event_ends" in plan and "TEMP B-TREE" not in plan
