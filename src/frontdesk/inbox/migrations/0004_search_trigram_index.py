"""On PostgreSQL, a trigram index for the explorer's search (docs/performance.md).

The search looks for words anywhere in `search_text` (LIKE '%word%'), which no B-tree can serve;
pg_trgm's GIN index can. Other databases keep scanning the form's rows. pg_trgm is a trusted
extension (PostgreSQL 13+), so a database owner may create it; where that is refused, the
migration goes on without the index and says so.
"""

from django.db import DatabaseError, migrations, transaction

INDEX = "inbox_sub_search_trgm"


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    try:
        with transaction.atomic(using=schema_editor.connection.alias):
            schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    except DatabaseError as refusal:
        print(f"\n  inbox: no trigram index for search (pg_trgm refused: {refusal}); search scans instead.")
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON inbox_submission USING gin (search_text gin_trgm_ops)"
    )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("inbox", "0003_explorer_tallies")]

    operations = [migrations.RunPython(create_index, drop_index, elidable=False)]
