"""Schemathesis over the settings groups' part of /api/cms/openapi.json, against the real server:
for generated bodies and group names, valid and invalid, no answer is a server error and every
answer matches what the document says (status code, content type, body schema)."""

from __future__ import annotations

import zlib

import hypothesis
import pytest

from frontdesk.sitesettings.registry import all_groups
from tests.api_walks import CHECKS, session_headers, walk

pytestmark = pytest.mark.live

schema = walk(r"^/api/cms/settings")


@pytest.fixture
def world(live_site, admin_user) -> dict:
    return {
        "base_url": live_site,
        "headers": session_headers(admin_user),
    }


def real_group(operation: str, value: object) -> str | None:
    """A registered group for three cases in four (chosen from the case, the same on every run),
    so bodies reach the operation instead of stopping at a 404."""
    groups = [group.name for group in all_groups()]
    chosen = zlib.crc32(f"{operation}\0{value}".encode())
    return groups[chosen % len(groups)] if chosen % 4 else None


@schema.parametrize()
@hypothesis.settings(
    deadline=None,
    suppress_health_check=list(hypothesis.HealthCheck),
    phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate],
)
def test_settings_routes_answer_as_documented(case, world):
    if "group" in case.path_parameters and (
        name := real_group(case.operation.label, case.path_parameters["group"])
    ):
        case.path_parameters["group"] = name
    case.call_and_validate(base_url=world["base_url"], headers=world["headers"], checks=CHECKS)
