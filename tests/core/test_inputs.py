"""One marker for a value the caller did not give (core/inputs.py), shared by every door."""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path

import frontdesk
from frontdesk.core.inputs import NOT_GIVEN, NotGiven

SOURCE = Path(frontdesk.__file__).parent
MARKER_NAMES = re.compile(r"UNCHANGED|KEEP|MISSING|UNSET|OMITTED|NOT_?GIVEN|LEFT_OUT|ABSENT", re.IGNORECASE)


def test_the_marker_is_one_object_that_copies_keep_and_that_is_neither_none_nor_true():
    assert NotGiven() is NOT_GIVEN
    assert copy.copy(NOT_GIVEN) is NOT_GIVEN and copy.deepcopy({"a": NOT_GIVEN})["a"] is NOT_GIVEN
    assert NOT_GIVEN is not None and not NOT_GIVEN
    assert repr(NOT_GIVEN) == "NOT_GIVEN"


def test_no_module_makes_a_marker_of_its_own():
    """A second marker (`UNCHANGED = object()`) would not be recognised by the doors that pass
    values on; every module uses NOT_GIVEN."""
    own = []
    for path in SOURCE.rglob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if (
                isinstance(node, ast.Assign)
                and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name)
                and node.value.func.id == "object"
                and not node.value.args
                and any(isinstance(t, ast.Name) and MARKER_NAMES.search(t.id) for t in node.targets)
            ):
                own.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    assert own == [], own
