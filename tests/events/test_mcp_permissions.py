"""The events' agent tools and resource × every role (issue 28, the permission matrix's third
door): the permission each needs is written here, not read from the registry, so a weakened
declaration fails. A token carrying every scope of the events is given to an account with no
permission, with each single permission, and to a superuser; the server's own check
(core/mcp/calls._authorise, which runs before any tool) admits exactly those who hold the row's
permission. A call without a token is a 401 for every tool (tests/core/test_mcp.py,
test_a_bad_or_missing_token_is_refused_with_401)."""

from __future__ import annotations

import pytest

from frontdesk.core.mcp.calls import Refusal, _authorise
from frontdesk.core.mcp.registry import registered_resources, registered_tools
from frontdesk.core.models import ApiToken

pytestmark = pytest.mark.django_db

VIEW, MANAGE, CATEGORIES = "events.view", "events.manage", "events.categories.manage"
EXPECTED = {
    "events_list": VIEW,
    "events_get": VIEW,
    "events_create": MANAGE,
    "events_update": MANAGE,
    "events_duplicate": MANAGE,
    "events_publish": MANAGE,
    "events_unpublish": MANAGE,
    "events_delete": MANAGE,
    "event_categories_list": CATEGORIES,
    "event_categories_create": CATEGORIES,
    "event_categories_update": CATEGORIES,
    "event_categories_delete": CATEGORIES,
    "event_categories_reorder": CATEGORIES,
    "events://catalog": VIEW,
}
ROLES = {"nobody": (), "view": (VIEW,), "manage": (MANAGE,), "categories": (CATEGORIES,)}


def events_specs() -> dict:
    tools = {spec.name: spec for spec in registered_tools() if spec.name.startswith(("events_", "event_"))}
    resources = {spec.uri: spec for spec in registered_resources() if spec.uri.startswith("events://")}
    return {**tools, **resources}


def test_every_events_tool_and_resource_has_a_row():
    assert sorted(events_specs()) == sorted(EXPECTED)


@pytest.mark.parametrize("role", [*ROLES, "superuser"])
def test_each_role_is_admitted_exactly_to_what_its_permission_opens(make_user, role):
    account = make_user(is_superuser=True) if role == "superuser" else make_user(*ROLES[role])
    token, _secret = ApiToken.issue(account, role, ["events:read", "events:write"])
    admitted, refused = [], []
    for name, spec in events_specs().items():
        try:
            _authorise(token, spec)
        except Refusal as refusal:
            assert "permission" in refusal.args[0], (name, refusal.args[0])
            refused.append(name)
        else:
            admitted.append(name)
    expected = (
        sorted(EXPECTED)
        if role == "superuser"
        else sorted(name for name, permission in EXPECTED.items() if permission in ROLES[role])
    )
    assert sorted(admitted) == expected
    assert sorted(refused) == sorted(set(EXPECTED) - set(expected))
