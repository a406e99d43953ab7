"""The rules of a settings group's save, for every door (panel, API, agent tool): the permission,
each value judged by its kind and refused under its own name, secrets written only, the revision
guard, the log line without a secret's value (docs/host.md, "Settings groups")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core import log
from frontdesk.core.acting import Actor
from frontdesk.core.errors import Conflict
from frontdesk.sitesettings.models import SettingsGroup
from frontdesk.sitesettings.queries import find_group
from frontdesk.sitesettings.reading import forget
from frontdesk.sitesettings.registry import Group

ACTION = "settings.changed"
# What a log line says of a secret: its state, never its value.
SET, NOT_SET, REPLACED, CLEARED = "set", "not set", "replaced", "cleared"


def _judge(group: Group, sent: Mapping[str, Any], stored: Mapping[str, Any], *, secrets: bool, merge: bool):
    """{name: value to store} for what was sent, or a ValidationError keyed by each refused name."""
    cleaned, errors = {}, {}
    for name, value in sent.items():
        setting = group.setting(name)
        if setting is None:
            errors[name] = [_("There is no such setting in this group.")]
        elif setting.secret != secrets:
            errors[name] = [
                _("Send a secret under secrets.") if setting.secret else _("This is not a secret.")
            ]
        else:
            try:
                cleaned[name] = setting.clean(value, stored.get(name, setting.default()), merge=merge)
            except ValidationError as error:
                errors[name] = list(error.messages)
    return cleaned, errors


def _secret_changes(before: Mapping[str, str], after: Mapping[str, str], names) -> dict[str, list[str]]:
    changes = {}
    for name in names:
        old, new = before.get(name, ""), after.get(name, "")
        if old == new:
            continue
        if not old:
            changes[name] = [NOT_SET, SET]
        else:
            changes[name] = [SET, REPLACED if new else CLEARED]
    return changes


def update_group(
    name: str,
    *,
    actor: Actor,
    values: Mapping[str, Any] | None,
    secrets: Mapping[str, str | None] | None = None,
    revision: int | None = None,
    whole: bool = False,
) -> SettingsGroup:
    """Save group `name`: the `values` named (with `whole`, every value not named goes back to its
    default and translated values are taken whole), and `secrets` (a text replaces one, None clears
    it, one left out is kept, whatever `whole` says). A `revision` that is not the stored one is a
    Conflict. A save that changes nothing writes nothing; any other moves the revision by one and
    writes one log line naming what changed."""
    group = find_group(name, actor=actor)
    values, secrets = dict(values or {}), dict(secrets or {})
    with transaction.atomic():
        row, _created = SettingsGroup.objects.select_for_update().get_or_create(name=name)
        if revision is not None and revision != row.revision:
            raise Conflict(_("Someone else changed these settings in the meantime. Load them again."))
        stored = {**group.defaults(), **row.values}
        plain, errors = _judge(group, values, stored, secrets=False, merge=not whole)
        hidden, secret_errors = _judge(group, secrets, row.secrets, secrets=True, merge=False)
        if errors or secret_errors:
            raise ValidationError({**errors, **secret_errors})
        base = group.defaults() if whole else stored
        new_values = {setting.name: plain.get(setting.name, base[setting.name]) for setting in group.plain}
        new_secrets = {k: v for k, v in {**row.secrets, **hidden}.items() if v}
        changes = {
            **log.changes_between({k: stored.get(k) for k in new_values}, new_values),
            **_secret_changes(row.secrets, new_secrets, [setting.name for setting in group.secrets]),
        }
        if not changes:
            return row
        row.values, row.secrets = new_values, new_secrets
        row.revision += 1
        row.updated_at = timezone.now()
        row.save()
        log.write(row, ACTION, actor, changes=changes, detail={"group": name})
        forget(name)
    return row
