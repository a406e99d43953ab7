"""Account operations shared by the commands and the panel."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.db import transaction


def ensure_admin(
    email: str, *, password: str | None = None, display_name: str = "", reset: bool = False
) -> tuple:
    """Create or promote a superuser. Returns (account, created, generated password or None).

    An existing account keeps its password unless one is given, or `reset` asks for a new one.
    """
    User = get_user_model()
    generated = None
    with transaction.atomic():
        account = User.objects.filter(email__iexact=email).first()
        created = account is None
        if created:
            account = User(email=email.lower(), display_name=display_name)
        account.is_staff = account.is_superuser = account.is_active = True
        if display_name and not account.display_name:
            account.display_name = display_name
        if password:
            account.set_password(password)
        elif created or reset:
            generated = secrets.token_urlsafe(12)
            account.set_password(generated)
        account.save()
    return account, created, generated


PROFILE_FIELDS = ("display_name", "panel_language")


def update_profile(account, *, display_name: str, panel_language: str):
    """Change what an account may change about itself; ValidationError keyed by field.

    The model holds the rules (panel language among settings.LANGUAGES, the name's length).
    """
    account.display_name = (display_name or "").strip()
    account.panel_language = panel_language
    account.clean_fields(exclude=[f.name for f in account._meta.fields if f.name not in PROFILE_FIELDS])
    account.save(update_fields=PROFILE_FIELDS)
    return account
