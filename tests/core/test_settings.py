"""Configuration errors stop start-up with one line that names the problem, not a traceback;
the secret key never comes from the source tree, and git tracks no key or database."""

from __future__ import annotations

import fnmatch
import logging
import os
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

import frontdesk

PACKAGE_DIR = Path(frontdesk.__file__).resolve().parent
CHECKOUT = Path(__file__).resolve().parents[2]


def run_frontdesk(*args: str, cwd: Path | None = None, **env: str | None) -> subprocess.CompletedProcess:
    """`frontdesk *args` in a fresh process; an env value of None removes that variable."""
    # The site's own settings, as a user runs it (not the suite's, which add a test app).
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "frontdesk.settings", **env}
    environment.pop("DATABASE_URL", None) if "DATABASE_URL" not in env else None
    return subprocess.run(
        [sys.executable, "-m", "frontdesk", *args],
        env={name: value for name, value in environment.items() if value is not None},
        cwd=cwd,
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
        ("FRONTDESK_LOG_LEVEL", "loud", "FRONTDESK_LOG_LEVEL='loud' is unknown; use critical, error"),
    ],
)
def test_bad_configuration_stops_with_one_line(variable, value, words):
    result = run_frontdesk("check", **{variable: value})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert words in result.stderr


@pytest.mark.parametrize("value", ["debug", "Info", "WARNING"])
def test_the_log_level_is_read_in_any_case(value):
    result = run_frontdesk(
        "shell", "-c", "import logging; print(logging.getLogger().level)", FRONTDESK_LOG_LEVEL=value
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split()[-1] == str(logging.getLevelName(value.upper()))


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


NO_KEY = {"FRONTDESK_SECRET_KEY": None, "SECRET_KEY": None}


def _assert_refused_key_inside_source_tree(result: subprocess.CompletedProcess, key_file: Path) -> None:
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert str(key_file) in result.stderr
    assert "FRONTDESK_VAR_DIR" in result.stderr and "FRONTDESK_SECRET_KEY" in result.stderr


@pytest.mark.parametrize(
    "var_dir",
    [PACKAGE_DIR / f"var-{uuid.uuid4().hex}", PACKAGE_DIR.parent / f"var-{uuid.uuid4().hex}"],
    ids=["in-the-package", "in-the-folder-holding-the-package"],
)
def test_a_key_is_never_generated_inside_the_source_tree(var_dir):
    if var_dir.parent != PACKAGE_DIR and var_dir.parent != CHECKOUT / "src":
        pytest.skip("the package is installed, not run from a checkout's src/ folder")
    try:
        result = run_frontdesk("check", FRONTDESK_VAR_DIR=str(var_dir), **NO_KEY)
        _assert_refused_key_inside_source_tree(result, var_dir / "secret_key")
        assert not var_dir.exists(), "the refused var folder was created anyway"
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def test_a_key_file_left_inside_the_package_is_not_read():
    var_dir = PACKAGE_DIR / f"var-{uuid.uuid4().hex}"
    var_dir.mkdir()
    try:
        (var_dir / "secret_key").write_text("a key someone committed " + "x" * 40)
        result = run_frontdesk("check", FRONTDESK_VAR_DIR=str(var_dir), **NO_KEY)
        _assert_refused_key_inside_source_tree(result, var_dir / "secret_key")
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def test_a_command_run_from_inside_the_package_refuses_to_put_var_there():
    # What scripts/setup.sh once did: compilemessages with cwd=src/frontdesk made src/frontdesk/var.
    existed = (PACKAGE_DIR / "var").exists()
    try:
        result = run_frontdesk("check", cwd=PACKAGE_DIR, FRONTDESK_VAR_DIR=None, **NO_KEY)
        _assert_refused_key_inside_source_tree(result, PACKAGE_DIR / "var" / "secret_key")
    finally:
        if not existed:
            shutil.rmtree(PACKAGE_DIR / "var", ignore_errors=True)


def test_a_given_key_lets_a_var_folder_outside_the_source_tree_alone(tmp_path):
    result = run_frontdesk(
        "shell",
        "-c",
        "from django.conf import settings; print(settings.SECRET_KEY)",
        FRONTDESK_VAR_DIR=str(tmp_path),
        FRONTDESK_SECRET_KEY="a key from the environment " + "y" * 30,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "a key from the environment " + "y" * 30
    assert not (tmp_path / "secret_key").exists()


# Names a file must not have in git: generated keys, certificates' private halves, databases
# (SQLite's side files included). Checked against the basename of every tracked path.
SECRET_OR_DATABASE_NAMES = [
    "secret_key",
    "secret_key.*",
    "*.key",
    "*.pem",
    "*.p12",
    "*.pfx",
    "*.sqlite3",
    "*.sqlite3-*",
    "*.sqlite",
    "*.sqlite-*",
    "*.db",
    "*.db-*",
    ".env",
]


def _tracked_files() -> list[str]:
    if shutil.which("git") is None or not (CHECKOUT / ".git").exists():
        pytest.skip("not a git checkout")
    result = subprocess.run(
        ["git", "-C", str(CHECKOUT), "ls-files", "-z"], capture_output=True, text=True, check=True
    )
    return [path for path in result.stdout.split("\0") if path]


def test_git_tracks_no_var_folder_no_key_and_no_database():
    offending = [
        path
        for path in _tracked_files()
        if "var" in Path(path).parts[:-1]
        or any(fnmatch.fnmatch(Path(path).name.lower(), pattern) for pattern in SECRET_OR_DATABASE_NAMES)
    ]
    assert offending == [], (
        f"git tracks files that belong in a machine's var folder or nowhere: {offending}; "
        "remove them with `git rm --cached`"
    )


def test_the_file_mail_backend_writes_each_mail_to_email_file_path(tmp_path):
    """What a site on several machines, or a test, reads the mail of (docs/configuration.md)."""
    mail_dir = tmp_path / "mail"
    result = run_frontdesk(
        "sendtestemail",
        "office@example.com",
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(mail_dir),
        FRONTDESK_VAR_DIR=str(tmp_path / "var"),
    )
    assert result.returncode == 0, result.stderr
    (written,) = mail_dir.glob("*.log")
    assert "To: office@example.com" in written.read_text()
