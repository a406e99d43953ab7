"""Every registered panel page and API route × every role (see tests/matrix.py)."""

from __future__ import annotations

import pytest

from frontdesk.inbox.operations import accept_submission, save_form
from tests.inbox.conftest import CONTACT_FIELDS
from tests.matrix import api_routes, panel_routes, walk_matrix


@pytest.fixture
def samples(make_user, account_notes) -> dict[str, object]:
    """One real value per path parameter of every route."""
    subject = make_user(email="subject@example.com")
    form = save_form(None, values={"slug": "contact", "title": {"en": "Contact"}}, fields=CONTACT_FIELDS)
    submission, _created = accept_submission(
        form, {"name": "Ada", "email": "ada@example.org", "consent": "on"}
    )
    return {
        "entity": account_notes,
        "object_id": subject.pk,
        "form": form.pk,
        "submission": submission.pk,
    }


def test_every_route_answers_each_role_as_its_permission_says(make_user, samples):
    assert walk_matrix(make_user, samples=samples) == []


def test_the_matrix_sees_the_hosts_routes(account_notes):
    panel = {route.template for route in panel_routes()}
    api = {(route.method, route.template) for route in api_routes({"entity": account_notes})}
    assert {"/cms/profile/", "/cms/accounts/", "/cms/tokens/"} <= panel
    assert ("POST", "/api/cms/entities/{entity}/{object_id}/notes") in api
    assert ("GET", "/api/cms/me") in api
