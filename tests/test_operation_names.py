"""One vocabulary and one signature for every module's operations (docs/architecture.md, "The
module template"): `verb_noun(subject, *, actor, values)`, or for a create without a subject (or with the owner); the
steps that take no values `(subject, *, actor)`; an order `([subject], *, actor, ids)`."""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

import pytest

MODULES = [
    "inbox",
    "services",
    "faq",
    "pages",
    "categories",
    "pictures",
    "sitesettings",
]  # blocks has no operations (tests/test_module_layout.NOT_HELD)
VALUES = {"create", "update", "duplicate"}  # (subject?, *, actor, values)
STEPS = {
    "bin",
    "restore",
    "purge",
    "publish",
    "unpublish",
    "discard",
    "mark",
}  # (subject, *, actor[, what the step needs])
ORDER = {"reorder"}  # ([subject], *, actor, ids)
# Public functions of an operations package that are not operations an account calls, each with
# its reason.
EXCEPTIONS = {
    "frontdesk.inbox.operations.accept_submission": "the public door's intake (the door's own signature)",
    "frontdesk.inbox.operations.arrival_status": "reads the status new submissions get",
    "frontdesk.inbox.operations.prune": "the inbox_prune command's run: no account acts",
    "frontdesk.inbox.operations.prune_plan": "reads what a prune would remove",
    "frontdesk.pictures.operations.remake_picture": "the pictures_remake command's step: no account acts",
}


def operations_of(name: str) -> dict[str, object]:
    """The public functions an app's operations module (or package) offers, by qualified name."""
    root = importlib.import_module(f"frontdesk.{name}.operations")
    modules: list[ModuleType] = [root]
    if hasattr(root, "__path__"):
        # A package offers what its __init__ exports.
        exported = getattr(root, "__all__", [])
        return {
            f"{root.__name__}.{attr}": getattr(root, attr)
            for attr in exported
            if inspect.isfunction(getattr(root, attr))
        }
    return {
        f"{module.__name__}.{attr}": value
        for module in modules
        for attr, value in vars(module).items()
        if inspect.isfunction(value) and not attr.startswith("_") and value.__module__ == module.__name__
    }


def problem(function: object) -> str | None:
    name = function.__name__  # type: ignore[attr-defined]
    verb = name.split("_", 1)[0]
    params = list(inspect.signature(function).parameters.values())  # type: ignore[arg-type]
    positional = [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD]
    keyword = [p.name for p in params if p.kind is p.KEYWORD_ONLY and p.default is p.empty]
    if verb in VALUES:
        # A create names no subject, or the owner the new row belongs to (a form's field).
        if (len(positional) > 1 if verb == "create" else len(positional) != 1) or keyword[:2] != [
            "actor",
            "values",
        ]:
            return f"{name}: ({'[owner], ' if verb == 'create' else 'subject, '}*, actor, values)"
    elif verb in STEPS:
        # A step may need one more thing named (the version a page goes back to).
        if len(positional) != 1 or keyword[:1] != ["actor"]:
            return f"{name}: (subject, *, actor)"
    elif verb in ORDER:
        if len(positional) > 1 or keyword != ["actor", "ids"]:
            return f"{name}: ([subject], *, actor, ids)"
    else:
        return f"{name}: the verb {verb!r} is not in the vocabulary"
    return None


@pytest.mark.parametrize("module", MODULES)
def test_every_operation_follows_the_vocabulary_and_the_signature(module):
    offered = operations_of(module)
    assert offered, f"frontdesk.{module}.operations offers no function"
    problems = [problem(function) for name, function in offered.items() if name not in EXCEPTIONS]
    assert [found for found in problems if found] == []


def test_each_exception_names_an_operation_that_exists():
    for name in EXCEPTIONS:
        module, attr = name.rsplit(".", 1)
        assert hasattr(importlib.import_module(module), attr), name


def test_the_checks_see_a_bad_name_and_a_bad_signature():
    def delete_thing(thing, *, actor): ...
    def update_thing(actor, thing, values): ...

    assert "vocabulary" in str(problem(delete_thing))
    assert problem(update_thing) == "update_thing: (subject, *, actor, values)"
