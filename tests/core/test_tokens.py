"""Agent tokens: only a hash is stored, and `frontdesk token` shows the secret once and never again."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.utils import timezone

from frontdesk.core.models import ApiToken

SECRET_RE = re.compile(r"^fd_\S+$", re.MULTILINE)


def token_command(*args: str) -> str:
    out = StringIO()
    call_command("token", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def create(email: str, name: str = "Claude desktop", scopes: str = "notes:read,notes:write", *extra) -> str:
    """Run `token create` and return the secret it printed."""
    output = token_command("create", email, name, "--scopes", scopes, *extra)
    secrets = SECRET_RE.findall(output)
    assert len(secrets) == 1, output
    return secrets[0]


def command_error(*args: str) -> CommandError:
    with pytest.raises(CommandError) as caught:
        token_command(*args)
    return caught.value


@pytest.fixture
def account(make_user):
    return make_user(email="agent.owner@example.com", display_name="Owen Owner")


def test_the_table_never_holds_the_secret_in_clear(account):
    secret = create(account.email)
    token = ApiToken.objects.get()
    table = connection.ops.quote_name(ApiToken._meta.db_table)

    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM {table} WHERE id = %s", [token.pk])  # noqa: S608 (our own table name)
        columns = [column[0] for column in cursor.description]
        row = dict(zip(columns, cursor.fetchone(), strict=True))

    assert all(secret not in str(value) for value in row.values())
    assert all(secret[3:] not in str(value) for value in row.values())
    assert row["secret_hash"] == hashlib.sha256(secret.encode()).hexdigest()
    assert ApiToken.objects.find(secret) == token


def test_create_prints_the_secret_once_and_says_it_will_not_be_shown_again(account):
    output = token_command("create", account.email, "Claude desktop", "--scopes", "notes:read, notes:write")

    secret = SECRET_RE.findall(output)[0]
    assert output.count(secret) == 1
    assert "will not be shown again" in output
    token = ApiToken.objects.get()
    assert (token.name, token.account, token.scopes) == (
        "Claude desktop",
        account,
        ["notes:read", "notes:write"],
    )
    assert token.expires_at is None


def test_create_with_expires_days_sets_the_expiry(account):
    create(account.email, "Short-lived", "notes:read", "--expires-days", "7")

    expires = ApiToken.objects.get().expires_at
    assert timedelta(days=6, hours=23) < expires - timezone.now() <= timedelta(days=7)


def test_the_email_is_matched_without_regard_to_case(account):
    create("Agent.Owner@EXAMPLE.com")
    assert ApiToken.objects.get().account == account


def test_list_shows_the_tokens_but_never_their_secrets(account, make_user):
    secret = create(account.email, "Claude desktop")
    create(make_user(email="other@example.com").email, "Other agent")
    ApiToken.objects.filter(name="Claude desktop").update(last_used_at=timezone.now())

    output = token_command("list")

    assert secret not in output
    assert secret[3:] not in output
    assert ApiToken.objects.get(name="Claude desktop").secret_hash not in output
    assert "Claude desktop" in output and "Other agent" in output
    assert "agent.owner@example.com" in output and "notes:read,notes:write" in output
    header = output.splitlines()[0]
    assert re.fullmatch(r"id\s+name\s+account\s+scopes\s+created\s+last used\s+expires\s+revoked", header)


def test_list_filters_by_email(account, make_user):
    create(account.email, "Mine")
    create(make_user(email="other@example.com").email, "Theirs")

    output = token_command("list", "--email", account.email)

    assert "Mine" in output and "Theirs" not in output


def test_revoke_makes_the_token_unusable(account):
    secret = create(account.email)
    token = ApiToken.objects.get()

    output = token_command("revoke", str(token.pk))

    assert f"Revoked token {token.pk}" in output
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert ApiToken.objects.find(secret) is None
    assert "already revoked" in token_command("revoke", str(token.pk))
    assert "revoked" in token_command("list").splitlines()[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (
            ("create", "nobody@example.com", "x", "--scopes", "notes:read"),
            "There is no account with the e-mail",
        ),
        (("create", "agent.owner@example.com", "x", "--scopes", "inbox:rite"), "Unknown scope inbox:rite."),
        (("create", "agent.owner@example.com", "x", "--scopes", " , "), "at least one scope"),
        (("create", "agent.owner@example.com", " ", "--scopes", "notes:read"), "Give the token a name"),
        (
            ("create", "agent.owner@example.com", "x" * 101, "--scopes", "notes:read"),
            "at most 100 characters",
        ),
        (("create", "agent.owner@example.com", "x", "--scopes", "notes:read", "--expires-days", "0"), "1 to"),
        (("revoke", "999999"), "There is no token with the id 999999."),
    ],
)
def test_bad_input_gives_one_clear_line_and_a_non_zero_exit(account, args, words):
    error = command_error(*args)

    assert words in str(error)
    assert "\n" not in str(error)
    assert error.returncode != 0
    assert ApiToken.objects.count() == 0


def test_an_unknown_scope_lists_the_known_ones(account):
    message = str(command_error("create", account.email, "x", "--scopes", "notes:read,inbox:rite"))

    assert "Known scopes:" in message
    assert all(scope in message for scope in ("account:read", "notes:read", "notes:write"))
