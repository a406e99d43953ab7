"""Settings as every app reads them (core/conf.module_settings): the site's section deep-merged
over the app's defaults, merged once, read again when FRONTDESK changes."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from frontdesk.core.conf import host_settings, module_settings

DEFAULTS = {"size": 3, "nested": {"a": 1, "b": 2}, "words": ["x"]}


@pytest.fixture
def site(settings):
    def set_section(value: object) -> None:
        settings.FRONTDESK = {**settings.FRONTDESK, "sample": value}

    return set_section


def test_defaults_without_a_section(settings):
    settings.FRONTDESK = {key: value for key, value in settings.FRONTDESK.items() if key != "sample"}
    assert module_settings("sample", DEFAULTS) == DEFAULTS


def test_a_nested_section_is_merged_key_by_key_and_others_replaced(site):
    site({"nested": {"b": 20}, "words": ["y", "z"], "extra": True})
    assert module_settings("sample", DEFAULTS) == {
        "size": 3,
        "nested": {"a": 1, "b": 20},
        "words": ["y", "z"],
        "extra": True,
    }
    assert DEFAULTS["nested"] == {"a": 1, "b": 2}  # the defaults are not changed by a merge


def test_merged_once_and_again_when_frontdesk_changes(site):
    site({"size": 4})
    first = module_settings("sample", DEFAULTS)
    assert module_settings("sample", DEFAULTS) is first
    site({"size": 5})
    assert module_settings("sample", DEFAULTS)["size"] == 5


def test_a_section_that_is_no_mapping_is_refused(site):
    site(["size", 4])
    with pytest.raises(ImproperlyConfigured, match=r"FRONTDESK\['sample'\] must be a mapping"):
        module_settings("sample", DEFAULTS)


def test_the_hosts_sections_have_their_defaults(settings):
    settings.FRONTDESK = {"panel": {"brand": "Harbour"}}
    assert host_settings("panel") == {"paths": {}, "brand": "Harbour"}
    assert host_settings("mcp") == {"path": "/api/cms/mcp"}
    assert host_settings("accounts")["login"]["failures"] == 5
