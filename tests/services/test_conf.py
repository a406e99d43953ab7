"""The services' settings (services/conf.py, checks.py): the prefix from FRONTDESK_SERVICES_PREFIX,
the default `services`, and a system check that refuses to boot with an empty one."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from frontdesk.services.conf import DEFAULTS, services_prefix
from tests.sections import section_from_environment


def services_section(tmp_path, **environment: str) -> dict:
    return section_from_environment(tmp_path, "services", cleared=("FRONTDESK_SERVICES",), **environment)


def test_the_environment_sets_the_prefix_and_nothing_else(tmp_path):
    assert services_section(tmp_path) == {}
    assert services_section(tmp_path, FRONTDESK_SERVICES_PREFIX="leistungen") == {"prefix": "leistungen"}
    assert services_section(tmp_path, FRONTDESK_SERVICES_PREFIX="") == {"prefix": ""}


def test_the_default_prefix_is_services(settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "services": {}}
    assert DEFAULTS["prefix"] == "services" and services_prefix() == "services"


@pytest.mark.parametrize("prefix", ["", "/", "  "])
def test_an_empty_prefix_stops_the_checks(db, settings, prefix):
    settings.FRONTDESK = {**settings.FRONTDESK, "services": {"prefix": prefix}}
    with pytest.raises(SystemCheckError, match=r"frontdesk\.E110"):
        call_command("check")


@pytest.mark.parametrize("prefix", ["cms", "de", "Our Services", "a//b"])
def test_a_prefix_the_site_cannot_give_away_stops_the_checks(db, settings, prefix):
    settings.FRONTDESK = {**settings.FRONTDESK, "services": {"prefix": prefix}}
    with pytest.raises(SystemCheckError, match=r"frontdesk\.E111"):
        call_command("check")


def test_a_good_prefix_passes(db, settings):
    settings.FRONTDESK = {**settings.FRONTDESK, "services": {"prefix": "what-we-do/services"}}
    call_command("check")


def test_the_site_refuses_to_boot_with_an_empty_prefix_from_the_environment(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "frontdesk", "check"],
        # The embedded database: the test run's server database is not made for another process.
        env={
            **os.environ,
            "FRONTDESK_VAR_DIR": str(tmp_path),
            "FRONTDESK_SERVICES_PREFIX": "",
            "DATABASE_URL": "",
        },
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "frontdesk.E110" in result.stderr
