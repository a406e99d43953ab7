"""How the panel API reads a JSON body (the `parser` of the NinjaAPI in core/api/root.py).

A body must be UTF-8 JSON nested at most MAX_DEPTH levels deep; anything else is refused with
400 and a message (BodyRefused, answered by core/api/errors.py) before a schema or a service
sees it. No request needs more than a few levels, while code that walks a value recursively
(validators, merges) fails on a body nested ~1,000 levels deep: the limit protects every
service's routes at once.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from ninja.parser import Parser

MAX_DEPTH = 32
# A string (with its escapes) or one bracket: brackets inside strings are text, not nesting.
TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|([\[{])|[\]}]', re.DOTALL)


class BodyRefused(Exception):
    """The body cannot be read; the message says why (ninja wraps it in its own 400)."""


def nested_deeper_than(text: str, limit: int) -> bool:
    """Whether JSON `text` opens more than `limit` arrays or objects inside each other.

    Read from the text, before decoding, so a deep body is never built in memory.
    """
    depth = 0
    for token in TOKENS.finditer(text):
        if token[1]:
            depth += 1
            if depth > limit:
                return True
        elif token[0][0] != '"':
            depth -= 1
    return False


class JsonBodyParser(Parser):
    def parse_body(self, request: HttpRequest) -> Any:
        try:
            text = request.body.decode("utf-8")
        except UnicodeDecodeError:
            raise BodyRefused(_("The request body is not valid JSON (UTF-8).")) from None
        if nested_deeper_than(text, MAX_DEPTH):
            raise BodyRefused(
                ngettext(
                    "The request body is nested more than %(limit)d level deep.",
                    "The request body is nested more than %(limit)d levels deep.",
                    MAX_DEPTH,
                )
                % {"limit": MAX_DEPTH}
            )
        try:
            return json.loads(text)
        except ValueError:
            raise BodyRefused(_("The request body is not valid JSON (UTF-8).")) from None
