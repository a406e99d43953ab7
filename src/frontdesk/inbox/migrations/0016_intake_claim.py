"""On PostgreSQL, the duplicate guard becomes part of the intake's one statement (docs/architecture.md,
"The public door"): `inbox_intake_claim` takes the lock on "form + digest of the answers", looks
for an identical submission in the window and, when there is one, stops the statement with the
error FDDUP naming it (in the error's detail); otherwise it answers the form's id, which the new
submission's row stores. Called in that row's VALUES, it runs before the statement writes
anything, and the statement, run on its own outside a transaction, commits alone: the lock is
held to its end. So an accepted post is one statement instead of BEGIN, the guard, the writes
and COMMIT.

The search is planned for its values on every call (`force_custom_plan`), as 0008's was: a
plan kept for the connection was tried, with sequential scans off so that it could not read the
whole table, and a generic plan then walked the form's newest rows by the form's date index,
looking for the digest: fast while a form is small, slower with every submission (the door's
throughput fell by a third over a five-round benchmark). `inbox_intake_guard` of 0008 is no
longer called and goes.
"""

from importlib import import_module

from django.db import migrations

CLAIM = """
CREATE OR REPLACE FUNCTION inbox_intake_claim(lock_key bigint, of_form bigint, digest varchar, since timestamptz)
RETURNS bigint LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_custom_plan AS $$
DECLARE
    earlier bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(lock_key);
    earlier := (
        SELECT s.id FROM inbox_submission s
        WHERE s.form_id = of_form AND s.answers_hash = digest AND s.created_at >= since
        ORDER BY s.created_at DESC LIMIT 1
    );
    IF earlier IS NOT NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'FDDUP', MESSAGE = 'an identical submission', DETAIL = earlier::text;
    END IF;
    RETURN of_form;
END
$$
"""

# Made again when the migration is reversed: 0008's own statement.
GUARD = import_module("frontdesk.inbox.migrations.0008_intake_functions").GUARD


def claim(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CLAIM)
        schema_editor.execute(
            "DROP FUNCTION IF EXISTS inbox_intake_guard(bigint, bigint, varchar, timestamptz)"
        )


def guard(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(GUARD)
        schema_editor.execute(
            "DROP FUNCTION IF EXISTS inbox_intake_claim(bigint, bigint, varchar, timestamptz)"
        )


class Migration(migrations.Migration):
    dependencies = [("inbox", "0015_slug_rule")]

    operations = [migrations.RunPython(claim, guard, elidable=False)]
