"""Relation targets and the ordered relation (publishing/relations.py), through the test app's tours,
which hold test events in an order (tests/testapp: Tour.stops, the target "test-event")."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.publishing.relations import (
    cards_of,
    clean_relation,
    related_cards,
    resolve_references,
)
from tests.testapp.models import Tour
from tests.testapp.routing import make_event

pytestmark = pytest.mark.django_db


def tour_of(*events, name: str = "Tour") -> Tour:
    return Tour.objects.create(
        name=name, stops=clean_relation("test-event", [e.pk for e in events], field="stops")
    )


def test_the_chosen_order_is_kept_and_read_back_as_cards_in_it():
    camp, lake, hill = make_event("camp", "Camp"), make_event("lake", "Lake"), make_event("hill", "Hill")
    tour = tour_of(hill, camp, lake)
    tour.refresh_from_db()
    assert tour.stops == [hill.pk, camp.pk, lake.pk]
    cards = cards_of(tour, "stops", "en")
    assert [card["title"] for card in cards] == ["Hill", "Camp", "Lake"]
    assert cards[0] == {"id": hill.pk, "url": "/happenings/hill", "title": "Hill", "lead": "", "cover": None}


def test_an_id_that_does_not_exist_is_refused_under_the_field_naming_it():
    camp = make_event("camp")
    with pytest.raises(ValidationError) as caught:
        clean_relation("test-event", [camp.pk, 99999, 99998], field="stops")
    assert caught.value.message_dict == {"stops": ["There is no event 99999.", "There is no event 99998."]}


@pytest.mark.parametrize("given", ["1,2", [True], ["7"], [0], [2**63], {"a": 1}])
def test_what_is_not_a_list_of_ids_is_refused_under_the_field(given):
    with pytest.raises(ValidationError) as caught:
        clean_relation("test-event", given, field="stops")
    assert list(caught.value.message_dict) == ["stops"]


def test_a_repeated_id_keeps_its_first_place():
    camp, lake = make_event("camp"), make_event("lake")
    assert clean_relation("test-event", [lake.pk, camp.pk, lake.pk], field="stops") == [lake.pk, camp.pk]


def test_an_object_gone_since_or_not_published_is_left_out_when_read():
    camp, lake, hidden = make_event("camp", "Camp"), make_event("lake", "Lake"), make_event("hid", "Hidden")
    tour = tour_of(camp, lake, hidden)
    lake.delete()
    assert [card["title"] for card in cards_of(tour, "stops", "en")] == ["Camp"]


def test_reading_the_cards_of_many_holders_costs_the_same_queries_as_of_one():
    events = [make_event(f"stop-{index}", f"Stop {index}") for index in range(12)]
    one = [tour_of(events[0], name="one")]
    many = [tour_of(*events[index : index + 6], name=f"t{index}") for index in range(6)]
    with CaptureQueriesContext(connection) as few:
        related_cards(one, "stops", "en")
    with CaptureQueriesContext(connection) as lots:
        found = related_cards(many, "stops", "en")
    assert len(lots) == len(few) == 2
    assert [card["title"] for card in found[many[1].pk]] == [f"Stop {index}" for index in range(1, 7)]


def test_references_by_address_are_resolved_in_order_and_an_unknown_one_is_refused():
    camp, lake = make_event("camp"), make_event("lake")
    assert resolve_references("test-event", ["/happenings/lake", camp.pk, str(lake.pk)], field="stops") == [
        lake.pk,
        camp.pk,
        lake.pk,
    ]
    with pytest.raises(ValidationError) as caught:
        resolve_references("test-event", ["/happenings/nowhere"], field="stops")
    assert caught.value.message_dict == {"stops": ["There is no event at /happenings/nowhere."]}


def test_a_target_no_installed_module_registers_has_no_objects():
    """Events without the services module: the holder's field stays, every id is refused, a list
    held already is accepted again and reads as no cards (nothing raises)."""
    from frontdesk.publishing.relation_targets import RELATION_TARGETS

    camp = make_event("camp", "Camp")
    tour = tour_of(camp)
    with RELATION_TARGETS.scratch() as targets:
        del targets["test-event"]
        with pytest.raises(ValidationError) as caught:
            clean_relation("test-event", [camp.pk], field="stops")
        assert caught.value.message_dict == {"stops": [f"There is no test-event {camp.pk}."]}
        assert clean_relation("test-event", [], field="stops") == []
        with pytest.raises(ValidationError) as caught:
            resolve_references("test-event", ["/happenings/camp"], field="stops")
        assert list(caught.value.message_dict) == ["stops"]
        tour.refresh_from_db()
        tour.full_clean()  # the ids it holds are not asked again
        assert cards_of(tour, "stops", "en") == []
