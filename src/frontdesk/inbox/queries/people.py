"""Who a submission may be assigned to, and its log in words."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import Permission
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from frontdesk.core.models import LogEntry
from frontdesk.inbox.models import Status

# --- the submission screen and the assignee control --------------------------------------------


def assignees() -> QuerySet:
    """Active accounts that may open the inbox (inbox.view directly, by a role, or as superuser):
    who a submission may be assigned to. One query."""
    from django.contrib.auth import get_user_model

    User = get_user_model()
    grant = Permission.objects.filter(codename="view", content_type__app_label="inbox")
    by_role = User.groups.through.objects.filter(group__permissions__in=grant).values("user")
    may_open = Q(is_superuser=True) | Q(pk__in=grant.values("user")) | Q(pk__in=by_role)
    return User.objects.filter(may_open, is_active=True).order_by("display_name", "email")


@dataclass(frozen=True)
class LoggedAction:
    line: LogEntry
    text: str  # the action in words, in the active language


def _short(value: object, limit: int = 80) -> str:
    text = " ".join(str(value or "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def log_entries(lines: list[LogEntry]) -> list[LoggedAction]:
    """The log lines of a submission with their action in words (at most two queries, for the
    statuses and accounts the lines name)."""
    from django.contrib.auth import get_user_model

    status_ids, account_ids = set(), set()
    for line in lines:
        if line.action == "submission.status_changed":
            status_ids |= set(line.changes.get("status", ()))
        elif line.action == "submission.assigned":
            account_ids |= set(line.changes.get("assignee", ()))
    status_ids.discard(None)
    account_ids.discard(None)
    statuses = {s.pk: str(s) for s in Status.objects.filter(pk__in=status_ids)} if status_ids else {}
    accounts = (
        {a.pk: str(a) for a in get_user_model().objects.filter(pk__in=account_ids)} if account_ids else {}
    )
    return [LoggedAction(line, _log_text(line, statuses, accounts)) for line in lines]


def _log_text(line: LogEntry, statuses: dict, accounts: dict) -> str:
    detail, changes = line.detail or {}, line.changes or {}
    gone = _("(deleted)")
    if line.action == "submission.created":
        return _("Typed in by hand") if detail.get("source") == "panel" else _("Received from the website")
    if line.action == "submission.repeated":
        return _("Sent again with the same answers")
    if line.action == "submission.status_changed":
        old, new = changes.get("status", (None, None))
        return _("Status changed from %(old)s to %(new)s") % {
            "old": statuses.get(old, gone),
            "new": statuses.get(new, gone),
        }
    if line.action == "submission.assigned":
        old, new = changes.get("assignee", (None, None))
        if new is None:
            return _("No longer assigned to %(name)s") % {"name": accounts.get(old, gone)}
        return _("Assigned to %(name)s") % {"name": accounts.get(new, gone)}
    if line.action == "submission.answer_corrected":
        key, (old, new) = next(iter(changes.items()), ("answers.", (None, None)))
        return _("Answer %(name)s corrected from “%(old)s” to “%(new)s”") % {
            "name": key.removeprefix("answers."),
            "old": _short(old),
            "new": _short(new),
        }
    if line.action == "submission.marked_read":
        return _("Marked read")
    if line.action == "submission.marked_unread":
        return _("Marked unread")
    return line.action
