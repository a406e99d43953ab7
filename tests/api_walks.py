"""What the schemathesis walks over /api/cms/openapi.json share (tests/inbox/test_api_schema.py,
tests/pictures/test_pictures_api_schema.py, tests/sitesettings/test_settings_api_schema.py,
tests/test_content_api_schema.py): one configuration, one set of checks, the document built once
per test process, and the signed-in session the calls carry."""

from __future__ import annotations

import copy
import functools
import secrets
from typing import Any

import schemathesis
from django.test import Client
from schemathesis import checks
from schemathesis.config import SchemathesisConfig

from frontdesk.core.api import api
from tests.clients import client_for

CONFIG = SchemathesisConfig.from_dict(
    {
        "generation": {"mode": "all", "max-examples": 15, "database": "none"},
        "phases": {
            "examples": {"enabled": True},
            "coverage": {"enabled": False},
            "stateful": {"enabled": False},
        },
        "seed": 20261123,  # the same cases on every run: a failure can be run again as it was
    }
)
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
    checks.response_headers_conformance,
]


@functools.cache
def _document() -> dict[str, Any]:
    # ninja builds the document anew on every call, and each walk's module asks for it when it is
    # imported: built four times, it was a third of the time a worker spent collecting the tests.
    return api.get_openapi_schema()


def walk(path_regex: str) -> Any:
    """The routes of the API document whose path matches `path_regex`, for `@walk(...).parametrize()`."""
    return schemathesis.openapi.from_dict(copy.deepcopy(_document()), config=CONFIG).include(
        path_regex=path_regex
    )


def session_headers(user) -> dict[str, str]:
    """The headers of a call from `user`'s signed-in browser: its session cookie and a CSRF token."""
    browser: Client = client_for(user)
    csrf = secrets.token_hex(16)  # 32 characters: a CSRF secret the cookie and header share
    return {
        "Cookie": f"sessionid={browser.cookies['sessionid'].value}; csrftoken={csrf}",
        "X-CSRFToken": csrf,
    }
