"""Configuration errors stop start-up with one line that names the problem, not a traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def run_frontdesk(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {**os.environ, **env}
    environment.pop("DATABASE_URL", None) if "DATABASE_URL" not in env else None
    return subprocess.run(
        [sys.executable, "-m", "frontdesk", *args],
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("variable", "value", "words"),
    [
        ("FRONTDESK_LANGUAGES", "en,xx", "unknown language code: xx"),
        ("DATABASE_URL", "nosuchdb://localhost/x", "DATABASE_URL is not usable"),
        ("FRONTDESK_QUEUE", "carrier-pigeon", "FRONTDESK_QUEUE='carrier-pigeon' is unknown"),
        ("CACHE_URL", "memcached://x", "CACHE_URL='memcached://x' is not supported"),
        ("FRONTDESK_DEBUG", "maybe", "FRONTDESK_DEBUG='maybe' is not a boolean"),
    ],
)
def test_bad_configuration_stops_with_one_line(variable, value, words):
    result = run_frontdesk("check", **{variable: value})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert words in result.stderr


def test_unwritable_var_dir_stops_with_one_line(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    (locked / "var").write_text("a file where the folder should be")
    result = run_frontdesk("check", FRONTDESK_VAR_DIR=str(locked / "var"))
    assert result.returncode == 2
    assert "FRONTDESK_VAR_DIR" in result.stderr and "not writable" in result.stderr
    assert "Traceback" not in result.stderr


def test_secret_key_is_generated_once_into_var(tmp_path):
    first = run_frontdesk(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        FRONTDESK_VAR_DIR=str(tmp_path),
    )
    second = run_frontdesk(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        FRONTDESK_VAR_DIR=str(tmp_path),
    )
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == second.stdout.strip()
    assert len(first.stdout.strip()) >= 50
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0
