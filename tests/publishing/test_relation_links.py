"""The ordered relation kept in the through table (publishing/relation_field.py): the reverse
question answered by an index on every database, and a versioned holder drafting, previewing,
publishing and restoring its relation with no code of its own (the test app's tours, a
`Versioned` model declaring only `versioned_fields = ("name", "stops")`)."""

from __future__ import annotations

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client

from frontdesk.publishing import versions
from frontdesk.publishing.models import RelationLink, State
from frontdesk.publishing.preview import preview_link
from frontdesk.publishing.relations import MAX_RELATED, related_cards, related_to
from tests.testapp.models import Tour
from tests.testapp.routing import make_event

pytestmark = pytest.mark.django_db


def published_tour(*events, name: str = "Tour") -> Tour:
    return versions.publish(None, Tour.objects.create(name=name, stops=[event.pk for event in events]))


def stored_stops(tour: Tour) -> list[int]:
    """What the site shows: the tour read again from the database."""
    return Tour.objects.get(pk=tour.pk).stops


# --- Related to --------------------------------------------------------------------------------


def test_related_to_answers_the_holders_of_any_of_the_objects_asked_for():
    camp, lake, hill = make_event("camp"), make_event("lake"), make_event("hill")
    north = Tour.objects.create(name="north", stops=[camp.pk, lake.pk])
    south = Tour.objects.create(name="south", stops=[hill.pk, camp.pk])
    Tour.objects.create(name="west", stops=[hill.pk])
    Tour.objects.create(name="empty")

    def names(*events) -> list[str]:
        query = related_to(Tour.objects.order_by("name"), "stops", [event.pk for event in events])
        return list(query.values_list("name", flat=True))

    assert names(camp) == ["north", "south"]
    assert names(lake, hill) == ["north", "south", "west"]
    assert names() == []
    assert list(related_to(Tour.objects.all(), "stops", [True, -1, 2**64, "7"])) == []  # not ids
    south.stops = [hill.pk]
    south.save()
    assert names(camp) == ["north"]
    north.delete()
    assert names(camp) == [] and not RelationLink.objects.filter(holder_id=north.pk, field="stops").exists()


def _index_columns(table: str) -> list[list[str]]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return [info["columns"] for info in constraints.values() if info["index"] or info["unique"]]


def test_related_to_reads_an_index_on_target_and_holder():
    camp = make_event("camp")
    Tour.objects.create(name="north", stops=[camp.pk])
    assert ["target", "target_id", "holder_type_id", "holder_id"] in _index_columns(
        RelationLink._meta.db_table
    )
    query = related_to(Tour.objects.all(), "stops", [camp.pk])
    if connection.vendor == "postgresql":
        # Links held by other tours to other targets, and fresh statistics, so the planner weighs
        # a table like a site's rather than one of a single row (which it reads whole, or by
        # whichever index comes first once sequential reads are off).
        tour = ContentType.objects.get_for_model(Tour)
        RelationLink.objects.bulk_create(
            RelationLink(holder_type=tour, holder_id=10_000 + n, field="stops", target="test-event",
                         target_id=10_000 + n, position=0)
            for n in range(500)
        )  # fmt: skip
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {RelationLink._meta.db_table}")
            cursor.execute("SET LOCAL enable_seqscan = off")
    # SQLite and PostgreSQL name the index they search; MariaDB lists it among the keys it may read
    # (a one-row table is read whole there; docs/performance.md shows it read with more rows).
    assert "relation_link_related_to" in query.explain()


def test_the_lists_of_rows_read_from_the_database_cost_one_query_however_many(django_assert_num_queries):
    events = [make_event(f"stop-{index}", f"Stop {index}") for index in range(6)]
    for index in range(5):
        Tour.objects.create(name=f"t{index}", stops=[event.pk for event in events[index:]])
    tours = list(Tour.objects.order_by("name"))
    with django_assert_num_queries(3):  # the lists, then the target's two (events, addresses)
        cards = related_cards(tours, "stops", "en")
    assert [card["title"] for card in cards[tours[4].pk]] == ["Stop 4", "Stop 5"]
    with django_assert_num_queries(0):
        assert tours[0].stops == [event.pk for event in events]  # read once, kept on the row


# --- Lists -------------------------------------------------------------------------------------


def test_a_list_is_judged_by_full_clean_under_the_field():
    camp = make_event("camp")
    tour = Tour(name="t", stops=[camp.pk, 99999])
    with pytest.raises(ValidationError) as caught:
        tour.full_clean()
    assert caught.value.message_dict == {"stops": ["There is no event 99999."]}
    with pytest.raises(ValidationError) as caught:
        Tour(name="t", stops=list(range(1, MAX_RELATED + 2)))
    assert caught.value.messages == [f"Give at most {MAX_RELATED} ids."]


def test_an_object_gone_since_it_was_chosen_does_not_refuse_the_next_save():
    camp, lake = make_event("camp", "Camp"), make_event("lake", "Lake")
    tour = published_tour(camp, lake)
    lake.delete()
    saved = versions.save_draft(None, tour, values={"name": "Renamed"}, revision=tour.revision)
    assert saved.draft == {"name": "Renamed"}


# --- Versions ----------------------------------------------------------------------------------


def test_a_relation_waits_in_the_draft_until_published():
    camp, lake, hill = make_event("camp"), make_event("lake"), make_event("hill")
    tour = published_tour(camp, lake)
    tour = versions.save_draft(None, tour, values={"stops": [hill.pk, camp.pk]}, revision=tour.revision)
    assert tour.state == State.CHANGED and tour.draft == {"stops": [hill.pk, camp.pk]}
    assert stored_stops(tour) == [camp.pk, lake.pk]  # the site still shows the published list
    assert list(related_to(Tour.objects.all(), "stops", [hill.pk])) == []
    tour = versions.publish(None, tour, revision=tour.revision)
    assert stored_stops(tour) == [hill.pk, camp.pk] and tour.draft is None
    assert [version.values["stops"] for version in versions.versions_of(tour)] == [
        [camp.pk, lake.pk],
        [hill.pk, camp.pk],
    ]
    assert list(related_to(Tour.objects.all(), "stops", [hill.pk])) == [tour]


def test_saving_the_published_list_again_leaves_nothing_pending_and_a_bad_id_is_refused():
    camp, lake = make_event("camp"), make_event("lake")
    tour = published_tour(camp, lake)
    tour = versions.save_draft(None, tour, values={"stops": [camp.pk, lake.pk]}, revision=tour.revision)
    assert tour.state == State.PUBLISHED and tour.draft is None
    for bad, message in (([424242], "There is no event 424242."), ("1,2", "Give a list of ids.")):
        with pytest.raises(ValidationError) as caught:
            versions.save_draft(None, tour, values={"stops": bad}, revision=tour.revision)
        assert caught.value.message_dict == {"stops": [message]}
    assert Tour.objects.get(pk=tour.pk).revision == tour.revision  # nothing stored


def test_a_version_restored_brings_its_list_back_into_the_draft():
    camp, lake = make_event("camp"), make_event("lake")
    tour = published_tour(camp, lake)
    tour = versions.save_draft(None, tour, values={"stops": [lake.pk]}, revision=tour.revision)
    tour = versions.publish(None, tour, revision=tour.revision)
    tour = versions.restore_version(None, tour, 1, revision=tour.revision)
    assert tour.draft == {"stops": [camp.pk, lake.pk]} and stored_stops(tour) == [lake.pk]


def test_a_draft_that_was_never_published_keeps_its_list_in_the_rows():
    camp, lake = make_event("camp"), make_event("lake")
    tour = Tour.objects.create(name="new")
    tour = versions.save_draft(None, tour, values={"stops": [lake.pk, camp.pk]}, revision=tour.revision)
    assert tour.state == State.DRAFT and tour.draft is None
    assert stored_stops(tour) == [lake.pk, camp.pk]


def test_the_preview_shows_the_drafted_list_and_saves_nothing(make_user):
    camp, lake, hill = make_event("camp", "Camp"), make_event("lake", "Lake"), make_event("hill", "Hill")
    tour = published_tour(camp, lake)
    tour = versions.save_draft(None, tour, values={"stops": [hill.pk, camp.pk]}, revision=tour.revision)
    editor = Client()
    editor.force_login(make_user("testapp.change_tour"))
    response = editor.get(preview_link("test.tour", tour))
    assert response.status_code == 200
    assert '<ol class="test-stops"><li>Hill</li><li>Camp</li></ol>' in response.content.decode()
    assert stored_stops(tour) == [camp.pk, lake.pk]
