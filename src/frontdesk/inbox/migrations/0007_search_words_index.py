"""On PostgreSQL, search by a GIN index of the words, each led by its form's id (docs/architecture.md,
"Search"); SQLite and MariaDB keep the indexes of 0005, and nothing happens there.

The trigram index of 0004 found candidates for `LIKE '%word%'` over all forms, which were then
and'ed with the form's rows and tested row by row: at a million rows, 22 ms to count "invoice"
in the largest form. This index holds `search_text`'s words as a tsvector, "7/invoice" for form 7,
so that `'7/invoice':*` is exactly "this form's rows with a word beginning so": 2 ms in the index
for the same count, and 88 MB against the trigram index's 171 MB.

The expression is written out the same in inbox/queries/search.py (PG_WORDS), which the planner
needs to use the index; tests/inbox/test_search.py checks that it does. A tsvector holds at most
1 MB of distinct words, so a text of 100,000 bytes or more is indexed as the word "#long" (a
candidate for every search, tested by strpos), never refused.

The index's column gets a statistics target of 1000, as search_text got in 0005: the planner reads
a word's share of a form from it, to choose between walking the form's date index (a common word)
and reading the index's matches (a rare one); with the default it took 2,008 rows for 138 and
and'ed the form's whole btree index into the search (12 ms instead of 0.2). ANALYZE at once:
autovacuum would gather the expression's statistics only after many rows had changed, and until
then the planner guesses. Not on an empty table, as on a new site: there ANALYZE records "no
rows", and every connection then kept a plan that reads the whole table for the foreign-key checks
of each commit until autovacuum analysed it again (a post on PostgreSQL took 0.16 ms more for
every 1,000 submissions, from 3.0 ms to 3.8 ms over the first 4,000); a table never analysed is
planned as one of some size.

The trigram index of 0004 is read by no search now; 0009 drops it.
"""

from django.db import migrations

INDEX = "inbox_sub_search_words"
WORDS = (
    "replace(CASE WHEN octet_length(search_text) < 100000 THEN search_text ELSE ' #long' END,"
    " ' ', ' ' || form_id::text || '/')::tsvector"
)


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"CREATE INDEX IF NOT EXISTS {INDEX} ON inbox_submission USING gin (({WORDS}))")
    schema_editor.execute(f"ALTER INDEX {INDEX} ALTER COLUMN 1 SET STATISTICS 1000")
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT EXISTS (SELECT 1 FROM inbox_submission)")
        (has_rows,) = cursor.fetchone()
    if has_rows:
        schema_editor.execute("ANALYZE inbox_submission")


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("inbox", "0006_tally_changes")]

    # Each statement commits alone: ANALYZE in the transaction that created the index did not use
    # its new statistics target (PostgreSQL 15: the default's 1,000 most common words at a million
    # rows, none on a small table). A run stopped midway is done again from the start.
    atomic = False

    operations = [migrations.RunPython(create_index, drop_index, elidable=False)]
