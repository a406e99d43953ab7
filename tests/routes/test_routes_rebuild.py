"""`frontdesk routes-rebuild` and the system check (routes/rebuild.py): after a prefix
change every former address answers one 301 to the newest, a dry run changes nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import override_settings

from frontdesk.__main__ import main
from frontdesk.routes.checks import check_route_prefixes
from frontdesk.routes.models import Alias, Route
from tests.testapp.models import RoutedEvent
from tests.testapp.routing import CATEGORY, EVENT, make_category, make_event, paths

pytestmark = pytest.mark.django_db


def rebuild(*args: str) -> str:
    out = StringIO()
    call_command("routes_rebuild", "--type", EVENT, "--type", CATEGORY, *args, stdout=out, stderr=out)
    return out.getvalue()


def rows() -> tuple[list, list]:
    return (
        sorted(Route.objects.values_list("type_name", "object_id", "language", "path")),
        sorted(Alias.objects.values_list("type_name", "object_id", "language", "path")),
    )


def test_after_two_prefix_changes_every_former_address_answers_one_301_to_the_newest(client):
    make_event({"en": "camp", "de": "lager"}, title="Summer camp")
    make_category("outdoors")
    with override_settings(TESTAPP_ROUTES_PREFIX="events"):
        assert "Changed 6 addresses of 2 objects" in rebuild()
        response = client.get("/de/happenings/lager?from=mail")
        assert (response.status_code, response["Location"]) == (301, "/de/events/lager?from=mail")
        assert client.get(response["Location"]).content == b"event: Summer camp"
    with override_settings(TESTAPP_ROUTES_PREFIX="termine"):
        rebuild()
        for former, newest in [
            ("/de/happenings/lager?from=mail", "/de/termine/lager?from=mail"),
            ("/de/events/lager", "/de/termine/lager"),
            ("/happenings/camp?a=1&b=2", "/termine/camp?a=1&b=2"),
            ("/events/camp", "/termine/camp"),
            ("/ru/happenings/outdoors", "/ru/termine/outdoors"),
        ]:
            response = client.get(former)
            assert (response.status_code, response["Location"]) == (301, newest), former
            assert client.get(newest).status_code == 200


def test_a_dry_run_reports_and_changes_nothing(client):
    make_event({"en": "camp", "de": "lager"})
    before = rows()
    with override_settings(TESTAPP_ROUTES_PREFIX="events"):
        assert "Would change 3 addresses of 1 objects" in rebuild("--dry-run")
        assert rows() == before
        assert client.get("/happenings/camp").status_code == 200


def test_an_object_whose_new_address_is_refused_keeps_its_own_and_is_reported():
    kept = make_event("cms")
    moved = make_event("camp")
    with override_settings(TESTAPP_ROUTES_PREFIX=""), pytest.raises(CommandError, match="1 objects keep"):
        rebuild()
    assert paths(kept)["en"] == "happenings/cms"
    assert paths(moved)["en"] == "camp"


def test_an_object_moves_onto_an_address_another_leaves_later_in_the_same_run():
    first, second = make_event("camp"), make_event("tent")
    RoutedEvent.objects.filter(pk=first.pk).update(slug={"en": "tent"})
    RoutedEvent.objects.filter(pk=second.pk).update(slug={"en": "lake"})
    rebuild()
    assert (paths(first)["en"], paths(second)["en"]) == ("happenings/tent", "happenings/lake")


def test_objects_in_the_bin_are_left_for_their_restore():
    from frontdesk.routes.claims import release_routes

    release_routes(make_event("camp"))
    with override_settings(TESTAPP_ROUTES_PREFIX="events"):
        assert "Changed 0 addresses of 0 objects" in rebuild()


def test_an_unknown_type_is_refused_naming_the_types():
    with pytest.raises(CommandError, match=r"Unknown route type: nope\. The route types are: .*test-event"):
        call_command("routes_rebuild", "--type", "nope")


def test_the_frontdesk_command_takes_the_name_with_a_hyphen(capsys):
    make_event("camp")
    main(["routes-rebuild", "--type", EVENT, "--dry-run"])
    assert "Would change 0 addresses of 1 objects" in capsys.readouterr().out


def test_the_check_warns_when_stored_addresses_miss_the_prefix_until_rebuilt():
    make_event("camp")
    assert check_route_prefixes() == []
    with override_settings(TESTAPP_ROUTES_PREFIX="events"):
        (warning,) = check_route_prefixes()
        assert warning.id == "frontdesk.W010"
        assert "'test-event'" in warning.msg
        assert warning.hint == "Run: frontdesk routes-rebuild --type test-event"
        rebuild()
        assert check_route_prefixes() == []


@pytest.mark.django_db(transaction=True)
def test_the_routes_migration_goes_back_and_forth():
    try:
        call_command("migrate", "core", "0004", verbosity=0)  # the migration before routes
        assert "core_route" not in connection.introspection.table_names()
    finally:
        call_command("migrate", verbosity=0)  # every app, as it was
    assert {"core_route", "core_alias"} <= set(connection.introspection.table_names())
