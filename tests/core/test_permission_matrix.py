"""Every registered panel page and API route × every role (see tests/matrix.py)."""

from __future__ import annotations

from tests.matrix import api_routes, panel_routes, walk_matrix


def test_every_route_answers_each_role_as_its_permission_says(make_user, account_notes):
    subject = make_user(email="subject@example.com")
    problems = walk_matrix(make_user, samples={"entity": account_notes, "object_id": subject.pk})
    assert problems == []


def test_the_matrix_sees_the_hosts_routes(account_notes):
    panel = {route.template for route in panel_routes()}
    api = {(route.method, route.template) for route in api_routes({"entity": account_notes})}
    assert {"/cms/profile/", "/cms/accounts/", "/cms/tokens/"} <= panel
    assert ("POST", "/api/cms/entities/{entity}/{object_id}/notes") in api
    assert ("GET", "/api/cms/me") in api
