"""The events' settings (events/conf.py, checks.py): each key from its environment variable,
the defaults, and system checks that stop the site at start-up with one line saying what is
wrong (an empty or unusable prefix, a currency that is no ISO 4217 code, per-page below 1, a
middleware that cannot be imported)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from frontdesk.events.conf import events_prefix, events_settings
from tests.sections import section_from_environment


def events_section(tmp_path, **environment: str) -> dict:
    return section_from_environment(tmp_path, "events", cleared=("FRONTDESK_EVENTS",), **environment)


def test_the_environment_sets_each_key_it_names_and_nothing_else(tmp_path):
    assert events_section(tmp_path) == {}
    assert events_section(
        tmp_path,
        FRONTDESK_EVENTS_PREFIX="workshops",
        FRONTDESK_EVENTS_INDEX="false",
        FRONTDESK_EVENTS_PER_PAGE="12",
        FRONTDESK_EVENTS_CURRENCY="EUR",
        FRONTDESK_EVENTS_BREADCRUMBS="false",
    ) == {"prefix": "workshops", "index": False, "per-page": 12, "currency": "EUR", "breadcrumbs": False}
    assert events_section(tmp_path, FRONTDESK_EVENTS_PREFIX="") == {"prefix": ""}


def test_the_defaults(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "events": {}}
    assert events_prefix() == "events"
    chosen = events_settings()
    assert (chosen["index"], chosen["per-page"], chosen["currency"], chosen["breadcrumbs"]) == (
        True,
        24,
        "",
        True,
    )
    assert chosen["layout"] == "" and chosen["middleware"] == []


def test_a_site_that_sets_one_view_keeps_the_others(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "events": {"views": {"event": "site/our-event.html"}}}
    assert events_settings()["views"] == {
        "index": "events/site/index.html",
        "category": "events/site/category.html",
        "event": "site/our-event.html",
    }


@pytest.mark.parametrize(
    ("given", "check_id"),
    [
        ({"prefix": ""}, "E120"),
        ({"prefix": " / "}, "E120"),
        ({"prefix": "cms"}, "E121"),
        ({"prefix": "Our Events"}, "E121"),
        ({"per-page": 0}, "E122"),
        ({"per-page": "24"}, "E122"),
        ({"currency": "euro"}, "E123"),
        ({"currency": "eur"}, "E123"),
        ({"currency": "XYZ"}, "E123"),
        ({"middleware": "tests.Nothing"}, "E124"),
        ({"middleware": ["frontdesk.nowhere.Middleware"]}, "E124"),
    ],
)
def test_a_setting_the_service_cannot_work_with_stops_the_checks(db, settings, given, check_id):
    settings.FRONTDESK = {**settings.FRONTDESK, "events": given}
    with pytest.raises(SystemCheckError, match=rf"frontdesk\.{check_id}"):
        call_command("check")


def test_good_settings_pass(db, settings):
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "events": {"prefix": "workshops", "per-page": 1, "currency": "EUR", "middleware": []},
    }
    call_command("check")


@pytest.mark.parametrize("command", [["check"], ["serve", "--port", "0"]])
def test_the_site_stops_with_one_line_saying_why_when_the_prefix_is_empty(tmp_path, command):
    result = subprocess.run(
        [sys.executable, "-m", "frontdesk", *command],
        # The embedded database: the test run's server database is not made for another process.
        env={
            **os.environ,
            "FRONTDESK_VAR_DIR": str(tmp_path),
            "FRONTDESK_EVENTS_PREFIX": "",
            "DATABASE_URL": "",
        },
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode != 0
    reasons = [line for line in result.stderr.splitlines() if "frontdesk.E120" in line]
    assert len(reasons) == 1 and 'FRONTDESK["events"]["prefix"] is empty' in reasons[0], result.stderr


def test_the_prefix_may_be_the_path_the_modules_own_index_keeps(db, settings):
    from frontdesk.routes.registry import RESERVED_PATHS, ReservedPath

    settings.FRONTDESK = {**settings.FRONTDESK, "events": {"prefix": "workshops"}}
    with RESERVED_PATHS.temporarily("events-index-test", ReservedPath(path=lambda: "workshops", exact=True)):
        call_command("check")
