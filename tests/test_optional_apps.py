"""The optional apps (docs/host.md, "Optional apps"): FRONTDESK_WITHOUT leaves them out, the site
runs in every reduced configuration, and no host or inbox module imports one.

scripts/test runs the host's and the inbox's tests in each reduced configuration; this file starts
the site in each one in the normal run, so the knob itself is tested wherever the suite runs.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

import frontdesk
from frontdesk.settings import OPTIONAL_APPS, left_out_apps

SOURCE = Path(frontdesk.__file__).resolve().parent
OPTIONAL_MODULES = {app for apps in OPTIONAL_APPS.values() for app in apps}

# Migrates a new SQLite database, seeds the demo, and reports what the site holds and answers.
PROBE = """
import json
import django

django.setup()
from django.apps import apps
from django.core.management import call_command, get_commands
from django.test import Client

from frontdesk.core.api import api
from frontdesk.core.mcp.registry import TOOLS
from frontdesk.core.panel.menu import section_url
from frontdesk.core.panel.sections import SECTIONS
from frontdesk.core.models import User

call_command("migrate", verbosity=0)
call_command("demo", verbosity=0, password="a long demo password 42")
visitor = Client(HTTP_HOST="localhost")
admin = Client(HTTP_HOST="localhost")
admin.force_login(User.objects.create_superuser("probe@example.com", "a long probe password 42"))
answers = {path: visitor.get(path).status_code for path in ("/", "/de/", "/sitemap.xml", "/robots.txt")}
# The panel: every section's first page (each prints the menu) and the API's document.
panel = [section_url(section) for section in SECTIONS.all()] + ["/api/cms/openapi.json"]
answers.update({path: admin.get(path).status_code for path in panel})
print(json.dumps({
    "apps": [config.name for config in apps.get_app_configs() if config.name.startswith("frontdesk.")],
    "sections": SECTIONS.names(),
    "tools": TOOLS.names(),
    "api": sorted(api.get_openapi_schema()["paths"]),
    "commands": sorted(get_commands()),
    "answers": answers,
    "sitemap": visitor.get("/sitemap.xml").content.decode(),
}))
"""


def run_site(tmp_path: Path, *args: str, without: str) -> subprocess.CompletedProcess:
    """`python *args` with the site's own settings on a new SQLite database, leaving out `without`."""
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "frontdesk.settings",
        "FRONTDESK_VAR_DIR": str(tmp_path / "var"),
        "FRONTDESK_WITHOUT": without,
        "DATABASE_URL": "",
        "PYTHONPATH": os.pathsep.join([str(SOURCE.parent), os.environ.get("PYTHONPATH", "")]),
    }
    return subprocess.run(
        [sys.executable, *args], env=environment, capture_output=True, text=True, timeout=300, check=False
    )


def full_configuration() -> list[str]:
    return [app for app in settings.INSTALLED_APPS if app.startswith("frontdesk.")]


@pytest.mark.skipif(
    os.environ.get("FRONTDESK_TEST_DB", "sqlite") != "sqlite",
    reason="starts a site of its own on SQLite whatever the suite's database: the SQLite run has it",
)
@pytest.mark.skipif(
    bool(os.environ.get("FRONTDESK_WITHOUT", "").strip()),
    reason="compares each reduced configuration with the full one: runs where nothing is left out",
)
@pytest.mark.parametrize("without", ["services", "pages", "blocks", "faq"])
def test_the_site_runs_without_the_app(tmp_path, without):
    checked = run_site(tmp_path, "-m", "frontdesk", "check", without=without)
    assert checked.returncode == 0, checked.stderr[-3000:]
    assert "System check identified no issues" in checked.stdout

    probed = run_site(tmp_path, "-c", PROBE, without=without)
    assert probed.returncode == 0, probed.stderr[-3000:]
    site = json.loads(probed.stdout.strip().splitlines()[-1])

    left_out = OPTIONAL_APPS[without]
    assert site["apps"] == [app for app in full_configuration() if app not in left_out]
    assert {path: status for path, status in site["answers"].items() if status != 200} == {}
    assert {"/", "/de/", "/sitemap.xml", "/robots.txt", "/cms/inbox/", "/api/cms/openapi.json"} <= set(
        site["answers"]
    )
    assert "<urlset" in site["sitemap"]
    for label in (app.rsplit(".", 1)[1] for app in left_out):
        # Nothing of the app is offered: no panel section, API route, agent tool or command.
        assert label not in site["sections"]
        assert [path for path in site["api"] if path.startswith(f"/api/cms/{label}")] == []
        assert [name for name in site["tools"] if name.startswith(f"{label}_")] == []
        assert [name for name in site["commands"] if name.startswith(f"{label}_")] == []
    if without == "services":  # the demo seeds services only when they are there
        assert "/services/" not in site["sitemap"]


@pytest.mark.parametrize(
    ("given", "taken"),
    [
        ("services", {"frontdesk.services"}),
        ("pages", {"frontdesk.pages"}),
        ("faq", {"frontdesk.faq"}),
        ("blocks", {"frontdesk.blocks", "frontdesk.pages", "frontdesk.faq"}),
        (
            " services , blocks ",
            {"frontdesk.services", "frontdesk.blocks", "frontdesk.pages", "frontdesk.faq"},
        ),
        ("", set()),
    ],
)
def test_each_name_leaves_out_its_apps_and_blocks_takes_pages_and_the_faq_along(monkeypatch, given, taken):
    monkeypatch.setenv("FRONTDESK_WITHOUT", given)
    assert left_out_apps() == taken


def test_an_unknown_name_stops_start_up_with_one_line_naming_the_known_ones(tmp_path):
    result = run_site(tmp_path, "-m", "frontdesk", "check", without="services,inbox")
    assert result.returncode == 2
    assert result.stderr == (
        "frontdesk: configuration error: FRONTDESK_WITHOUT names an app that is not optional: inbox"
        " (the optional apps are blocks, pages, services, faq, events).\n"
    )


def importers_of_optional_apps() -> list[str]:
    """`file:line` of every import of an optional app from a module outside the optional apps."""
    found = []
    for path in SOURCE.rglob("*.py"):
        if any(path.is_relative_to(SOURCE / app.rsplit(".", 1)[1]) for app in OPTIONAL_MODULES):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                # `from frontdesk import services` names the app as one of the imported names.
                names = (
                    [f"{module}.{alias.name}" for alias in node.names] if module == "frontdesk" else [module]
                )
            if any(name == app or name.startswith(f"{app}.") for name in names for app in OPTIONAL_MODULES):
                found.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    return sorted(found)


def test_no_host_or_inbox_module_imports_an_optional_app():
    assert importers_of_optional_apps() == []
