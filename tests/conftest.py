"""Shared fixtures: accounts with chosen permissions, a live server (granian, as `serve` runs
it), the API client; and what makes a test's result independent of the tests before it.

The suite runs in a random order (pytest-randomly prints `Using --randomly-seed=N`; pass that
option to replay an order, `-p no:randomly` for file order), so a test that leaks state fails
somewhere else. Every test starts in the default language with none left active after it.
Hypothesis runs under the "frontdesk" profile registered here: no example database (a saved
example never travels from one run to the next unnoticed; every run draws afresh), a failure
prints its `@reproduce_failure` blob to replay it, at most 100 examples unless a test says
otherwise, and no deadline (the database makes timings vary).

The browser fixtures live in tests/browser/conftest.py; the permission matrix in tests/matrix.py.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import hypothesis
import pytest
from django.conf import settings
from django.contrib.auth.models import Permission
from django.test import Client

import frontdesk
from tests.ports import free_port
from tests.s3 import S3Site, Store, StoreUnavailable, running_store, s3_environment, unavailable
from tests.servers import granian_in_a_thread

PASSWORD = "a long test password 42"

hypothesis.settings.register_profile(
    "frontdesk", database=None, print_blob=True, max_examples=100, deadline=None
)
hypothesis.settings.load_profile("frontdesk")


def pytest_report_header(config) -> str:
    engine = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    left_out = os.environ.get("FRONTDESK_WITHOUT", "").strip() or "none"
    return (
        f"frontdesk database: {engine} (FRONTDESK_TEST_DB={os.environ.get('FRONTDESK_TEST_DB', 'sqlite')});"
        f" optional apps left out: {left_out}"
    )


# The fixtures (and pytest-django's mark) through which a test reaches the database.
DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}


def uses_the_database(item: pytest.Item) -> bool:
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & fixtures)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On PostgreSQL and MariaDB only the tests that reach the database run.

    The others never open a connection (pytest-django refuses one without the `db` fixture or the
    mark; the few that start a process give it a database of its own), so they pass or fail alike
    on every database: the SQLite run has them. `fixturenames` holds every fixture a test pulls in,
    through other fixtures too (`make_user` needs `db`).
    """
    if settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        return
    kept = [item for item in items if uses_the_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not uses_the_database(item)])
        items[:] = kept


@pytest.fixture(autouse=True, scope="session")
def fast_password_hashing():
    """PBKDF2 takes a third of a second per account by design; the tests make hundreds."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True, scope="session")
def quick_flush_on_postgresql() -> Iterator[None]:
    """On PostgreSQL, a transactional test ends with DELETE of every table, not Django's TRUNCATE.

    TRUNCATE gives each of the hundred-odd tables new files, which took seconds a test (the MCP,
    door and live-server tests are transactional); a DELETE of the few rows a test wrote takes
    milliseconds. The tables end as empty either way. Django's foreign keys on PostgreSQL are
    checked at commit (DEFERRABLE INITIALLY DEFERRED), so the order of the tables does not
    matter. A flush that resets the sequences or cascades beyond its tables keeps TRUNCATE.
    """
    try:
        from django.db.backends.postgresql.operations import DatabaseOperations
    except ImportError:  # no psycopg: no PostgreSQL run
        yield
        return
    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or allow_cascade or not tables:
            return truncate(self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade)
        # One statement list, one round trip.
        return ["".join(f"DELETE FROM {self.quote_name(table)};" for table in tables)]  # noqa: S608 (table names)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", sql_flush)
        yield


@pytest.fixture(autouse=True, scope="session")
def flush_restores_the_permissions_it_made_once() -> Iterator[None]:
    """A transactional test's flush puts back the content types and permissions as rows kept from
    the worker's first flush, instead of sending post_migrate for every app again.

    post_migrate after a flush only recreates those rows (Django's three receivers: content
    types, permissions, and renamed models' permissions, which a flush never has); asking each
    app again cost half a second a test. The rows come back with the ids they had, so what a
    test reads (Permission rows for grant(), content types) is the same, and the content types'
    cache is emptied as Django's receiver empties it.
    """
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from django.core.management.commands import flush
    from django.core.management.sql import emit_post_migrate_signal as send_post_migrate

    kept: dict[str, tuple[list, list]] = {}

    def restore(verbosity, interactive, database, **kwargs) -> None:
        if database not in kept:
            send_post_migrate(verbosity, interactive, database, **kwargs)
            kept[database] = (
                list(ContentType.objects.using(database).order_by("pk")),
                list(Permission.objects.using(database).order_by("pk")),
            )
            return
        content_types, permissions = kept[database]
        ContentType.objects.clear_cache()
        ContentType.objects.using(database).bulk_create(content_types)
        Permission.objects.using(database).bulk_create(permissions)

    with pytest.MonkeyPatch.context() as patch:  # the name the flush command calls
        patch.setattr(flush, "emit_post_migrate_signal", restore)
        yield


LOCALE_DIR = Path(frontdesk.__file__).resolve().parent / "locale"


def stale_catalogs() -> list[Path]:
    """The .po files whose compiled .mo is missing or older than they are."""
    return [
        po
        for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
        if not po.with_suffix(".mo").exists() or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime
    ]


@contextlib.contextmanager
def _workers_lock(name: str) -> Iterator[None]:
    """A lock shared by the xdist workers, so only one compiles while the others wait."""
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock, the compile is idempotent anyway
        yield
        return
    with open(Path(tempfile.gettempdir()) / name, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(autouse=True, scope="session")
def compiled_catalogs(tmp_path_factory) -> None:
    """The .mo files, compiled before a worker's first test when missing or older than their .po.

    scripts/setup.sh compiles them; this covers a catalog edited since. Compiled in the middle of
    a run instead, a worker that had already read a catalog kept its old words, so the German
    and Russian answers of later tests depended on the order. Without msgfmt nothing is
    compiled here and tests/core/test_translations.py says what to install.
    """
    if not stale_catalogs() or shutil.which("msgfmt") is None:
        return
    with _workers_lock("frontdesk-compilemessages.lock"):
        if not stale_catalogs():  # another worker compiled them meanwhile
            return
        result = subprocess.run(
            [sys.executable, "-m", "django", "compilemessages", "--ignore=var", "--ignore=.venv"],
            cwd=LOCALE_DIR.parent,
            env={
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "frontdesk.settings",
                "FRONTDESK_VAR_DIR": str(tmp_path_factory.mktemp("compile-var")),
            },
            capture_output=True,
            text=True,
            check=False,
        )
    assert result.returncode == 0, f"compilemessages failed:\n{result.stdout}\n{result.stderr}"


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Each test starts in the site's default language and leaves no language active behind it.

    A test that activated Russian once made a later test on the same worker read Russian labels.
    """
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def empty_cache() -> Iterator[None]:
    """Each test starts with an empty cache: the login and reset throttles and the door's rate
    limit count there, and one test's attempts must not throttle the next test on the worker."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def _is_transactional(request) -> bool:
    marker = request.node.get_closest_marker("django_db")
    return "transactional_db" in request.fixturenames or bool(marker and marker.kwargs.get("transaction"))


@pytest.fixture(autouse=True)
def reference_rows(request):
    """Rows that data migrations seed (the inbox statuses, the public edition) come back after a
    transactional test.

    A transactional test ends by emptying every table, seeded rows included; the next one on
    the same worker would otherwise start without them.
    """
    if _is_transactional(request):
        request.getfixturevalue("transactional_db")
        from importlib import import_module

        from django.apps import apps

        import_module("frontdesk.inbox.migrations.0002_seed_statuses").seed(apps, None)
        # The public edition's one row (publishing migration 0004), or no page is kept.
        from frontdesk.publishing.page_cache import new_edition

        new_edition()


def grant(user, *permissions: str) -> None:
    """Give `user` Django permissions named `app.codename` (codenames may hold dots)."""
    for name in permissions:
        app_label, codename = name.split(".", 1)
        user.user_permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )
    # Django caches permissions on the instance.
    for cache in ("_perm_cache", "_user_perm_cache", "_group_perm_cache"):
        user.__dict__.pop(cache, None)


def keep_pages_for(settings, seconds: object) -> None:
    """FRONTDESK["site"]["cache_seconds"] = `seconds` (publishing/page_cache.py; 0 keeps no page),
    the rest of FRONTDESK kept, through pytest-django's `settings` fixture."""
    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "site": {**settings.FRONTDESK.get("site", {}), "cache_seconds": seconds},
    }


@pytest.fixture
def make_user(db) -> Callable:
    from frontdesk.core.models import User

    counter = iter(range(1, 10_000))

    def make(*permissions: str, email: str | None = None, language: str = "en", **fields):
        user = User.objects.create_user(
            email or f"user{next(counter)}@example.com", PASSWORD, panel_language=language, **fields
        )
        grant(user, *permissions)
        return user

    return make


@pytest.fixture
def admin_user(make_user):
    return make_user(email="admin@example.com", is_superuser=True, is_staff=True, display_name="Ada Admin")


@pytest.fixture
def admin_client(admin_user) -> Client:
    client = Client()
    client.force_login(admin_user)
    return client


@pytest.fixture
def editor_client(client, editor) -> Client:
    """The test client signed in as `editor`, whom each module's conftest names (the account with
    the module's view and manage permissions)."""
    client.force_login(editor)
    return client


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup) -> Iterator[None]:
    """pytest-django's test databases, and on SQLite the writers' queue file beside the
    worker's database (core/locks.py), which Django's teardown does not know of: a run leaves
    var/ as it found it."""
    from django.db import connections

    name = str(connections["default"].settings_dict["NAME"])
    yield
    if connections["default"].vendor == "sqlite":
        Path(f"{name}.writers").unlink(missing_ok=True)


@pytest.fixture(scope="session")
def live_server_url(django_db_setup, django_db_blocker) -> Iterator[str]:
    """frontdesk's real WSGI app (Django + MCP) under granian, in threads of this worker.

    Tests that use it need `transactional_db` so their rows are committed and visible.
    """
    from frontdesk.core.serving import build_application, server_options

    # The server and app `frontdesk serve` runs (proxy trust included), so tests run what production runs.
    options = server_options("127.0.0.1", free_port(), log_level="warning")
    with granian_in_a_thread(options, build_application()) as address:
        yield address


@pytest.fixture
def live_site(live_server_url, transactional_db) -> str:
    """The live server's address for one test, with its rows committed so the server sees them.

    (Not called `live_server`: pytest-django reserves that name for its own fixture.)
    """
    return live_server_url


@pytest.fixture
def account_notes():
    """A registered note entity for the tests: notes on accounts, guarded by core.accounts.manage."""
    from frontdesk.core.notes import ENTITIES, NoteEntity

    entity = NoteEntity(
        "test_account",
        model="core.User",
        view_permission="core.accounts.manage",
        add_permission="core.accounts.manage",
    )
    with ENTITIES.temporarily("test_account", entity):
        yield "test_account"


@pytest.fixture
def inbox_disk(settings, tmp_path):
    """Attachments go to the site's own storage class, in a fresh directory per test."""
    from django.core.cache import cache

    location = tmp_path / "inbox-files"
    settings.STORAGES = {
        **settings.STORAGES,
        "inbox": {**settings.STORAGES["inbox"], "OPTIONS": {"location": str(location), "base_url": None}},
    }
    cache.clear()
    return location


@pytest.fixture
def media(settings, tmp_path):
    """The default storage, where the picture library keeps its renditions, in a fresh folder per
    test; the private storage of the originals in another (`private_files`)."""
    location = tmp_path / "media"
    settings.MEDIA_ROOT = location
    settings.STORAGES = {
        **settings.STORAGES,
        "default": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(location), "base_url": "/media/"},
        },
        "private": {
            **settings.STORAGES["private"],
            "OPTIONS": {"location": str(tmp_path / "private"), "base_url": None},
        },
    }
    return location


@pytest.fixture
def private_files(media, tmp_path):
    """The private storage's folder of the test (the pictures' originals)."""
    return tmp_path / "private"


@pytest.fixture(scope="session")
def s3_store() -> Iterator[Store]:
    """moto's S3 server for this test worker (tests/s3.py); a visible skip where it cannot start,
    a failure under CI=true."""
    try:
        with running_store() as store:
            yield store
    except StoreUnavailable as error:
        unavailable(str(error))


@pytest.fixture
def s3(s3_store, settings, monkeypatch) -> Iterator[S3Site]:
    """The site's storages on S3 as settings.py makes them from the environment, on one new bucket:
    the media under `media/` (readable by anybody, by the bucket's policy), attachments and
    picture originals under `private/`."""
    from frontdesk import settings as site_settings

    bucket = s3_store.new_bucket(public_prefix="media")
    for name, value in s3_environment(s3_store, bucket).items():
        monkeypatch.setenv(name, value)
    private_aliases = [
        alias
        for alias, storage in settings.STORAGES.items()
        if storage["BACKEND"].endswith(".PrivateFileSystemStorage")
    ]
    on_s3 = site_settings.s3_storages(private_aliases)
    settings.STORAGES = {**settings.STORAGES, **on_s3}
    settings.MEDIA_URL = site_settings.s3_media_url(on_s3["default"]["OPTIONS"])
    yield S3Site(s3_store, bucket, settings.MEDIA_URL)
