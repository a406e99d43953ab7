"""The inbox's log lines move into the host's log (core.LogEntry, core/log.py), in their order,
with their account; then the inbox's own table goes.

A line's `data` becomes the entry's `changes` ({name: [before, after]}) where it recorded a
change (status, assignee, a corrected answer, read or unread) and its `detail` otherwise (the
source of a submission). Backwards, the submissions' entries go back into the inbox's table.
"""

from django.db import migrations

BATCH = 2000


def _changes_of(action: str, data: dict) -> dict:
    if action == "submission.status_changed":
        return {"status": [data.get("old"), data.get("new")]}
    if action == "submission.assigned":
        return {"assignee": [data.get("old"), data.get("new")]}
    if action == "submission.answer_corrected":
        return {f"answers.{data.get('name', '')}": [data.get("old"), data.get("new")]}
    if action == "submission.marked_read":
        return {"is_unread": [True, False]}
    if action == "submission.marked_unread":
        return {"is_unread": [False, True]}
    return {}


def _data_of(action: str, changes: dict, detail: dict) -> dict:
    if action in ("submission.status_changed", "submission.assigned"):
        old, new = next(iter(changes.values()), (None, None))
        return {"old": old, "new": new}
    if action == "submission.answer_corrected":
        name, (old, new) = next(iter(changes.items()), ("answers.", (None, None)))
        return {"name": name.removeprefix("answers."), "old": old, "new": new}
    if action in ("submission.marked_read", "submission.marked_unread"):
        return {}
    return detail


def _submission_type(apps):
    content_types = apps.get_model("contenttypes", "ContentType")
    return content_types.objects.get_or_create(app_label="inbox", model="submission")[0]


def into_core(apps, schema_editor):
    LogLine = apps.get_model("inbox", "LogLine")
    LogEntry = apps.get_model("core", "LogEntry")
    lines = LogLine.objects.order_by("created_at", "id")
    if not lines.exists():
        return
    submission_type = _submission_type(apps)
    batch = []
    for line in lines.iterator(chunk_size=BATCH):
        changes = _changes_of(line.action, line.data or {})
        batch.append(
            LogEntry(
                content_type_id=submission_type.pk,
                object_id=line.submission_id,
                action=line.action,
                actor_id=line.actor_id,
                changes=changes,
                detail={} if changes else (line.data or {}),
                created_at=line.created_at,
            )
        )
        if len(batch) == BATCH:
            LogEntry.objects.bulk_create(batch)
            batch = []
    LogEntry.objects.bulk_create(batch)


def back_into_inbox(apps, schema_editor):
    LogLine = apps.get_model("inbox", "LogLine")
    LogEntry = apps.get_model("core", "LogEntry")
    entries = LogEntry.objects.filter(content_type=_submission_type(apps)).order_by("created_at", "id")
    batch = []
    for entry in entries.iterator(chunk_size=BATCH):
        batch.append(
            LogLine(
                submission_id=entry.object_id,
                action=entry.action,
                actor_id=entry.actor_id,
                data=_data_of(entry.action, entry.changes or {}, entry.detail or {}),
                created_at=entry.created_at,
            )
        )
        if len(batch) == BATCH:
            LogLine.objects.bulk_create(batch)
            batch = []
    LogLine.objects.bulk_create(batch)
    entries.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("core", "0003_log"),
        ("inbox", "0010_fewer_index_writes"),
    ]

    operations = [
        migrations.RunPython(into_core, back_into_inbox),
        migrations.RemoveIndex(model_name="logline", name="inbox_log_actor_idx"),
        migrations.DeleteModel(name="LogLine"),
    ]
