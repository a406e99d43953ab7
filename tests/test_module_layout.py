"""The module template (docs/architecture.md, "The module template"): every module has its
parts under their one name, and no file but a conf module reads settings.FRONTDESK."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import frontdesk

SOURCE = Path(frontdesk.__file__).parent
MODULES = ["inbox", "services", "faq", "pages", "blocks", "events"]
PARTS = [
    "models", "inputs", "operations", "queries", "outputs", "api", "mcp_tools", "panel/",
    "site", "demo", "conf", "checks", "permissions", "apps",
]  # fmt: skip
# A part a module has nothing for stays absent (no empty file), each with its reason.
NOT_HELD = {
    ("faq", "site"): "the FAQ reaches the site only through its block (faq/block.py, faq/collection.py)",
    ("faq", "checks"): "its one setting (markup) is a flag: nothing to refuse at boot",
    ("pages", "conf"): "pages have no settings of their own",
    ("pages", "checks"): "no settings, so nothing to check at boot",
    ("blocks", "inputs"): "its API only reads; blocks' values are judged by their codes (blocks/codes.py)",
    (
        "blocks",
        "operations",
    ): "block types are installed by its command (blocks/offers.install_offers), no door changes one",
    ("blocks", "mcp_tools"): "agents edit blocks through the modules that hold them (blocks_edit_content)",
    ("blocks", "site"): "blocks are rendered inside their holders' pages (blocks/rendering.py)",
    ("blocks", "demo"): "the demo blocks are the pages demo's (pages/demo.py)",
    ("blocks", "conf"): "no settings of its own",
    ("blocks", "checks"): "no settings, so nothing to check at boot",
    # The events' agent tools come with issue 28, events part 2.
    ("events", "mcp_tools"): "the agent tools come with events part 2 (issue 28)",
}
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
    missing = [part for part in PARTS if not has_part(module, part) and (name, part) not in NOT_HELD]
    assert missing == []
    assert [second for second in SECOND_NAMES if (module / second).exists()] == []
    assert (module / "panel" / "urls.py").exists() or (name, "panel/urls") in NOT_HELD


def test_each_part_said_absent_is_absent():
    assert [key for key in NOT_HELD if has_part(SOURCE / key[0], key[1])] == []
    assert [] == []


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


@pytest.mark.parametrize("name", ["pictures", "sitesettings"])
def test_a_host_app_with_panel_pages_keeps_them_in_its_panel_package(name):
    app = SOURCE / name
    assert [second for second in SECOND_NAMES if (app / second).exists()] == []
    assert (app / "panel" / "urls.py").exists()
    assert (app / "panel" / "views.py").exists()
