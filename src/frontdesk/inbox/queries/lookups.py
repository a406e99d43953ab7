"""References by name: the agent tools name statuses and accounts as people do."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from frontdesk.core.finding import find
from frontdesk.inbox.models import Form, Status


def find_form(key: object) -> Form:
    """A form by id or by slug (the agent tools accept both); NotFound otherwise."""
    return find(Form.objects.all(), key, address="slug", what=_("There is no form %(key)s."))


# --- references by name (the agent tools name statuses and accounts as people do) -------------


def find_status(reference: object, *, key: str = "status") -> Status:
    """A status by id, or by its label in any language, compared case-insensitively.

    A label that several statuses carry is refused (the caller must give the id), so an agent
    never moves a submission to a status it did not mean.
    """
    text = " ".join(str(reference if reference is not None else "").split())
    if text.isascii() and text.isdigit():
        # More digits than any id has would overflow the database's integer: no such status.
        found = Status.objects.filter(pk=int(text)).first() if len(text) <= 18 else None
        matches = [found] if found else []
    else:
        wanted = text.casefold()
        matches = [
            status
            for status in Status.objects.order_by("position", "id")
            if wanted and any(str(label).strip().casefold() == wanted for label in status.label.values())
        ]
    if not matches:
        raise ValidationError({key: [_("There is no such status.")]})
    if len(matches) > 1:
        raise ValidationError(
            {
                key: [
                    _("Several statuses are called %(label)s; give the id of one: %(ids)s.")
                    % {"label": text, "ids": ", ".join(str(status.pk) for status in matches)}
                ]
            }
        )
    return matches[0]


def find_account(reference: object, *, key: str = "assignee") -> int:
    """An account's id from its id or its e-mail address (any case); the caller checks the rest."""
    text = str(reference if reference is not None else "").strip()
    if text.isascii() and text.isdigit() and len(text) <= 18:
        return int(text)
    from django.contrib.auth import get_user_model

    found = get_user_model().objects.filter(email__iexact=text).values_list("pk", flat=True).first()
    if not text or found is None:
        raise ValidationError({key: [_("There is no such account.")]})
    return found
