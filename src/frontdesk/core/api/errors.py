"""Errors in one shape for every API route (DESIGN.md):

422 {"message", "errors": {field: [...]}} for invalid values, 401/403 {"message"},
404 {"message"} for an unknown id, 409 {"message"} for a stale revision, 409 {"message", "in_use", "uses"?}
for a record still in use (core/errors.InUse).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as SchemaValidationError

from frontdesk.core.api.parser import BodyRefused
from frontdesk.core.errors import KNOWN, problem
from frontdesk.core.inputs import keyed_errors


def _schema_errors(error: SchemaValidationError) -> dict[str, list[str]]:
    items = []
    for item in error.errors:
        location = [str(part) for part in item.get("loc", ())]
        # Drop the "body"/"query" prefix and the payload's own parameter name.
        if location and location[0] in {"body", "query", "path", "form", "file"}:
            location = location[1:]
            if len(location) > 1:
                location = location[1:]
        items.append((location, str(item.get("type", "")), str(item.get("msg", _("Invalid value.")))))
    return keyed_errors(items)


def install_error_handlers(api: NinjaAPI) -> None:
    def answer(
        request,
        status: int,
        message: str,
        errors: dict | None = None,
        in_use: int | None = None,
        uses: list[str] | None = None,
    ):
        body: dict = {"message": message}
        if errors is not None:
            body["errors"] = errors
        if in_use is not None:
            body["in_use"] = in_use
        if uses is not None:
            body["uses"] = uses
        return api.create_response(request, body, status=status)

    def known(request, error: Exception):
        # The operations' errors, in the words every door uses (core/errors.py).
        meaning = problem(error)
        assert meaning is not None  # registered for KNOWN only
        return answer(request, meaning.status, meaning.message, meaning.errors, meaning.in_use, meaning.uses)

    for kind in KNOWN:
        api.add_exception_handler(kind, known)  # type: ignore[arg-type]  # ninja: "the class or an instance"; always an instance

    @api.exception_handler(SchemaValidationError)
    def schema_invalid(request, error: SchemaValidationError):
        if any(item.get("loc", ())[:1] == ("path",) for item in error.errors):
            # An id in the path that cannot be one (core/api/routing.with_ids_in_path) names no
            # record: the answer to an unknown id, whatever the body holds.
            return answer(request, 404, _("There is no such record."))
        return answer(request, 422, _("Some values are not valid."), _schema_errors(error))

    @api.exception_handler(AuthenticationError)
    def unauthenticated(request, error):
        return answer(request, 401, _("Log in or send a valid bearer token."))

    @api.exception_handler(HttpError)
    def http_error(request, error: HttpError):
        if isinstance(error.__cause__, BodyRefused):  # ninja wraps the parser's refusal in its own words
            return answer(request, error.status_code, str(error.__cause__))
        return answer(request, error.status_code, str(error))
