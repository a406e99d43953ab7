"""The limits doors and rules share are written once, in core/limits.py."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src" / "frontdesk"
SHARED = {"MAX_ID", "MAX_INTEGER", "MAX_NUMBER", "DEFAULT_PER_PAGE", "MAX_PER_PAGE"}


def test_no_module_but_core_limits_sets_a_shared_limit():
    setters = []
    for module in SOURCE.rglob("*.py"):
        if module.name == "limits.py" and module.parent.name == "core":
            continue
        for node in ast.walk(ast.parse(module.read_text())):
            targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
            for target in targets:
                if isinstance(target, ast.Name) and target.id in SHARED:
                    setters.append(f"{module.relative_to(SOURCE)}: {target.id}")
    assert setters == []
