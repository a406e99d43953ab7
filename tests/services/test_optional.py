"""Services are optional: no host or inbox module imports them, and the site runs without them."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import frontdesk

SOURCE = Path(frontdesk.__file__).parent


def importers_of_services() -> list[str]:
    found = []
    for path in SOURCE.rglob("*.py"):
        if path.is_relative_to(SOURCE / "services"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            if any(name == "frontdesk.services" or name.startswith("frontdesk.services.") for name in names):
                found.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


def test_no_module_outside_the_app_imports_it():
    assert importers_of_services() == []


WITHOUT = """
from frontdesk.settings import *  # noqa
INSTALLED_APPS = [app for app in INSTALLED_APPS if app != "frontdesk.services"]
"""
PROBE = """
import django
django.setup()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("check")
from django.test import Client
client = Client(HTTP_HOST="localhost")
print([client.get(path).status_code for path in ("/", "/de/", "/sitemap.xml", "/services/anything")])
"""


def test_the_site_runs_without_the_app(tmp_path):
    (tmp_path / "without_services.py").write_text(WITHOUT)
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(tmp_path), str(SOURCE.parent)]),
            "DJANGO_SETTINGS_MODULE": "without_services",
            "FRONTDESK_VAR_DIR": str(tmp_path / "var"),
            "DATABASE_URL": "",
        },
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip().splitlines()[-1] == "[200, 200, 200, 404]"
