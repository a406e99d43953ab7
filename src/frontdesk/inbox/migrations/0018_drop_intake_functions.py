"""The public door's PL/pgSQL functions go (docs/architecture.md, "The public door"): the intake
is one ORM transaction on every database now, the lock taken by core/locks.py and the search for
an identical submission written once, in Python (operations/intake.find_duplicate), and the form
read for every post. Reversed, the functions of 0008 and 0017 are made again as they were.
"""

from importlib import import_module

from django.db import migrations

VERSION = import_module("frontdesk.inbox.migrations.0008_intake_functions").VERSION
CLAIM = import_module("frontdesk.inbox.migrations.0017_intake_claim_version").CLAIM
DROP = [
    "DROP FUNCTION IF EXISTS inbox_form_version(varchar)",
    "DROP FUNCTION IF EXISTS inbox_intake_claim(bigint, bigint, varchar, timestamptz, timestamptz, bigint)",
]


def drop_functions(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        for statement in DROP:
            schema_editor.execute(statement)


def create_functions(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(VERSION)
        schema_editor.execute(CLAIM)


class Migration(migrations.Migration):
    dependencies = [("inbox", "0017_intake_claim_version")]

    operations = [migrations.RunPython(drop_functions, create_functions, elidable=False)]
