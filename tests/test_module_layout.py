"""The module template (docs/architecture.md, "The module template"): every module has its
parts under their one name, and no file but a conf module reads settings.FRONTDESK."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import frontdesk

SOURCE = Path(frontdesk.__file__).parent
MODULES = ["inbox", "services"]  # faq, pages and blocks join as they move into the template
PARTS = [
    "models", "inputs", "operations", "queries", "outputs", "api", "mcp_tools", "panel/",
    "site", "demo", "conf", "checks", "permissions", "apps",
]  # fmt: skip
SECOND_NAMES = ["views.py", "site_views.py", "panel_urls.py", "panel_views.py", "screens.py", "site_urls.py"]
# The files that may read settings.FRONTDESK: the host's reader and settings.py, which writes it.
READERS = {"core/conf.py", "settings.py"}


def has_part(module: Path, part: str) -> bool:
    if part.endswith("/"):
        return (module / part / "__init__.py").exists()
    return (module / f"{part}.py").exists() or (module / part / "__init__.py").exists()


@pytest.mark.parametrize("name", MODULES)
def test_each_module_has_the_templates_parts(name):
    module = SOURCE / name
    assert [part for part in PARTS if not has_part(module, part)] == []
    assert [second for second in SECOND_NAMES if (module / second).exists()] == []
    assert (module / "panel" / "urls.py").exists()


def test_only_the_conf_modules_read_settings_frontdesk():
    reading = re.compile(r"settings\s*\.\s*FRONTDESK\b|getattr\(\s*settings\s*,\s*[\"']FRONTDESK[\"']")
    found = sorted(
        str(path.relative_to(SOURCE))
        for path in SOURCE.rglob("*.py")
        if "migrations" not in path.parts
        and str(path.relative_to(SOURCE)) not in READERS
        and path.name != "conf.py"
        and reading.search(path.read_text())
    )
    assert found == []
