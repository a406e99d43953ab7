"""core/registry.Registry: a name once, nothing added after start-up, and tests that leave no trace."""

from __future__ import annotations

import os
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured

from frontdesk.core.api.root import ROUTERS
from frontdesk.core.demo import DEMOS
from frontdesk.core.mcp.registry import RESOURCES, TOOLS
from frontdesk.core.notes import ENTITIES
from frontdesk.core.panel.sections import SECTIONS
from frontdesk.core.registry import Registry

ROOT = Path(__file__).resolve().parents[2]
THIS_FILE = Path(__file__).name


@pytest.fixture
def starting_up(monkeypatch):
    """As inside AppConfig.ready(), before every app is ready."""
    monkeypatch.setattr(apps, "ready", False)


def test_a_name_registered_twice_is_refused_naming_both_places(starting_up):
    colours = Registry("colour")
    colours.register("red", "#f00")
    with pytest.raises(ImproperlyConfigured) as refused:
        colours.register("red", "#e00")
    message = str(refused.value)
    assert message.startswith("The colour 'red' is registered twice: at ")
    assert message.count(THIS_FILE) == 2 and "\n" not in message
    assert colours.get("red") == "#f00"  # the first stays, untouched


def test_entries_come_back_in_the_order_registered(starting_up):
    colours = Registry("colour")
    for name in ("red", "green", "blue"):
        colours.register(name, name.upper())
    assert colours.names() == ["red", "green", "blue"] and colours.all() == ["RED", "GREEN", "BLUE"]
    assert "green" in colours and colours["blue"] == "BLUE" and colours.get("black") is None
    with pytest.raises(KeyError):
        colours["black"]


def test_nothing_is_registered_after_start_up():
    colours = Registry("colour")
    with pytest.raises(ImproperlyConfigured, match=r"registered after start-up \(.*test_registry.py:\d+\)"):
        colours.register("red", "#f00")
    assert colours.all() == []


def test_a_temporary_entry_leaves_no_trace_even_when_the_block_fails():
    version = SECTIONS.version
    before = SECTIONS.names()
    with pytest.raises(RuntimeError), SECTIONS.temporarily("test-spot", SECTIONS["inbox"]):
        assert SECTIONS.names() == [*before, "test-spot"]
        raise RuntimeError("the test failed")
    assert SECTIONS.names() == before
    assert SECTIONS.version > version  # a reader that mirrors the registry sees both changes


@pytest.mark.parametrize(
    "registry", [SECTIONS, ROUTERS, TOOLS, RESOURCES, ENTITIES, DEMOS], ids=lambda registry: registry.kind
)
def test_every_registry_of_the_host_refuses_a_name_it_has(registry):
    with ExitStack() as stack:
        if not registry.names():  # no app offers one yet (MCP resources)
            stack.enter_context(registry.temporarily("test://taken", "first"))
        taken = registry.names()[0]
        first = registry.get(taken)
        with (
            pytest.raises(ImproperlyConfigured, match="registered twice"),
            registry.temporarily(taken, "second"),
        ):
            pass
        assert registry.get(taken) is first


def test_a_second_registration_stops_start_up_with_one_line():
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.registry_clash.settings"}
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith(
        "django.core.exceptions.ImproperlyConfigured: The panel section 'inbox' is registered twice"
    )
    assert "inbox/apps.py:" in last and "registry_clash/apps.py:" in last
