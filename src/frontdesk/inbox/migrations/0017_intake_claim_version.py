"""On PostgreSQL, the intake's one statement also checks the form's version (docs/architecture.md,
"The public door"): a worker then posts to the copy of a form it keeps without asking for the
version first, one round trip less a post. `inbox_intake_claim` takes two more arguments, the
`updated_at` and the arrival status's id the copy was loaded at (the row of
`inbox_form_version`, 0008), and, when they are given and the form is no longer so (edited,
switched off, another arrival status), stops the statement with the error FDCHG; the intake
answers FormChanged and the door judges the post again by the form as it is. Given NULL, it
checks nothing, as 0016's did. The version is checked after the lock, each query in it with a
fresh snapshot (the function is VOLATILE), so an edit committed while the post waited is seen.
"""

from importlib import import_module

from django.db import migrations

CLAIM = """
CREATE OR REPLACE FUNCTION inbox_intake_claim(
    lock_key bigint, of_form bigint, digest varchar, since timestamptz,
    seen_updated_at timestamptz, seen_arrival_status bigint
)
RETURNS bigint LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_custom_plan AS $$
DECLARE
    earlier bigint;
BEGIN
    PERFORM pg_advisory_xact_lock(lock_key);
    IF seen_updated_at IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM inbox_form f
        WHERE f.id = of_form AND f.updated_at = seen_updated_at AND NOT f.is_switched_off
          AND (SELECT s.id FROM inbox_status s WHERE s.is_arrival ORDER BY s.position, s.id LIMIT 1)
              = seen_arrival_status
    ) THEN
        RAISE EXCEPTION USING ERRCODE = 'FDCHG', MESSAGE = 'the form changed';
    END IF;
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

# Made again when the migration is reversed: 0016's own statement.
EARLIER = import_module("frontdesk.inbox.migrations.0016_intake_claim").CLAIM


def with_version(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(CLAIM)
        schema_editor.execute("DROP FUNCTION IF EXISTS inbox_intake_claim(bigint, bigint, varchar, timestamptz)")


def without_version(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(EARLIER)
        schema_editor.execute(
            "DROP FUNCTION IF EXISTS inbox_intake_claim(bigint, bigint, varchar, timestamptz, timestamptz, bigint)"
        )


class Migration(migrations.Migration):
    dependencies = [("inbox", "0016_intake_claim")]

    operations = [migrations.RunPython(with_version, without_version, elidable=False)]
