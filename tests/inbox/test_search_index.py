"""The explorer's search on PostgreSQL is served by the index of the form's words, and the
submissions carry no second search index that every post would write and no search would read
(migrations 0007 and 0009; docs/architecture.md, "Search")."""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's GIN indexes")
def test_the_submissions_have_one_search_index_on_postgresql_the_words_of_each_form():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'inbox_submission' AND indexdef LIKE '%% USING gin %%'"
        )
        found = sorted(name for (name,) in cursor.fetchall())
    assert found == ["inbox_sub_search_words"]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's planner statistics")
def test_making_the_words_index_on_a_new_site_leaves_the_empty_table_unanalysed():
    """ANALYZE on an empty table records "no rows", and each connection then plans the foreign-key
    checks of every commit as a read of the whole table, slower with every post until autovacuum
    comes by (migration 0007's docstring)."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("frontdesk.inbox.migrations.0007_search_words_index")
    with connection.cursor() as cursor:
        cursor.execute("UPDATE pg_class SET reltuples = -1 WHERE relname = 'inbox_submission'")
        with connection.schema_editor() as editor:
            migration.create_index(apps, editor)
        cursor.execute("SELECT reltuples FROM pg_class WHERE relname = 'inbox_submission'")
        assert cursor.fetchone()[0] < 0
