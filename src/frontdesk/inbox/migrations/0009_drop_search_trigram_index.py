"""On PostgreSQL, drop the trigram index of 0004: since 0007 the search reads the index of the
form's words, and nothing reads this one, while every accepted post still wrote to it (a GIN
entry per three letters of the answers, 171 MB at a million submissions). SQLite and MariaDB never
had it. Going back makes it again, as 0004 did.
"""

from importlib import import_module

from django.db import migrations

INDEX = "inbox_sub_search_trgm"


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


def make_index_again(apps, schema_editor):
    import_module("frontdesk.inbox.migrations.0004_search_trigram_index").create_index(apps, schema_editor)


class Migration(migrations.Migration):
    dependencies = [("inbox", "0008_intake_functions")]

    operations = [migrations.RunPython(drop_index, make_index_again, elidable=False)]
