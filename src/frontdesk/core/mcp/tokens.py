"""Token operations shared by `frontdesk token` and the panel: issue (scopes checked) and revoke.

The scopes a token may carry are the ones the registered MCP tools and resources declare
(frontdesk.core.mcp.registry.known_scopes), so a typo is refused instead of silently granting
nothing. Errors are ValidationErrors keyed by field, as every operation raises them.
"""

from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from frontdesk.core.mcp.registry import known_scopes
from frontdesk.core.models import ApiToken

MAX_EXPIRES_DAYS = 3650


def clean_scopes(scopes: list[str]) -> list[str]:
    cleaned = sorted({scope.strip() for scope in scopes if scope.strip()})
    if not cleaned:
        raise ValidationError({"scopes": [_("Give the token at least one scope.")]})
    known = known_scopes()
    unknown = [scope for scope in cleaned if scope not in known]
    if unknown:
        raise ValidationError(
            {
                "scopes": [
                    _("Unknown scope %(unknown)s. Known scopes: %(known)s.")
                    % {"unknown": ", ".join(unknown), "known": ", ".join(known)}
                ]
            }
        )
    return cleaned


def issue_token(
    account, name: str, scopes: list[str], expires_days: int | None = None
) -> tuple[ApiToken, str]:
    """Create a token for `account`; returns it with its secret, which is shown this once only."""
    errors: dict[str, list[str]] = {}
    name = (name or "").strip()
    if not name:
        errors["name"] = [_("Give the token a name, e.g. the agent that will use it.")]
    elif (limit := ApiToken._meta.get_field("name").max_length) is not None and len(name) > limit:
        errors["name"] = [_("A token name holds at most %(limit)d characters.") % {"limit": limit}]
    try:
        scopes = clean_scopes(scopes)
    except ValidationError as error:
        errors.update(error.message_dict)
    if expires_days is not None and not 1 <= expires_days <= MAX_EXPIRES_DAYS:
        errors["expires_days"] = [
            _("A token expires after 1 to %(limit)d days.") % {"limit": MAX_EXPIRES_DAYS}
        ]
    if not account.is_active:
        errors["account"] = [_("This account is deactivated.")]
    if errors:
        raise ValidationError(errors)
    expires_at = timezone.now() + timedelta(days=expires_days) if expires_days else None
    with transaction.atomic():
        return ApiToken.issue(account, name, scopes, expires_at=expires_at)


def revoke_token(token: ApiToken) -> bool:
    """Revoke `token` from now on; False when it already was."""
    updated = ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now())
    token.refresh_from_db(fields=["revoked_at"])
    return bool(updated)
