"""`frontdesk token create|list|revoke`: bearer tokens for the MCP server and the panel API.

    frontdesk token create ada@example.com "Claude desktop" --scopes inbox:read,notes:read --expires-days 90
    frontdesk token list [--email ada@example.com]
    frontdesk token revoke 12

The secret is printed once by `create`; only its SHA-256 hash is stored, so no command can show it
again. Checks live in frontdesk.core.mcp.tokens, shared with the panel.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from frontdesk.core.mcp.registry import known_scopes
from frontdesk.core.mcp.tokens import issue_token, revoke_token
from frontdesk.core.models import ApiToken


def _when(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value else "-"


def _one_line(error: ValidationError) -> str:
    return " ".join(str(message) for messages in error.message_dict.values() for message in messages)


class Command(BaseCommand):
    help = "Create, list and revoke bearer tokens for the MCP server and the panel API."

    def add_arguments(self, parser) -> None:
        actions = parser.add_subparsers(dest="action", required=True, metavar="{create,list,revoke}")
        create = actions.add_parser("create", help="Issue a token and print its secret once.")
        create.add_argument("email", help="The account the token acts as.")
        create.add_argument("name", help="What the token is for, e.g. the agent that uses it.")
        create.add_argument(
            "--scopes",
            required=True,
            help="Comma-separated, e.g. inbox:read,notes:write. Known: " + ", ".join(known_scopes()),
        )
        create.add_argument(
            "--expires-days", type=int, default=None, help="Expire after N days (default: never)."
        )
        listing = actions.add_parser("list", help="Show tokens (never their secrets).")
        listing.add_argument("--email", default=None, help="Only this account's tokens.")
        revoke = actions.add_parser("revoke", help="Revoke a token by its id.")
        revoke.add_argument("id", type=int)

    def handle(self, *args, action: str, **options) -> None:
        getattr(self, f"handle_{action}")(**options)

    def handle_create(
        self, *, email: str, name: str, scopes: str, expires_days: int | None, **options
    ) -> None:
        account = get_user_model().objects.filter(email__iexact=email.strip()).first()
        if account is None:
            raise CommandError(f"There is no account with the e-mail address {email!r}.")
        try:
            token, secret = issue_token(account, name, scopes.split(","), expires_days=expires_days)
        except ValidationError as error:
            raise CommandError(_one_line(error)) from None
        self.stdout.write(
            f"Token {token.pk} ({token.name}) for {account.email}, scopes: {', '.join(token.scopes)}"
        )
        if token.expires_at:
            self.stdout.write(f"Expires {_when(token.expires_at)}.")
        self.stdout.write(secret)
        self.stdout.write("Copy it now: the secret is stored only as a hash and will not be shown again.")

    def handle_list(self, *, email: str | None, **options) -> None:
        tokens = ApiToken.objects.select_related("account").order_by("pk")
        if email:
            tokens = tokens.filter(account__email__iexact=email.strip())
        rows = [
            (
                str(token.pk),
                token.name,
                token.account.email,
                ",".join(token.scopes),
                _when(token.created_at),
                _when(token.last_used_at),
                _when(token.expires_at),
                _when(token.revoked_at),
            )
            for token in tokens
        ]
        if not rows:
            self.stdout.write("No tokens.")
            return
        header = ("id", "name", "account", "scopes", "created", "last used", "expires", "revoked")
        widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            self.stdout.write(
                "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
            )

    def handle_revoke(self, *, id: int, **options) -> None:
        token = ApiToken.objects.select_related("account").filter(pk=id).first()
        if token is None:
            raise CommandError(f"There is no token with the id {id}.")
        if revoke_token(token):
            self.stdout.write(f"Revoked token {token.pk} ({token.name}) of {token.account.email}.")
        else:
            self.stdout.write(f"Token {token.pk} was already revoked on {_when(token.revoked_at)}.")
