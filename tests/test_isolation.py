"""A test's result does not depend on what ran before it: no language carried over from the
previous test on the worker, no Hypothesis example saved by an earlier run, no catalog compiled
halfway through (tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import hypothesis

CHECKOUT = Path(__file__).resolve().parents[1]

LEAKING_PAIR = """
from django.conf import settings
from django.utils import translation


def test_one_leaves_russian_active():
    translation.activate("ru")


def test_two_starts_in_the_default_language():
    assert translation.get_language() == settings.LANGUAGE_CODE
"""


def test_a_language_left_active_by_one_test_does_not_reach_the_next(tmp_path):
    # Two tests in a fixed order in a pytest of their own, with this suite's fixtures.
    (tmp_path / "pytest.ini").write_text("[pytest]\nDJANGO_SETTINGS_MODULE = frontdesk.settings\n")
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["tests.conftest"]\n')
    (tmp_path / "test_pair.py").write_text(LEAKING_PAIR)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:randomly", "-p", "no:cacheprovider", "test_pair.py"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(CHECKOUT), "FRONTDESK_VAR_DIR": str(tmp_path / "var")},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "2 passed" in result.stdout, result.stdout[-3000:] + result.stderr[-3000:]


def test_hypothesis_keeps_no_example_database_and_prints_how_to_replay_a_failure():
    current = hypothesis.settings()
    assert current.database is None
    assert current.print_blob is True
    assert current.max_examples <= 100 and current.deadline is None


def test_the_catalogs_are_compiled_before_the_first_test_of_any_module(request):
    # Compiled by the translation tests in the middle of a run, a catalog edited since the last
    # compile reached only the tests after them; a worker that had read it kept the old words.
    assert "compiled_catalogs" in request.fixturenames
