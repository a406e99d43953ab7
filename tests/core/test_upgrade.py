"""An existing site upgrades to the split of core (issue 26) without losing anything.

What the test builds, on the database the suite runs on (SQLite, PostgreSQL or MariaDB):
1. At the current layout: the demo (`frontdesk demo`: pictures, pages with their versions and
   addresses, FAQ categories, the SEO settings group, log lines), plus one row of every moved
   model the demo may leave out (a picture, an address and a former address, a settings group,
   a category, a version), a group holding the moved models' default permissions and the host's
   custom ones (core.pictures.manage, core.settings.manage), an account in that group, and a
   log line pointing at a picture.
2. Migrates BACK to the layout before the split (core 0010, the FAQ's 0001, the new apps
   unapplied): the models are core's again and so are their content types.
3. Takes a snapshot: every row of every table by column name (django_migrations aside), the content types,
   every permission (id, codename, content type id) and the groups' and accounts' rights.
4. Migrates FORWARD to the latest and takes the snapshot again.
Then every row is the same, except that the moved models' content types carry their new app
label under the same id; the account holds the same rights under the new labels.
"""

from __future__ import annotations

from collections.abc import Iterator
from io import StringIO

import pytest
from django.apps import apps
from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

MOVED = {
    "picture": "pictures",
    "route": "routes",
    "alias": "routes",
    "settingsgroup": "sitesettings",
    "version": "publishing",
    "category": "categories",
}
NEW_APPS = sorted(set(MOVED.values()))


def before_split() -> list[tuple[str, str | None]]:
    targets: list[tuple[str, str | None]] = [("core", "0010_picture_original_private")]
    if apps.is_installed("frontdesk.faq"):
        targets.append(("faq", "0001_initial"))
    return targets + [(app, None) for app in NEW_APPS]


def migrate(targets: list[tuple[str, str | None]]) -> None:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)


def latest() -> list[tuple[str, str | None]]:
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


# A column renamed on the way (publishing 0002: a version's account is its actor).
RENAMED = {("core_version", "account_id"): "actor_id"}
# Columns added on the way, compared apart (routes 0002: no address is held for a draft yet).
ADDED = {("core_route", "pending")}


def snapshot() -> dict[str, list[tuple]]:
    """Every row of every table as {column: value} in a stable order, so a table SQLite rebuilt
    with its columns in another order still compares (django_migrations aside)."""
    rows = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names(cursor)):
            if table == "django_migrations":
                continue
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")  # noqa: S608 (a table name)
            columns = [RENAMED.get((table, column[0]), column[0]) for column in cursor.description]
            rows[table] = sorted(
                tuple(
                    sorted(
                        (column, str(value))
                        for column, value in zip(columns, row, strict=True)
                        if (table, column) not in ADDED
                    )
                )
                for row in cursor.fetchall()
            )
    return rows


def rights() -> dict[str, set[tuple[int, str, int]]]:
    """Each group's and account's permissions: (id, codename, content type id)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT g.name, p.id, p.codename, p.content_type_id FROM auth_group g"
            " JOIN auth_group_permissions gp ON gp.group_id = g.id"
            " JOIN auth_permission p ON p.id = gp.permission_id"
        )
        found: dict[str, set[tuple[int, str, int]]] = {}
        for name, *permission in cursor.fetchall():
            found.setdefault(name, set()).add(tuple(permission))
    return found


@pytest.fixture
def at_latest_afterwards() -> Iterator[None]:
    """Whatever happens, the database is left at the latest migrations for the next test."""
    yield
    migrate(latest())


@pytest.mark.django_db(transaction=True)
def test_a_site_at_the_layout_before_the_split_upgrades_without_losing_a_row_or_a_right(
    media, private_files, at_latest_afterwards
):
    from frontdesk.categories.models import Category
    from frontdesk.core.models import LogEntry, User
    from frontdesk.pictures.models import Picture
    from frontdesk.publishing.models import Version
    from frontdesk.routes.models import Alias, Route
    from frontdesk.sitesettings.models import SettingsGroup

    call_command("demo", password="a long demo password 42", stdout=StringIO())
    picture = Picture.objects.create(key="upgrade", name="Upgrade", format="png", width=1, height=1)
    Route.objects.create(type_name="upgrade", object_id=1, language="en", path="upgrade-test")
    Alias.objects.create(type_name="upgrade", object_id=1, language="en", path="upgrade-before")
    SettingsGroup.objects.get_or_create(name="upgrade-test", defaults={"values": {"a": 1}})
    Category.objects.create(type="upgrade", name={"en": "Upgrade"})
    picture_type = ContentType.objects.get_for_model(Picture)
    Version.objects.create(content_type=picture_type, object_id=picture.pk, number=1, values={})
    editors = Group.objects.create(name="Upgrade editors")
    moved_permissions = Permission.objects.filter(content_type__model__in=MOVED) | Permission.objects.filter(
        content_type__app_label="core", codename__in=["pictures.manage", "settings.manage"]
    )
    editors.permissions.set(moved_permissions)
    editor = User.objects.create_user(email="upgrade@example.com", password="a long password 42")
    editor.groups.add(editors)
    LogEntry.objects.create(content_type=picture_type, object_id=picture.pk, action="upgrade-test")
    for model, app in MOVED.items():
        assert Permission.objects.filter(content_type__app_label=app, content_type__model=model).count() == 4

    migrate(before_split())
    ContentType.objects.clear_cache()
    before, rights_before = snapshot(), rights()
    content_types = [dict(row) for row in before["django_content_type"]]
    moved_types = {
        row["id"]: row for row in content_types if row["app_label"] == "core" and row["model"] in MOVED
    }
    assert {row["model"] for row in moved_types.values()} == set(MOVED)
    assert all(before[table] for table in ["core_picture", "core_route", "core_alias", "core_version"])
    assert all(before[table] for table in ["core_settingsgroup", "core_category"])

    migrate(latest())
    ContentType.objects.clear_cache()
    after, rights_after = snapshot(), rights()

    # Tables that migrations after the split make (the relations' links, the test app's newer
    # models) come back with them, empty, but for the public edition's one row (made by its
    # migration, publishing 0004); every other table is the one the site had.
    made_again = set(after) - set(before)
    assert all(not after[table] for table in made_again - {"publishing_publicedition"}), made_again
    assert len(after["publishing_publicedition"]) == 1
    assert set(before) <= set(after)
    for table in before:
        if table != "django_content_type":
            assert after[table] == before[table], table
    assert not Route.all_objects.filter(pending=True).exists()
    relabelled = [
        {**dict(row), "app_label": MOVED[dict(row)["model"]]} if dict(row)["id"] in moved_types else dict(row)
        for row in before["django_content_type"]
    ]
    assert after["django_content_type"] == sorted(tuple(sorted(row.items())) for row in relabelled)
    assert rights_after == rights_before and rights_after["Upgrade editors"]
    editor = User.objects.get(email="upgrade@example.com")
    assert editor.has_perm("pictures.change_picture") and editor.has_perm("categories.view_category")
    assert editor.has_perm("core.pictures.manage")
    # No permission is left under core for a model that moved out of it.
    assert not Permission.objects.filter(
        content_type__app_label="core", content_type__model__in=MOVED
    ).exists()
    assert LogEntry.objects.get(action="upgrade-test").content_type == ContentType.objects.get_for_model(
        Picture
    )
