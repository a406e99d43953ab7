"""Moving a model out of core into an app of its own, keeping its table and its rights (issue 26).

The model keeps its table (`Meta.db_table`), so its move is a pair of migrations that change
Django's state only: the new app's initial migration creates it in the state, core's migration
deletes it there (`SeparateDatabaseAndState`). `move_content_types` moves its ContentType row to
the new app label, keeping the row's id: permissions, groups' rights, log lines and versions
point at the same row before and after. Reversible: going back gives the rows back to core.
"""

from __future__ import annotations

from django.db import migrations


def move_content_types(old_label: str, new_label: str, models: list[str]) -> migrations.RunPython:
    """The RunPython that relabels the ContentType rows of `models` (lower-case model names)."""

    def relabel(apps, from_label: str, to_label: str) -> None:
        content_type = apps.get_model("contenttypes", "ContentType")
        for model in models:
            # A database migrated before has the row under the old label; a new one has no row
            # yet (post_migrate creates it after the last migration, under the new label).
            if not content_type.objects.filter(app_label=to_label, model=model).exists():
                content_type.objects.filter(app_label=from_label, model=model).update(app_label=to_label)

    return migrations.RunPython(
        lambda apps, schema_editor: relabel(apps, old_label, new_label),
        lambda apps, schema_editor: relabel(apps, new_label, old_label),
        elidable=False,
    )
