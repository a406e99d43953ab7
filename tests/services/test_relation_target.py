"""Services as the relation target "service" (publishing/relations.py): cards of the published ones in
a fixed number of queries, lookup by address, and ids an editor may choose."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from frontdesk.publishing.relations import RELATION_TARGETS, clean_relation, resolve_references
from frontdesk.services.operations import bin_service, create_service, reorder_services, update_service
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db


def test_services_register_the_target_service():
    assert RELATION_TARGETS.names()[0] == "service"


def test_cards_name_the_published_services_in_the_language_asked_in_two_queries():
    target = RELATION_TARGETS["service"]
    garden = make_service(
        {"en": "Garden", "de": "Garten"}, {"en": "garden", "de": "garten"}, lead={"de": "Pläne."}
    )
    trees = make_service("Trees", "trees")
    hidden = make_service("Hidden", "hidden")
    update_service(hidden, actor=None, values={"is_visible": False})
    binned = make_service("Binned", "binned")
    bin_service(binned, actor=None)
    many = [make_service(f"S{index}", f"s{index}") for index in range(10)]
    with CaptureQueriesContext(connection) as few:
        target.lookup_by_id([garden.pk], "de")
    with CaptureQueriesContext(connection) as lots:
        cards = target.lookup_by_id([garden.pk, trees.pk, hidden.pk, binned.pk, *(s.pk for s in many)], "de")
    assert len(few) == len(lots) == 2
    assert cards[garden.pk] == {
        "id": garden.pk,
        "url": "/de/services/garten",
        "title": "Garten",
        "lead": "Pläne.",
        "cover": None,
    }
    assert hidden.pk not in cards and binned.pk not in cards and len(cards) == 12


def test_an_editor_may_choose_a_hidden_service_but_not_one_in_the_bin_or_unknown():
    hidden = make_service("Hidden", "hidden", is_visible=False)
    binned = make_service("Binned", "binned")
    bin_service(binned, actor=None)
    assert clean_relation("service", [hidden.pk], field="services") == [hidden.pk]
    with pytest.raises(ValidationError) as caught:
        clean_relation("service", [binned.pk, 424242], field="services")
    assert caught.value.message_dict == {
        "services": [f"There is no service {binned.pk}.", "There is no service 424242."]
    }


def test_a_service_is_found_by_its_address_or_slug_in_any_language():
    garden = make_service("Garden", {"en": "garden", "de": "garten"})
    for reference in (
        "/de/services/garten",
        "services/garden",
        "garten",
        "https://example.org/services/garden",
    ):
        assert RELATION_TARGETS["service"].lookup_by_address(reference) == garden.pk
    assert RELATION_TARGETS["service"].lookup_by_address("/services/nothing") is None
    assert resolve_references("service", ["garten"], field="services") == [garden.pk]


def test_an_editor_elsewhere_is_offered_the_services_in_order_only_with_services_view(make_user):
    # What the events' editor and list filter offer (publishing/relation_targets.choices_for),
    # without importing the services module.
    from frontdesk.publishing.relation_targets import choices_for

    second = create_service(actor=None, values={"title": {"en": "Trees"}})
    first = create_service(actor=None, values={"title": {"en": "Garden"}})
    reorder_services(actor=None, ids=[first.pk, second.pk])
    binned = create_service(actor=None, values={"title": {"en": "Gone"}})
    bin_service(binned, actor=None)
    assert choices_for("service", make_user("services.view")) == [(first.pk, "Garden"), (second.pk, "Trees")]
    assert choices_for("service", make_user("events.view")) is None
    assert choices_for("nothing-registers-this", make_user("services.view")) is None
