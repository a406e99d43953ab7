"""The WSGI handler behind `frontdesk serve` (frontdesk.wsgi, core/serving.py): Django's own,
except that a request whose Content-Type header Django cannot read is a bad request (400).

Django reads the Content-Type header while it builds the request object, and refuses one over
10,000 characters (or otherwise unreadable) with BadRequest right there: before its error
handling runs, so the server answers 500. Here the refusal is kept on the request and raised
again as the first step of handling it, where Django turns it into its 400 page (400.html) in
the visitor's language, logged like any other bad request.
"""

from __future__ import annotations

import django
from django.core.exceptions import BadRequest
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest


class Request(WSGIRequest):
    refusal: BadRequest | None = None

    def _set_content_type_params(self, meta) -> None:
        try:
            super()._set_content_type_params(meta)  # type: ignore[misc]  # Django's, not in the stubs
        except BadRequest as refusal:
            self.content_type, self.content_params = "", {}
            self.refusal = refusal


class Handler(WSGIHandler):
    request_class = Request

    def _get_response(self, request):
        # Inside the middleware, so the page has the visitor's language and the usual headers.
        refuse_if_unreadable(request)
        return super()._get_response(request)  # type: ignore[misc]  # Django's, not in the stubs


def refuse_if_unreadable(request) -> None:
    """Raise the request's kept refusal, if its Content-Type could not be read: the first step of
    handling it, for every view. A request another handler built (the test client's) has none."""
    refusal = getattr(request, "refusal", None)
    if refusal is not None:
        raise refusal


def get_wsgi_application() -> Handler:
    """What django.core.wsgi.get_wsgi_application returns, with this module's Handler."""
    django.setup(set_prefix=False)
    return Handler()
