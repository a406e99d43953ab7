"""Fewer index pages written by every accepted post (docs/performance.md, "The public door").

Django gives every foreign key an index of its own. Here they go where nothing needs them:
- a submission's and a count row's form: every other index of those tables begins with it;
- a submission's and a count row's status: a status is looked up across forms only when it is
  deleted, after its counts said it is unused (inbox/operations/statuses.py), and count rows are
  few, being folded;
- a submission's assignee and a log line's actor: kept, but only for the rows that have one
  (partial indexes), since a visitor's new submission has neither.

Only the indexes change. Django would remake an SQLite table to change `db_index`, and remaking
the submissions table would drop the triggers of its search index (0005), so the database half
drops each single-column index itself, found by its column. MariaDB never had these: its foreign
keys keep the index InnoDB made for them (which it would refuse to drop), and it has no partial
indexes, so Django leaves the two new ones out there.
"""

from django.conf import settings
from django.db import migrations, models

# (model, column): the single-column index Django made for the foreign key goes.
SINGLE = [
    ("submission", "form_id"),
    ("submission", "status_id"),
    ("submission", "assignee_id"),
    ("tally", "form_id"),
    ("tally", "status_id"),
    ("logline", "actor_id"),
]


def _single_column_indexes(connection, table: str, column: str) -> list[str]:
    with connection.cursor() as cursor:
        constraints = connection.introspection.get_constraints(cursor, table)
    return [
        name
        for name, details in constraints.items()
        if details["index"]
        and details["columns"] == [column]
        and not (details["unique"] or details["primary_key"] or details["foreign_key"])
        and not name.startswith(("inbox_sub_", "inbox_log_"))  # the partial indexes below
    ]


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor == "mysql":
        return  # each index a foreign key has there is the one it needs
    for model_name, column in SINGLE:
        model = apps.get_model("inbox", model_name)
        for name in _single_column_indexes(schema_editor.connection, model._meta.db_table, column):
            schema_editor.execute(schema_editor._delete_index_sql(model, name))


def make_indexes_again(apps, schema_editor):
    if schema_editor.connection.vendor == "mysql":
        return  # it had none of its own (the foreign keys' indexes stayed)
    for model_name, column in SINGLE:
        model = apps.get_model("inbox", model_name)
        if not _single_column_indexes(schema_editor.connection, model._meta.db_table, column):
            field = next(field for field in model._meta.concrete_fields if field.column == column)
            schema_editor.execute(schema_editor._create_index_sql(model, fields=[field]))


def foreign_key(to, on_delete, **options):
    return models.ForeignKey(db_index=False, on_delete=on_delete, to=to, **options)


class Migration(migrations.Migration):
    dependencies = [
        ("inbox", "0009_drop_search_trigram_index"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunPython(drop_indexes, make_indexes_again, elidable=False)],
            state_operations=[
                migrations.AlterField(
                    model_name="logline",
                    name="actor",
                    field=foreign_key(
                        settings.AUTH_USER_MODEL, models.SET_NULL, blank=True, null=True, related_name="+"
                    ),
                ),
                migrations.AlterField(
                    model_name="submission",
                    name="assignee",
                    field=foreign_key(
                        settings.AUTH_USER_MODEL,
                        models.SET_NULL,
                        blank=True,
                        null=True,
                        related_name="+",
                        verbose_name="assignee",
                    ),
                ),
                migrations.AlterField(
                    model_name="submission",
                    name="form",
                    field=foreign_key(
                        "inbox.form", models.RESTRICT, related_name="submissions", verbose_name="form"
                    ),
                ),
                migrations.AlterField(
                    model_name="submission",
                    name="status",
                    field=foreign_key(
                        "inbox.status", models.PROTECT, related_name="+", verbose_name="status"
                    ),
                ),
                migrations.AlterField(
                    model_name="tally",
                    name="form",
                    field=foreign_key("inbox.form", models.CASCADE, related_name="tallies"),
                ),
                migrations.AlterField(
                    model_name="tally",
                    name="status",
                    field=foreign_key("inbox.status", models.CASCADE, related_name="tallies"),
                ),
            ],
        ),
        migrations.AddIndex(
            model_name="logline",
            index=models.Index(
                condition=models.Q(("actor__isnull", False)), fields=["actor"], name="inbox_log_actor_idx"
            ),
        ),
        migrations.AddIndex(
            model_name="submission",
            index=models.Index(
                condition=models.Q(("assignee__isnull", False)),
                fields=["assignee"],
                name="inbox_sub_assignee_idx",
            ),
        ),
    ]
