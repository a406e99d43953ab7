"""On PostgreSQL, two questions the public door asks on every post, as functions
(docs/architecture.md, "The public door"): the form's version, and the duplicate guard (the
advisory lock, then the search for an identical submission in the window).

As plain statements most of their time went to planning (0.4 ms for the version's two small
tables, 0.27 ms for the search over the submission table's indexes, against 0.05 to 0.07 ms to
run them); PL/pgSQL keeps a function's plans for the connection. Not the guard's search: a plan
kept from the connection's first calls, made while the table was small or its statistics old,
read the whole table (a post took 0.4 ms more for every 1,000 submissions a connection had seen
written), so it is planned for its values on every call (`force_custom_plan`). The guard saves a
round trip instead: the lock and the search were two statements, and they cannot be one plain
statement, whose
snapshot would be taken before the lock is granted, so a post that waited for an identical one
would not see the row that one had just committed. A VOLATILE function takes a fresh snapshot
for each statement in it, after the lock. SQLite and MariaDB ask as before (core/locks.py,
Form.objects.intake_version), and nothing happens there.
"""

from django.db import migrations

VERSION = """
CREATE OR REPLACE FUNCTION inbox_form_version(of_slug varchar)
RETURNS TABLE (form_id bigint, updated_at timestamptz, arrival_status_id bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN QUERY
        SELECT f.id, f.updated_at, (
            SELECT s.id FROM inbox_status s WHERE s.is_arrival ORDER BY s.position, s.id LIMIT 1
        )
        FROM inbox_form f WHERE f.slug = of_slug AND NOT f.is_switched_off;
END
$$
"""

GUARD = """
CREATE OR REPLACE FUNCTION inbox_intake_guard(lock_key bigint, of_form bigint, digest varchar, since timestamptz)
RETURNS bigint LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_custom_plan AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(lock_key);
    RETURN (
        SELECT s.id FROM inbox_submission s
        WHERE s.form_id = of_form AND s.answers_hash = digest AND s.created_at >= since
        ORDER BY s.created_at DESC LIMIT 1
    );
END
$$
"""

DROP = [
    "DROP FUNCTION IF EXISTS inbox_form_version(varchar)",
    "DROP FUNCTION IF EXISTS inbox_intake_guard(bigint, bigint, varchar, timestamptz)",
]


def create_functions(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(VERSION)
        schema_editor.execute(GUARD)


def drop_functions(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in DROP:
            schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("inbox", "0007_search_words_index")]

    operations = [migrations.RunPython(create_functions, drop_functions, elidable=False)]
