"""The API root: its OpenAPI document, the error shapes and the paginator structure."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ImproperlyConfigured
from django.test import Client
from django.utils import timezone

from frontdesk.core.api.pagination import PageQuery, paginate
from frontdesk.core.api.routing import PanelRouter
from frontdesk.core.models import ApiToken, User


def test_the_openapi_document_is_served_to_logged_in_callers(admin_client):
    document = admin_client.get("/api/cms/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert "/api/cms/entities/{entity}/{object_id}/notes" in document["paths"]


def test_the_openapi_document_is_not_public(client):
    assert client.get("/api/cms/openapi.json").status_code == 401


def test_a_bearer_token_may_read_the_openapi_document(client, admin_user):
    _token, secret = ApiToken.issue(admin_user, "script", [])
    response = client.get("/api/cms/openapi.json", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert response.status_code == 200


def test_every_operation_declares_its_permission(admin_client):
    document = admin_client.get("/api/cms/openapi.json").json()
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            assert "x-permission" in operation, f"{method.upper()} {path}"
            assert "x-scope" in operation, f"{method.upper()} {path}"


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_a_changing_route_without_a_permission_must_name_its_write_scope(method):
    router = PanelRouter()
    with pytest.raises(ImproperlyConfigured, match="give it a write scope"):
        getattr(router, method)("/mine")(lambda request: None)
    getattr(router, method)("/mine", scope="account:write")(lambda request: None)
    router.get("/mine")(lambda request: None)  # reading one's own needs no scope


def test_me_answers_the_calling_account(client, make_user):
    user = make_user(display_name="Ada", language="de")
    client.force_login(user)
    body = client.get("/api/cms/me").json()
    assert (body["email"], body["display_name"], body["panel_language"]) == (user.email, "Ada", "de")
    assert body["scopes"] is None


def test_me_with_a_token_names_its_scopes(client, make_user):
    user = make_user()
    _token, secret = ApiToken.issue(user, "script", ["inbox:read"])
    body = client.get("/api/cms/me", HTTP_AUTHORIZATION=f"Bearer {secret}").json()
    assert body["email"] == user.email
    assert body["scopes"] == ["inbox:read"]


def test_an_inactive_account_cannot_use_its_token_or_session(make_user):
    user = make_user()
    _token, secret = ApiToken.issue(user, "script", ["inbox:read"])
    client = Client()
    client.force_login(user)
    User.objects.filter(pk=user.pk).update(is_active=False)
    assert client.get("/api/cms/me").status_code == 401
    assert Client().get("/api/cms/me", HTTP_AUTHORIZATION=f"Bearer {secret}").status_code == 401


def test_an_expired_token_is_refused_with_401_on_the_panel_api(make_user):
    """The panel API itself refuses an expired token (the MCP SDK has its own, separate check)."""
    user = make_user("inbox.view")
    _token, secret = ApiToken.issue(
        user, "script", ["inbox:read"], expires_at=timezone.now() + timedelta(hours=1)
    )
    bearer = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    assert Client().get("/api/cms/inbox/forms", **bearer).status_code == 200
    with time_machine.travel(timezone.now() + timedelta(hours=2)):
        for path in ("/api/cms/me", "/api/cms/inbox/forms"):
            response = Client().get(path, **bearer)
            assert response.status_code == 401, path
            assert response.json()["message"] == "Log in or send a valid bearer token."


def test_an_unknown_address_under_the_api_is_404(admin_client):
    assert admin_client.get("/api/cms/no-such-thing").status_code == 404


@pytest.mark.parametrize(
    ("page", "expected_rows", "last_page"),
    [(1, [1, 2, 3], 4), (4, [10], 4), (9, [], 4)],
)
def test_paginate_answers_the_one_paginator_structure(page, expected_rows, last_page):
    result = paginate(list(range(1, 11)), PageQuery(page=page, per_page=3))
    assert result == {
        "rows": expected_rows,
        "current_page": page,
        "per_page": 3,
        "total": 10,
        "last_page": last_page,
    }


def test_an_empty_list_still_has_one_page():
    assert paginate([], PageQuery())["last_page"] == 1


@pytest.mark.django_db
def test_paginate_counts_a_queryset_and_serialises_rows(make_user):
    for _ in range(3):
        make_user()
    result = paginate(User.objects.order_by("email"), PageQuery(per_page=2), serialise=lambda u: u.email)
    assert result["total"] == 3
    assert result["rows"] == ["user1@example.com", "user2@example.com"]


def test_paginate_trusts_a_known_total():
    assert paginate(list(range(5)), PageQuery(per_page=2), total=500)["last_page"] == 250


def test_a_bearer_token_writes_without_a_csrf_token(make_user):
    """Scripts carry a token and no cookie: the session's CSRF check must not stop them."""
    user = make_user("inbox.manage")
    _token, secret = ApiToken.issue(user, "script", ["inbox:write", "account:write"])
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        "/api/cms/inbox/statuses/sorting",
        {"order": []},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {secret}",
    )
    assert response.status_code == 422  # reached the operation, which wants every status named
    assert (
        strict.put(
            "/api/cms/me",
            {"panel_language": "de"},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {secret}",
        ).status_code
        == 200
    )


def test_a_session_still_needs_the_csrf_token_to_write(make_user):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(make_user())
    response = strict.put("/api/cms/me", {"panel_language": "de"}, content_type="application/json")
    assert response.status_code == 403
