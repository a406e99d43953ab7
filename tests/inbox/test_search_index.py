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
