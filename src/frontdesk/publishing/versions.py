"""Versions and revisions of a `Versioned` row (docs/host.md, "Versions"): save into the draft,
publish with a snapshot, unpublish, discard, list the versions and restore one into the draft.

Every accepted change moves the row's revision by compare-and-set (`UPDATE ... WHERE pk = %s AND
revision = %s`, then the row count), inside the operation's transaction: of two changes carrying
the same revision exactly one wins on every database, and the other raises `Conflict` having
changed nothing. The doors (API, MCP tools, panel) call these functions and hold no rule.
"""

from __future__ import annotations

import copy
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F, Max, QuerySet
from django.db.models.signals import post_delete
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, current_token, require_permission
from frontdesk.core.errors import Conflict, NotFound
from frontdesk.core.fields import TranslatedField, TranslatedItemsField
from frontdesk.core.limits import MAX_INTEGER
from frontdesk.publishing.models import State, Version, Versioned


def require_edit_permission(actor: Actor, model: type[Versioned]) -> None:
    """The model's `edit_permission`, asked of `actor` by every operation on its rows (here and in
    publishing/duplicate.py); `actor=None` is the system (demo content, commands), as in every
    operation."""
    if model.edit_permission:
        require_permission(actor, model.edit_permission)


def _claim[Row: Versioned](actor: Actor, obj: Row, revision: int | None) -> Row:
    """Move the row's revision by one if it is still `revision` (None: whatever it is) and answer
    the row as stored now. The UPDATE also locks the row until the transaction ends, so what is
    read and written after it cannot be changed by anyone else in between."""
    model = type(obj)
    require_edit_permission(actor, model)
    if revision is not None and (isinstance(revision, bool) or not 0 < revision <= MAX_INTEGER):
        raise Conflict()  # a revision the row never had is as stale as an old one
    rows = model._base_manager.filter(pk=obj.pk)
    guarded = rows if revision is None else rows.filter(revision=revision)
    if guarded.update(revision=F("revision") + 1) != 1:
        if rows.exists():
            raise Conflict()
        raise NotFound()
    return rows.get()


def _merged(row: Versioned, sent: dict[str, Any], *, by_language: bool) -> dict[str, Any]:
    """The draft's values with `sent` over them, when `by_language`: a translated value by
    language (the host's one rule, each text cleaned as its field stores it: trimmed, rich text
    cleaned), a list of translated items item by item and then by language; every other value,
    and every value when not `by_language` (a restore), whole.

    The values are merged here and only here: an operation passes them as the door received
    them. Merged twice, a language removed by the first merge would come back in the second."""
    current = row.draft_values()
    merged = dict(current)
    errors: dict[str, list[str]] = {}
    for name, value in sent.items():
        field = row._meta.get_field(name)
        if by_language and isinstance(field, TranslatedField | TranslatedItemsField):
            try:
                value = field.merge(current.get(name), value)
            except ValidationError as error:
                if hasattr(error, "error_dict"):  # an item's value: highlights.2.heading
                    errors.update({f"{name}.{key}": texts for key, texts in error.message_dict.items()})
                else:
                    errors[name] = error.messages
                continue
        merged[name] = value
    if errors:
        raise ValidationError(errors)
    return merged


def _checked[Row: Versioned](row: Row, values: dict[str, Any], *, by_language: bool = True) -> Row:
    """A copy of `row` holding the draft with `values` over it, judged by the model's full_clean
    (a bad value is refused under its field's name)."""
    unknown = sorted(set(values) - set(row.versioned_fields))
    if unknown:
        raise ValidationError({"__all__": [_("Unknown setting: %(keys)s.") % {"keys": ", ".join(unknown)}]})
    candidate = copy.copy(row)
    candidate.apply_values(_merged(row, values, by_language=by_language))
    candidate.full_clean()
    return candidate


def _keep[Row: Versioned](row: Row, candidate: Row) -> Row:
    """Store what `candidate` holds as the row's draft: in the columns of a row never published,
    else as the values that differ from the published ones."""
    if row.state == State.DRAFT:
        _save_judged(candidate)
        return candidate
    published = row.column_values()
    pending = {
        name: value for name, value in candidate.column_values().items() if published.get(name) != value
    }
    row.draft = pending or None
    if row.state in (State.PUBLISHED, State.CHANGED):
        row.state = State.CHANGED if pending else State.PUBLISHED
    row.save()
    return row


@transaction.atomic
def save_draft[Row: Versioned](actor: Actor, obj: Row, *, values: dict[str, Any], revision: int) -> Row:
    """Save `values` (the fields named; the others keep theirs) into the draft of `obj`, if
    `revision` is still the row's; answer the row with its new revision."""
    row = _claim(actor, obj, revision)
    before = row.draft_values()
    kept = _keep(row, _checked(row, values))
    _log(kept, "changed", actor, changes=log.changes_between(before, kept.draft_values()))
    return kept


@transaction.atomic
def publish[Row: Versioned](actor: Actor, obj: Row, *, revision: int | None = None) -> Row:
    """Put the draft onto the site and keep the published values as the next version, which
    names `actor` and the token it acted with (core/acting.py). Publishing a row already published with nothing
    pending is accepted and takes no version: nothing new went onto the site."""
    row = _claim(actor, obj, revision)
    unchanged = row.state == State.PUBLISHED and not row.draft
    row.apply_values(row.draft_values())
    row.draft = None
    row.state = State.PUBLISHED
    row.full_clean()  # again: since the save, another row may have taken a unique value
    _save_judged(row)
    if not unchanged:
        version = _snapshot(row, actor)
        _log(row, "published", actor, detail={"version": version.number})
    return row


def _save_judged(row: Versioned) -> None:
    """Save `row`, judged by full_clean() a moment ago. A unique value another transaction took
    in that moment is refused as full_clean() refuses it, under the field's name (422), not as
    the database's error (500)."""
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        row.validate_unique()  # sees the other row now (read committed everywhere): raises
        raise


def _log(row: Versioned, verb: str, actor, **values) -> None:
    """The row's line in the host's log (core/log.py), its kind first: notice.published. With the
    versions, it is what a History tab shows."""
    log.write(row, f"{row._meta.model_name}.{verb}", actor, **values)


def _snapshot(row: Versioned, actor) -> Version:
    kind = ContentType.objects.get_for_model(row)
    # The row is locked by _claim, so no other publish of it can take the same number.
    last = Version.objects.filter(content_type=kind, object_id=row.pk).aggregate(last=Max("number"))["last"]
    return Version.objects.create(
        content_type=kind,
        object_id=row.pk,
        number=(last or 0) + 1,
        values=row.column_values(),
        actor=actor,
        token=current_token(),
    )


@transaction.atomic
def unpublish[Row: Versioned](actor: Actor, obj: Row, *, revision: int | None = None) -> Row:
    """Take the row off the site. Its values stay as they are, pending edits included, so that
    publishing again puts back what the site showed plus those edits."""
    row = _claim(actor, obj, revision)
    if row.state in (State.PUBLISHED, State.CHANGED):
        row.state = State.UNPUBLISHED
    row.save()
    _log(row, "unpublished", actor)
    return row


@transaction.atomic
def discard[Row: Versioned](actor: Actor, obj: Row, *, revision: int | None = None) -> Row:
    """Throw the pending edits away: the draft is the published values again. A published row
    stays published, an unpublished one stays off the site; a row never published has none."""
    row = _claim(actor, obj, revision)
    discarded = sorted(row.draft or {})
    row.draft = None
    if row.state == State.CHANGED:
        row.state = State.PUBLISHED
    row.save()
    _log(row, "discarded", actor, detail={"names": discarded})
    return row


def versions_of(obj: Versioned) -> QuerySet[Version]:
    """The row's versions, the first (1) first."""
    kind = ContentType.objects.get_for_model(obj)
    return Version.objects.filter(content_type=kind, object_id=obj.pk).select_related("actor", "token")


@transaction.atomic
def restore_version[Row: Versioned](
    actor: Actor, obj: Row, number: int, *, revision: int | None = None
) -> Row:
    """Put the values of version `number` into the draft, as a save of them would: checked, and
    pending until published (a published row becomes published with edits)."""
    row = _claim(actor, obj, revision)
    version = versions_of(row).filter(number=number).first() if 0 < number <= MAX_INTEGER else None
    if version is None:
        raise NotFound(_("There is no version %(number)s of this record.") % {"number": number})
    # Only the values the model still versions: a field dropped since the version is skipped.
    values = {name: value for name, value in version.values.items() if name in row.versioned_fields}
    # Whole values, not merged by language: the draft becomes what the version holds.
    kept = _keep(row, _checked(row, values, by_language=False))
    _log(kept, "version_restored", actor, detail={"version": number})
    return kept


def _forget_versions(sender, instance: Versioned, **kwargs) -> None:
    versions_of(instance).delete()


def connect_versioned_models(models) -> None:
    """A deleted row takes its versions with it. Connected per versioned model (from core's
    ready()) rather than for every sender, which would stop Django's fast deletes everywhere."""
    for model in models:
        if issubclass(model, Versioned):
            post_delete.connect(_forget_versions, sender=model, dispatch_uid=f"versions:{model._meta.label}")
