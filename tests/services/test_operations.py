"""The services' rules (services/operations.py): creating, changing by language, the model's rules
of one row, permissions, the log, the bin and the order."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from frontdesk.core import log
from frontdesk.routes.serving import addresses_of
from frontdesk.services.models import Service
from frontdesk.services.operations import (
    bin_service,
    create_service,
    reorder_services,
    restore_service,
    update_service,
)
from frontdesk.services.queries import in_order
from tests.project_fields import node, project_fields
from tests.services.conftest import make_service

pytestmark = pytest.mark.django_db


def refusal(action) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        action()
    return caught.value.message_dict


def test_a_new_service_gets_an_address_in_every_language_and_goes_last():
    first = make_service("Garden design", {"en": "garden-design", "de": "gartenplanung"})
    second = make_service("Tree care", "tree-care", lead={"en": "Pruning."})
    assert addresses_of(first) == {
        "en": "/services/garden-design",
        "de": "/de/services/gartenplanung",
        "ru": "/ru/services/garden-design",
    }
    assert [service.pk for service in in_order()] == [first.pk, second.pk]
    assert second.lead == {"en": "Pruning."} and second.is_visible is True


def test_without_a_slug_the_title_in_the_default_language_makes_one():
    service = make_service({"en": "Tree Care & Felling", "de": "Baumpflege"})
    assert service.slug == {"en": "tree-care-felling"}
    with pytest.raises(ValidationError) as caught:
        make_service({"ru": "Уход за деревьями"})
    assert "slug" in caught.value.message_dict


def test_a_change_names_some_languages_and_keeps_the_others():
    service = make_service(
        {"en": "Garden design", "de": "Gartenplanung"}, lead={"en": "Plans.", "de": "Pläne."}
    )
    changed = update_service(
        service, actor=None, values={"title": {"de": "Gartengestaltung"}, "lead": {"en": ""}}
    )
    assert changed.title == {"en": "Garden design", "de": "Gartengestaltung"}
    assert changed.lead == {"de": "Pläne."}


@pytest.mark.parametrize(
    ("values", "key"),
    [
        ({"slug": {"en": "Garden Design"}}, "slug"),
        ({"slug": {"en": "a" * 101}}, "slug"),
        ({"slug": {"xx": "garden"}}, "slug"),
        ({"title": {"en": ""}}, "title"),
        ({"title": {"en": "x" * 201}}, "title"),
        ({"lead": {"en": "x" * 1001}}, "lead"),
        ({"is_visible": "yes"}, "is_visible"),
        ({"colour": "red"}, "__all__"),
    ],
)
def test_a_bad_value_is_refused_under_its_name_and_nothing_changes(values, key):
    service = make_service("Garden design", "garden-design")
    assert key in refusal(lambda: update_service(service, actor=None, values=values))
    service.refresh_from_db()
    assert service.title == {"en": "Garden design"} and service.slug == {"en": "garden-design"}


def test_the_model_refuses_a_bad_slug_in_the_operations_words():
    service = Service(title={"en": "Garden"}, slug={"en": "Not A Slug"})
    with pytest.raises(ValidationError) as caught:
        service.full_clean()
    words = refusal(lambda: make_service("Garden", "Not A Slug"))["slug"]
    assert caught.value.message_dict["slug"] == words


def test_an_address_another_object_holds_is_refused_under_slug_naming_it():
    make_service("Garden design", {"en": "garden", "de": "garten"})
    messages = refusal(lambda: make_service("Gardens", {"en": "gardens", "de": "garten"}))["slug"]
    assert messages == ["The address /de/services/garten is already taken."]
    assert Service.all_objects.count() == 1


def test_an_account_without_services_manage_changes_nothing(make_user):
    viewer = make_user("services.view")
    service = make_service()
    with pytest.raises(PermissionDenied):
        create_service(actor=viewer, values={"title": "Tree care"})
    with pytest.raises(PermissionDenied):
        update_service(service, actor=viewer, values={"title": "Other"})
    with pytest.raises(PermissionDenied):
        bin_service(service, actor=viewer)
    with pytest.raises(PermissionDenied):
        reorder_services(actor=viewer, ids=[service.pk])
    assert Service.objects.get().title == {"en": "Garden design"}


def test_creating_and_changing_write_log_lines_and_a_save_that_changes_nothing_writes_none(make_user):
    editor = make_user("services.view", "services.manage")
    service = create_service(actor=editor, values={"title": {"en": "Garden"}, "slug": {"en": "garden"}})
    update_service(service, actor=editor, values={"title": {"de": "Garten"}})
    update_service(service, actor=editor, values={"title": {"de": "Garten"}})
    lines = list(log.log_of(service))
    assert [line.action for line in lines] == ["service.created", "service.changed"]
    assert lines[1].changes == {"title": [{"en": "Garden"}, {"en": "Garden", "de": "Garten"}]}
    assert lines[1].actor == editor


def test_the_bin_takes_a_service_off_and_restore_brings_it_back_at_its_place():
    first, second = make_service("One", "one"), make_service("Two", "two")
    bin_service(first, actor=None)
    assert [service.pk for service in in_order()] == [second.pk]
    assert [service.pk for service in in_order(trashed=True)] == [first.pk]
    assert addresses_of(first) == {}
    restore_service(first, actor=None)
    assert [service.pk for service in in_order()] == [first.pk, second.pk]
    assert addresses_of(first)["en"] == "/services/one"
    assert [line.action for line in log.log_of(first)][-2:] == ["service.binned", "service.restored"]


def test_restore_is_refused_when_another_took_the_address_meanwhile():
    first = make_service("One", "one")
    bin_service(first, actor=None)
    make_service("Other one", "one")
    assert "slug" in refusal(lambda: restore_service(first, actor=None))
    assert Service.objects.filter(pk=first.pk).count() == 0


def test_the_order_names_every_service_outside_the_bin_exactly_once():
    one, two, three = (make_service(title, title.lower()) for title in ("One", "Two", "Three"))
    reorder_services(actor=None, ids=[three.pk, one.pk, two.pk])
    assert [service.pk for service in in_order()] == [three.pk, one.pk, two.pk]
    assert "order" in refusal(lambda: reorder_services(actor=None, ids=[three.pk, one.pk]))
    assert "order" in refusal(lambda: reorder_services(actor=None, ids=[three.pk, one.pk, two.pk, two.pk]))
    assert "order" in refusal(lambda: reorder_services(actor=None, ids=["x"]))
    bin_service(two, actor=None)
    reorder_services(actor=None, ids=[one.pk, three.pk])
    assert [service.pk for service in in_order()] == [one.pk, three.pk]


def test_project_fields_of_the_services_form_are_judged_and_merged():
    with project_fields(
        node("price", "number", min=0), node("note", "text", localized=True), screen="services.form"
    ):
        service = make_service(extra={"price": 120, "note": {"en": "From"}})
        update_service(service, actor=None, values={"extra": {"note": {"de": "Ab"}}})
        service.refresh_from_db()
        assert service.extra == {"price": 120, "note": {"en": "From", "de": "Ab"}}
        assert "price" in refusal(
            lambda: update_service(service, actor=None, values={"extra": {"price": -1}})
        )
        assert "extra.nope" in refusal(
            lambda: update_service(service, actor=None, values={"extra": {"nope": 1}})
        )
