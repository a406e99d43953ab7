"""One MCP tool or resource call, run as the token's account in a worker thread.

Owns the rules every call follows, whatever the tool: the token must still be usable, carry the
tool's scope, and its account hold the tool's permission; a changing tool runs in one transaction,
rolled back on `dry_run` (so `on_commit` side effects such as mail never fire); Django's errors
become tool errors with the messages the panel shows, in the account's panel language.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import close_old_connections, transaction
from django.utils import translation
from django.utils.translation import gettext as _
from mcp.types import CallToolResult, TextContent

from frontdesk.core.acting import acting_with
from frontdesk.core.errors import KNOWN, problem
from frontdesk.core.mcp.registry import ResourceSpec, ToolSpec
from frontdesk.core.models import ApiToken

logger = logging.getLogger(__name__)


class Refusal(Exception):
    """A call the caller can fix: the body is {"message": ..., "errors"?: {...}}."""

    def __init__(
        self,
        message: str,
        errors: dict[str, list[str]] | None = None,
        in_use: int | None = None,
        uses: list[str] | None = None,
    ):
        super().__init__(message)
        self.body: dict[str, Any] = {"message": message}
        if errors is not None:
            self.body["errors"] = errors
        if in_use is not None:
            self.body["in_use"] = in_use
        if uses is not None:
            self.body["uses"] = uses

    def text(self) -> str:
        lines = [self.body["message"]]
        for field, messages in self.body.get("errors", {}).items():
            lines.extend(f"{field}: {message}" for message in messages)
        lines.extend(f"- {use}" for use in self.body.get("uses", []))
        return "\n".join(lines)


def jsonable(value: Any) -> Any:
    """Plain JSON values; dates, decimals, UUIDs and lazy translations as the API writes them."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def _authorise(token: ApiToken, spec: ToolSpec | ResourceSpec):
    # Whole sentences per kind, not a pasted subject: translations need them whole.
    is_tool = isinstance(spec, ToolSpec)
    if not token.has_scope(spec.scope):
        message = (
            _("This tool needs the scope %(scope)s, which this token lacks.")
            if is_tool
            else _("This resource needs the scope %(scope)s, which this token lacks.")
        )
        raise Refusal(message % {"scope": spec.scope})
    actor = token.account
    if spec.permission and not actor.has_perm(spec.permission):
        message = (
            _("This tool needs the permission %(permission)s, which this account lacks.")
            if is_tool
            else _("This resource needs the permission %(permission)s, which this account lacks.")
        )
        raise Refusal(message % {"permission": spec.permission})
    return actor


def _call(spec: ToolSpec | ResourceSpec, actor, params: dict[str, Any], dry_run: bool) -> Any:
    try:
        if isinstance(spec, ToolSpec) and spec.changes:
            # One transaction for the whole tool, so a failure half way changes nothing either.
            with transaction.atomic():
                # Serialised inside the transaction: lazy reads must see the rows about to vanish.
                result = jsonable(spec.fn(actor, **params))
                if dry_run:
                    transaction.set_rollback(True)
            if not isinstance(result, dict):
                result = {"result": result}
            return {**result, "dry_run": dry_run}
        return jsonable(spec.fn(actor, **params))
    except KNOWN as error:
        # The operations' errors, in the words every door uses (core/errors.py).
        meaning = problem(error)
        assert meaning is not None
        raise Refusal(meaning.message, meaning.errors, meaning.in_use, meaning.uses) from None


def run(spec: ToolSpec | ResourceSpec, token_id: int, params: dict[str, Any], dry_run: bool = False) -> Any:
    """Run one call in this (worker) thread and return its JSON value, or raise Refusal."""
    # As Django does around a request: drop connections that are broken or past CONN_MAX_AGE,
    # so a worker thread never reuses a dead one nor keeps one out of the PostgreSQL pool.
    close_old_connections()
    try:
        # Read again per call: a token revoked or an account deactivated a moment ago stops here.
        token = ApiToken.objects.usable().select_related("account").filter(pk=token_id).first()
        if token is None:
            raise Refusal(_("This token is no longer valid."))
        with translation.override(token.account.panel_language):
            actor = _authorise(token, spec)
            try:
                # The log names the token in each line the call writes (core/acting.py).
                with acting_with(token):
                    return _call(spec, actor, params, dry_run)
            except Refusal:
                raise
            except Exception:
                logger.exception("MCP call %r failed", spec.name)
                raise Refusal(_("The call failed on the server; the error has been logged.")) from None
    finally:
        close_old_connections()


def tool_result(value: Any) -> CallToolResult:
    structured = value if isinstance(value, dict) else {"result": value}
    text = json.dumps(value, ensure_ascii=False, indent=2)
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=structured)


def tool_refusal(refusal: Refusal) -> CallToolResult:
    return CallToolResult(
        content=[TextContent(type="text", text=refusal.text())],
        structured_content=refusal.body,
        is_error=True,
    )
