"""Search by word beginnings, from an index on every database (docs/architecture.md, "Search").

1. `search_text` is rewritten as the words of the answers, each after one space (inbox/words.py);
   the field writes it that way from now on.
2. SQLite: an FTS5 table over `search_text` and `form_id` (external content: it keeps only the
   index), kept in step by three triggers, and filled from the rows already there. Tokenizer
   `ascii`: the words are already folded and split by the rule, so it only has to split at the
   spaces (non-ASCII bytes are word characters to it, and nothing else is left). The form's id
   is indexed too, so that one FTS query answers "this form's rows with these words" (a search
   filters by form before anything else); `detail=column` keeps which column holds a word, which
   that needs, and no positions; `columnsize=0` no lengths (there is no ranking).
3. MariaDB: a FULLTEXT index on `search_text`, created with the stopword list switched off for
   this session (InnoDB records that with the index), so "the" or "about" can be found too.
4. PostgreSQL keeps the trigram index of 0004; it is dropped while the rows are rewritten and
   built again after, which is much faster than updating it row by row. `search_text` gets a
   statistics target of 1000: with the default 100, ANALYZE's sample tells the planner little
   about `LIKE '%word%'`, and at a million rows it guessed 10,100 rows for a word in 859 and
   joined the form's whole index to the search (20 ms instead of 4).

A migration that rebuilds inbox_submission on SQLite (Django does for most field changes there)
drops the triggers: tests/inbox/test_search.py fails then, and such a migration must create them
again (create_sqlite_index below).
"""

from django.db import migrations

from frontdesk.inbox.words import search_text

FTS = "inbox_submission_fts"
FULLTEXT = "inbox_sub_search_ft"
TRIGRAM = "inbox_sub_search_trgm"  # 0004's
BATCH = 5000

# Names written out (the table's name is FTS above): these are the statements as they run.
SQLITE_INDEX = [
    """CREATE VIRTUAL TABLE inbox_submission_fts USING fts5(
        search_text, form_id, content='inbox_submission', content_rowid='id',
        tokenize='ascii', detail='column', columnsize=0)""",
    """CREATE TRIGGER inbox_submission_fts_insert AFTER INSERT ON inbox_submission BEGIN
        INSERT INTO inbox_submission_fts(rowid, search_text, form_id)
        VALUES (new.id, new.search_text, new.form_id);
    END""",
    """CREATE TRIGGER inbox_submission_fts_delete AFTER DELETE ON inbox_submission BEGIN
        INSERT INTO inbox_submission_fts(inbox_submission_fts, rowid, search_text, form_id)
        VALUES ('delete', old.id, old.search_text, old.form_id);
    END""",
    """CREATE TRIGGER inbox_submission_fts_update AFTER UPDATE OF search_text, form_id ON inbox_submission
        WHEN old.search_text IS NOT new.search_text OR old.form_id IS NOT new.form_id BEGIN
        INSERT INTO inbox_submission_fts(inbox_submission_fts, rowid, search_text, form_id)
        VALUES ('delete', old.id, old.search_text, old.form_id);
        INSERT INTO inbox_submission_fts(rowid, search_text, form_id)
        VALUES (new.id, new.search_text, new.form_id);
    END""",
    "INSERT INTO inbox_submission_fts(inbox_submission_fts) VALUES ('rebuild')",
]


def rewrite_search_text(connection) -> None:
    """Every row's search_text as words (the rows stay as they are otherwise)."""
    last = 0
    with connection.cursor() as cursor:
        while True:
            cursor.execute(
                "SELECT id, search_text FROM inbox_submission WHERE id > %s ORDER BY id LIMIT %s",
                [last, BATCH],
            )
            rows = cursor.fetchall()
            if not rows:
                return
            last = rows[-1][0]
            folded = [(search_text(text), pk, text) for pk, text in rows]
            changed = [(new, pk) for new, pk, old in folded if new != old]
            if changed:
                cursor.executemany("UPDATE inbox_submission SET search_text = %s WHERE id = %s", changed)


def trigram_index_exists(schema_editor) -> bool:
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_indexes WHERE indexname = %s", [TRIGRAM])
        return cursor.fetchone() is not None


def create_index(apps, schema_editor):
    connection = schema_editor.connection
    if connection.vendor == "postgresql":
        trigram = trigram_index_exists(schema_editor)
        if trigram:
            schema_editor.execute(f"DROP INDEX {TRIGRAM}")
        rewrite_search_text(connection)
        if trigram:
            schema_editor.execute(
                f"CREATE INDEX {TRIGRAM} ON inbox_submission USING gin (search_text gin_trgm_ops)"
            )
        schema_editor.execute("ALTER TABLE inbox_submission ALTER COLUMN search_text SET STATISTICS 1000")
        return
    rewrite_search_text(connection)
    if connection.vendor == "sqlite":
        create_sqlite_index(schema_editor)
    elif connection.vendor == "mysql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT @@SESSION.innodb_ft_enable_stopword")
            (stopwords,) = cursor.fetchone()
            cursor.execute("SET SESSION innodb_ft_enable_stopword = OFF")
            try:
                # ALGORITHM=COPY: added in place to a table that had such an index before (this
                # migration undone and done again), MariaDB 10.11 finds none of the rows already
                # there. Adding the first FULLTEXT index rebuilds the table either way.
                cursor.execute(
                    f"ALTER TABLE inbox_submission ADD FULLTEXT INDEX {FULLTEXT} (search_text), ALGORITHM=COPY"
                )
            finally:
                cursor.execute("SET SESSION innodb_ft_enable_stopword = %s", ["ON" if stopwords else "OFF"])


def create_sqlite_index(schema_editor) -> None:
    for statement in SQLITE_INDEX:
        schema_editor.execute(statement)


def drop_index(apps, schema_editor):
    # search_text stays as words: the substring search of before finds in it what it found.
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        for trigger in ("insert", "delete", "update"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {FTS}_{trigger}")
        schema_editor.execute(f"DROP TABLE IF EXISTS {FTS}")
    elif vendor == "mysql":
        schema_editor.execute(f"ALTER TABLE inbox_submission DROP INDEX {FULLTEXT}")
    elif vendor == "postgresql":
        schema_editor.execute("ALTER TABLE inbox_submission ALTER COLUMN search_text SET STATISTICS -1")


class Migration(migrations.Migration):
    dependencies = [("inbox", "0004_search_trigram_index")]

    # Not atomic on MariaDB, whose DDL cannot be rolled back (each batch of rows commits alone, and
    # a run stopped midway resumes: folded rows stay as they are). SQLite and PostgreSQL run the
    # whole migration in one transaction whatever this says.
    operations = [migrations.RunPython(create_index, drop_index, atomic=False, elidable=False)]
