"""The apps import each other one way (docs/architecture.md, "Apps"): core imports none of the
host's other apps, and no module reaches itself again through its imports. Every import counts,
at module level, inside a function and under TYPE_CHECKING alike; migrations aside (a migration
names the apps whose state it moves)."""

from __future__ import annotations

import ast
from pathlib import Path

import frontdesk

SOURCE = Path(frontdesk.__file__).resolve().parent
HOST_APPS = ("pictures", "richtext", "routes", "sitesettings", "publishing", "categories")


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of_every_module() -> dict[str, set[str]]:
    """{module: the frontdesk modules it imports}, each import resolved to the longest module
    name that exists (`from frontdesk.core import log` is frontdesk.core.log)."""
    paths = {module_name(path): path for path in SOURCE.rglob("*.py") if "migrations" not in path.parts}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                while name and name not in paths:
                    name = name.rpartition(".")[0]
                # A package handing on its own submodules is its face, not a way back.
                if (
                    name
                    and name != module
                    and not (path.name == "__init__.py" and name.startswith(f"{module}."))
                ):
                    targets.add(name)
        graph[module] = targets
    return graph


def a_circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports (its modules in order, the first again at the end), or []."""
    done: set[str] = set()
    trail: list[str] = []

    def walk(module: str) -> list[str]:
        if module in trail:
            return [*trail[trail.index(module) :], module]
        if module in done:
            return []
        trail.append(module)
        for target in sorted(graph[module]):
            found = walk(target)
            if found:
                return found
        trail.pop()
        done.add(module)
        return []

    for module in sorted(graph):
        found = walk(module)
        if found:
            return found
    return []


def test_core_imports_none_of_the_host_apps():
    importers = [
        f"{module} imports {target}"
        for module, targets in imports_of_every_module().items()
        if module.startswith("frontdesk.core")
        for target in sorted(targets)
        if target.split(".")[1] in HOST_APPS
    ]
    assert importers == []


def test_no_module_imports_itself_back():
    assert a_circle(imports_of_every_module()) == []


def test_the_check_sees_a_circle_when_there_is_one():
    assert a_circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
