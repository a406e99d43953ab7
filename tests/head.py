"""Reading what a public page's head holds, for the tests of the head collector and its modules."""

from __future__ import annotations

import json
import re
from typing import Any


def json_ld(html: str) -> list[Any]:
    """The structured data a page prints: each `application/ld+json` script, parsed."""
    return [
        json.loads(text)
        for text in re.findall(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    ]
