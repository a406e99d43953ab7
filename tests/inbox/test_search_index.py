"""The explorer's search on PostgreSQL is served by a trigram index (docs/performance.md)."""

from __future__ import annotations

import pytest
from django.db import connection

pytestmark = pytest.mark.django_db


@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL index (pg_trgm)")
def test_postgresql_has_a_trigram_index_on_the_search_text():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'inbox_sub_search_trgm'")
        found = cursor.fetchone()
    assert found and "gin" in found[0] and "gin_trgm_ops" in found[0] and "search_text" in found[0]
