"""Account operations shared by the commands and the panel: the admin account, the profile,
and the throttles of logging in and of asking for a new password.

Limits come from FRONTDESK["accounts"] (core/conf.host_settings) (docs/configuration.md). A failed login counts
against the account typed in (existing or not, so the answer never tells them apart) and
against the client; once either is used up every login is refused, the right password too,
until the window ends. A request for a new password counts against the address typed in and
against the client; the mail itself is written by a task (`send_password_reset`), so the request
does the same work for an existing and an unknown address.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import PasswordResetForm
from django.contrib.auth.tokens import default_token_generator
from django.core.exceptions import ValidationError
from django.db import transaction
from django.tasks import task
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import ngettext

from frontdesk.core.conf import host_settings
from frontdesk.core.languages import default_language, is_site_language
from frontdesk.core.mail import deliver_mail
from frontdesk.core.throttle import Limit, client_of

DEFAULTS = {
    "login": {"failures": 5, "failures_per_client": 20, "minutes": 15},
    "reset": {"mails": 3, "requests_per_client": 10, "minutes": 60},
}


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
        if account is None:
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


# --- Throttles -----------------------------------------------------------------------------------


def _limits(kind: str) -> dict:
    return {**DEFAULTS[kind], **(host_settings("accounts").get(kind) or {})}


def _minutes_left(seconds: int) -> int:
    return max(1, -(-seconds // 60))


def _login_limits() -> tuple[Limit, Limit]:
    limits = _limits("login")
    window = int(limits["minutes"]) * 60
    return (
        Limit("login-account", int(limits["failures"]), window),
        Limit("login-client", int(limits["failures_per_client"]), window),
    )


def _account_key(username: str) -> str:
    # Typed in any case and with stray spaces, it is still the same account.
    return (username or "").strip().lower()


def throttled_login[T](username: str, client: str, authenticate: Callable[[], T | None]) -> T | None:
    """Run `authenticate` unless the account or the client has used up its failures.

    `authenticate` raises ValidationError for a failed login (counted), returns the account
    that logged in (which clears the account's count), or None when nothing was checked (a
    form without a password: neither counted nor cleared).

    Refused: ValidationError "Too many failed attempts. Try again in N minutes." without
    checking the password at all, so guessing on cannot find the right one.
    """
    per_account, per_client = _login_limits()
    account, client = _account_key(username), client_of(client)
    wait = max(per_account.wait(account), per_client.wait(client))
    if wait:
        minutes = _minutes_left(wait)
        raise ValidationError(
            ngettext(
                "Too many failed attempts. Try again in %(minutes)d minute.",
                "Too many failed attempts. Try again in %(minutes)d minutes.",
                minutes,
            )
            % {"minutes": minutes},
            code="throttled",
        )
    try:
        result = authenticate()
    except ValidationError:
        per_account.hit(account)
        per_client.hit(client)
        raise
    if result is not None:
        per_account.clear(account)
    return result


def ask_password_reset(email: str, client: str) -> None:
    """Count a request for a new password; refuse (ValidationError keyed `email`) once the
    address or the client has asked too often in the window. Unknown addresses count alike."""
    limits = _limits("reset")
    window = int(limits["minutes"]) * 60
    per_address = Limit("reset-address", int(limits["mails"]), window)
    per_client = Limit("reset-client", int(limits["requests_per_client"]), window)
    address, client = _account_key(email), client_of(client)
    wait = max(per_address.wait(address), per_client.wait(client))
    if wait:
        minutes = _minutes_left(wait)
        raise ValidationError(
            {
                "email": [
                    ngettext(
                        "Too many requests for a new password. Try again in %(minutes)d minute.",
                        "Too many requests for a new password. Try again in %(minutes)d minutes.",
                        minutes,
                    )
                    % {"minutes": minutes}
                ]
            },
            code="throttled",
        )
    per_address.hit(address)
    per_client.hit(client)


@task()
def send_password_reset(*, email: str) -> int:
    """Mail a link to choose a new password to each active account of `email`, in its panel
    language; returns how many were written (0 for an unknown address, which is not told)."""
    # The link names the site's configured address, never the Host header of the request.
    base = urlsplit(settings.BASE_URL)
    accounts = list(PasswordResetForm().get_users(email))
    for account in accounts:
        context = {
            "protocol": base.scheme,
            "domain": base.netloc + base.path.rstrip("/"),
            "uid": urlsafe_base64_encode(force_bytes(account.pk)),
            "token": default_token_generator.make_token(account),
        }
        # Already off the request, in a task of its own: written here and now (core/mail.py
        # renders it in the account's language and reports, never raises, a failure).
        language = account.panel_language if is_site_language(account.panel_language) else default_language()
        deliver_mail.call(
            address=account.email,
            language=language,
            template="panel/mail/password_reset",
            context=context,
            reply_to=None,
            on_failure=None,
            failure_key=None,
        )
    return len(accounts)
