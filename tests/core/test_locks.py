"""core/locks.exclusive_transaction on an SQLite file: every transaction begins IMMEDIATE, so it
holds SQLite's one write lock from its start and no other writer, of any process, comes between."""

from __future__ import annotations

import subprocess
import sys
import threading
import time

import pytest
from django.conf import settings
from django.db import OperationalError, connections
from django.db.backends.sqlite3.base import DatabaseWrapper
from django.db.utils import ConnectionHandler

from frontdesk.core.locks import exclusive_transaction

ALIAS = "locks_file"

# Asks for SQLite's write lock without waiting: prints "free" or "held".
TRY_WRITE = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], timeout=0, isolation_level=None)
try:
    connection.execute("BEGIN IMMEDIATE")
except sqlite3.OperationalError:
    print("held")
else:
    connection.execute("ROLLBACK")
    print("free")
"""


def connect(path, *, timeout: float | None = None) -> DatabaseWrapper:
    """A connection (of the calling thread) to the SQLite file `path`, configured as the site's,
    or waiting at most `timeout` seconds for SQLite's write lock."""
    options: dict[str, object] = dict(settings.SQLITE_OPTIONS)
    if timeout is not None:
        options["timeout"] = timeout
        options["init_command"] = str(options["init_command"]).replace("PRAGMA busy_timeout=20000;", "")
    configured = ConnectionHandler(  # fills in every key Django expects of a database
        {
            "default": {
                "ENGINE": "django.db.backends.sqlite3",
                "NAME": str(path),
                "OPTIONS": options,
            }
        }
    ).settings["default"]
    wrapper = DatabaseWrapper(configured, alias=ALIAS)
    connections[ALIAS] = wrapper
    return wrapper


@pytest.fixture
def file_database(tmp_path):
    """An SQLite database in a file beside the tests' own, configured as the site configures it."""
    path = tmp_path / "site.sqlite3"
    connect(path)
    yield path
    connections[ALIAS].close()
    del connections[ALIAS]


def another_process_finds(path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", TRY_WRITE, str(path)], capture_output=True, text=True, check=True, timeout=30
    )
    return done.stdout.strip()


@pytest.mark.django_db
def test_another_process_cannot_write_while_the_transaction_is_open(file_database):
    assert another_process_finds(file_database) == "free"
    with exclusive_transaction("inbox.intake:1:abc", using=ALIAS):
        assert another_process_finds(file_database) == "held"  # from BEGIN on, before any write
    assert another_process_finds(file_database) == "free"


@pytest.mark.django_db
def test_a_failed_block_leaves_the_database_free(file_database):
    with pytest.raises(RuntimeError), exclusive_transaction("inbox.intake:1:abc", using=ALIAS):
        raise RuntimeError
    assert another_process_finds(file_database) == "free"


@pytest.mark.django_db
def test_a_writer_waits_its_turn_however_long_the_one_before_takes(file_database):
    """Writers queue on the file beside the database instead of sleeping in SQLite's busy
    handler: one that arrives while another block runs longer than SQLite would wait (here
    50 ms) gets in once it ends, instead of failing with "database is locked"."""
    holding, outcome = threading.Event(), []

    def second_writer() -> None:
        holding.wait()
        connect(file_database, timeout=0.05)
        try:
            with exclusive_transaction("inbox.intake:1:other", using=ALIAS):
                outcome.append(time.monotonic())
        except OperationalError as error:
            outcome.append(error)
        finally:
            connections[ALIAS].close()

    thread = threading.Thread(target=second_writer)
    thread.start()
    with exclusive_transaction("inbox.intake:1:abc", using=ALIAS):
        holding.set()
        time.sleep(0.4)
        ended = time.monotonic()
    thread.join(timeout=30)
    assert len(outcome) == 1 and not isinstance(outcome[0], Exception), outcome
    assert outcome[0] >= ended
