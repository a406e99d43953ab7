"""core/locks.exclusive_transaction on an SQLite file: the writers of every process queue on one lock."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest
from django.conf import settings
from django.db import connections
from django.db.backends.sqlite3.base import DatabaseWrapper
from django.db.utils import ConnectionHandler

from frontdesk.core.locks import exclusive_transaction

ALIAS = "locks_file"

# Asks for the writers' lock without waiting: prints "free" or "held".
TRY_LOCK = """
import fcntl, os, sys
descriptor = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
try:
    fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
except BlockingIOError:
    print("held")
else:
    print("free")
"""


def connect(path) -> DatabaseWrapper:
    """A connection (of the calling thread) to the SQLite file `path`, configured as the site's."""
    configured = ConnectionHandler(  # fills in every key Django expects of a database
        {
            "default": {
                "ENGINE": "django.db.backends.sqlite3",
                "NAME": str(path),
                "OPTIONS": dict(settings.SQLITE_OPTIONS),
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
        [sys.executable, "-c", TRY_LOCK, f"{path}-writers"],
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    return done.stdout.strip()


@pytest.mark.django_db
def test_another_process_waits_for_the_writers_lock_only_while_the_transaction_is_open(file_database):
    # Without the lock, a writer of another process would meet this one in SQLite's busy
    # handler, which sleeps in steps of up to 100 ms instead of waking when the database is free.
    with exclusive_transaction("inbox.intake:1:abc", using=ALIAS):
        with connections[ALIAS].cursor() as cursor:
            cursor.execute("CREATE TABLE IF NOT EXISTS t (x integer)")
        assert another_process_finds(file_database) == "held"
    assert another_process_finds(file_database) == "free"


@pytest.mark.django_db
def test_a_failed_transaction_lets_the_lock_go(file_database):
    with pytest.raises(RuntimeError), exclusive_transaction("inbox.intake:1:abc", using=ALIAS):
        raise RuntimeError("the block failed")
    assert another_process_finds(file_database) == "free"
    with exclusive_transaction("inbox.intake:1:abc", using=ALIAS):  # and this process can take it again
        assert another_process_finds(file_database) == "held"


@pytest.mark.django_db
def test_a_commits_callback_that_asks_for_the_writers_turn_is_given_the_one_its_thread_holds(file_database):
    # A transaction begun in the turn runs its on_commit callbacks after its commit, still inside
    # the turn's block: a count's fold (inbox/operations/tallies.py) asks for the turn there.
    from django.db import transaction

    from frontdesk.core.locks import writers_turn

    ran: list[str] = []

    def callback() -> None:
        with writers_turn(ALIAS):
            ran.append(another_process_finds(file_database))

    def writer() -> None:
        own = connect(file_database)  # connections are the thread's own
        try:
            with writers_turn(ALIAS), transaction.atomic(using=ALIAS):
                transaction.on_commit(callback, using=ALIAS)
        finally:
            own.close()

    thread = threading.Thread(target=writer)  # a wait for itself would never end: so a thread
    thread.start()
    thread.join(timeout=30)
    assert not thread.is_alive(), "the callback waited for the turn its own thread holds"
    assert ran == ["held"]  # still this thread's turn, held for it
    assert another_process_finds(file_database) == "free"
