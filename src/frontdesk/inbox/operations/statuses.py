"""Statuses: create, change, sort and delete them, keeping the two flags that must live on exactly one.

Exactly one status carries the arrival flag (new submissions get it) and exactly one the spam flag.
Giving a flag to a status moves it: the previous holder loses it in the same transaction. Taking
a flag away from its only holder is refused, as is deleting a status that carries one of them or
that submissions use. The rules are written down in docs/inbox.md, "Statuses".
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor, require_permission
from frontdesk.core.inputs import refuse_unknown_keys
from frontdesk.core.languages import default_language
from frontdesk.core.ordering import reorder
from frontdesk.inbox.models import Status
from frontdesk.inbox.models.statuses import colour_validator
from frontdesk.inbox.operations import tallies
from frontdesk.inbox.operations.common import translations
from frontdesk.inbox.permissions import MANAGE

STATUS_KEYS = {"label", "colour", "is_arrival", "is_spam", "is_closed"}
FLAGS = ("is_arrival", "is_spam", "is_closed")
DEFAULT_COLOUR = "#64748b"


def _flag_messages() -> dict[str, str]:
    return {
        "is_arrival": _("One status must take new submissions; give this flag to another status instead."),
        "is_spam": _("One status must mark spam; give this flag to another status instead."),
    }


def _label(status: Status, values: dict) -> dict:
    """The label as saved over the stored one: languages not named stay, the default one must remain."""
    label = translations(status.label, values, "label", "label")
    language = default_language()
    if not label.get(language):
        raise ValidationError(
            {"label": [_("Give the label in the site's default language (%(code)s).") % {"code": language}]}
        )
    return label


def _colour(value: object) -> str:
    text = str(value or "").strip().lower()
    try:
        colour_validator(text)
    except ValidationError as error:
        raise ValidationError({"colour": error.messages}) from None
    return text


def _apply(status: Status, values: dict, creating: bool) -> None:
    refuse_unknown_keys(values, STATUS_KEYS, location="__all__")
    if creating or "label" in values:
        status.label = _label(status, values)
    if "colour" in values:
        status.colour = _colour(values["colour"])
    for flag in FLAGS:
        if flag in values:
            if not isinstance(values[flag], bool):
                raise ValidationError({flag: [_("Say true or false.")]})
            setattr(status, flag, values[flag])
    if status.is_arrival and status.is_spam:
        raise ValidationError({"is_spam": [_("A status cannot both take new submissions and mark spam.")]})


# What a status's log line compares.
LOGGED_STATUS_VALUES = ("label", "colour", "is_arrival", "is_spam", "is_closed")


def create_status(*, actor: Actor, values: dict) -> Status:
    """A new status at the end of the order; a flag it is given (arrival, spam) moves to it."""
    return _save_status(actor, None, values)


def update_status(status: Status, *, actor: Actor, values: dict) -> Status:
    """Change what `values` names; a flag given moves to this status."""
    return _save_status(actor, status, values)


@transaction.atomic
def _save_status(actor: Actor, status: Status | None, values: dict) -> Status:
    require_permission(actor, MANAGE)
    values = dict(values or {})
    # Lock every status: moving a flag changes two rows, and two saves must not both move it.
    statuses = {row.pk: row for row in Status.objects.select_for_update().order_by("pk")}
    creating = status is None
    if status is None:
        status = Status(
            colour=DEFAULT_COLOUR, position=max((s.position for s in statuses.values()), default=0) + 1
        )
    elif status.pk in statuses:
        status = statuses[status.pk]  # the locked row, not the caller's possibly stale copy
    else:
        raise Status.DoesNotExist
    logged = {} if creating else log.values_of(status, LOGGED_STATUS_VALUES)
    before = {flag: getattr(status, flag) for flag in ("is_arrival", "is_spam")}
    _apply(status, values, creating)
    messages = _flag_messages()
    for flag in ("is_arrival", "is_spam"):
        holders = [pk for pk, row in statuses.items() if getattr(row, flag) and pk != status.pk]
        if before[flag] and not getattr(status, flag) and not holders:
            raise ValidationError({flag: [messages[flag]]})
    status.save()
    if creating:
        made = log.changes_between({}, log.values_of(status, LOGGED_STATUS_VALUES))
        log.write(status, "status.created", actor, changes=made)
    else:
        log.write_changes(status, "status.changed", actor, logged)
    for flag in ("is_arrival", "is_spam"):
        if getattr(status, flag):
            for holder in [row for pk, row in statuses.items() if getattr(row, flag) and pk != status.pk]:
                # The flag moves: its previous holder loses it, and its log says so.
                Status.objects.filter(pk=holder.pk).update(**{flag: False})
                log.write(holder, "status.changed", actor, changes={flag: [True, False]})
    return status


@transaction.atomic
def purge_status(status: Status, *, actor: Actor) -> None:
    """Delete a status nobody needs: not the arrival or spam status, used by no submission."""
    require_permission(actor, MANAGE)
    status = Status.objects.select_for_update().get(pk=status.pk)
    if status.is_arrival:
        raise ValidationError(
            {"__all__": [_("New submissions arrive in this status; give that flag to another status first.")]}
        )
    if status.is_spam:
        raise ValidationError(
            {"__all__": [_("This status marks spam; give that flag to another status first.")]}
        )
    in_use = _("Submissions have this status; move them to another status first.")
    # The kept counts answer without reading submissions; the protecting foreign key is the backstop.
    if tallies.status_in_use(status.pk):
        raise ValidationError({"__all__": [in_use]})
    try:
        with transaction.atomic():
            log.write(status, "status.deleted", actor, detail={"label": status.label})
            status.delete()
    except ProtectedError:
        raise ValidationError({"__all__": [in_use]}) from None


@transaction.atomic
def reorder_statuses(*, actor: Actor, ids: list) -> None:
    """Store the dragged order; `ids` names every status exactly once (core/ordering)."""
    require_permission(actor, MANAGE)
    reorder(Status.objects.all(), ids, location="order")
