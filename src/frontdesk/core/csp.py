"""The Content-Security-Policy of every answer: the site's one policy, widened per response.

`settings.SECURE_CSP` holds the policy (docs/configuration.md): everything from our own origin,
no inline script or style, no plugins, no foreign `<base>`, no framing. Django's
ContentSecurityPolicyMiddleware writes it; this module's subclass first merges in the sources a
single response asked for with `allow(request, {...})`. The inbox's embed tag asks for its
captcha provider's origins that way, so only a page that prints a captcha lets them in.

A view that sets its own policy (`csp_override`, or the header itself, as the attachment
download does) keeps it exactly: sources asked for elsewhere never widen it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.middleware import csp as django_csp

REQUEST_ATTRIBUTE = "_frontdesk_csp_sources"
RESPONSE_ATTRIBUTES = {"SECURE_CSP": "_csp_config", "SECURE_CSP_REPORT_ONLY": "_csp_ro_config"}


def allow(request: HttpRequest | None, sources: Mapping[str, Iterable[str]]) -> None:
    """Let this request's answer load from `sources` too: {"script-src": ["https://..."]}."""
    if request is None:  # rendered outside a request (a mail, a test): no header to widen
        return
    wanted: dict[str, list[str]] = request.__dict__.setdefault(REQUEST_ATTRIBUTE, {})
    for directive, values in sources.items():
        listed = wanted.setdefault(directive, [])
        listed.extend(value for value in values if value not in listed)


def widened(policy: Mapping[str, Any], sources: Mapping[str, list[str]]) -> dict[str, Any]:
    """A copy of `policy` with `sources` added; an empty policy (no header) stays empty."""
    if not policy:
        return dict(policy)
    result = dict(policy)
    for directive, values in sources.items():
        # A directive the policy leaves out falls back to default-src in the browser; naming it
        # with the new sources alone would shut out what default-src allowed (our own files).
        present = result.get(directive, policy.get("default-src", []))
        present = [present] if isinstance(present, str) else list(present or [])
        result[directive] = present + [value for value in values if value not in present]
    return result


class ContentSecurityPolicyMiddleware(django_csp.ContentSecurityPolicyMiddleware):
    """Django's CSP middleware, plus the sources this request asked for with `allow()`."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        sources = getattr(request, REQUEST_ATTRIBUTE, None)
        if sources:
            for setting, attribute in RESPONSE_ATTRIBUTES.items():
                if not hasattr(response, attribute):
                    setattr(response, attribute, widened(getattr(settings, setting), sources))
        return super().process_response(request, response)
