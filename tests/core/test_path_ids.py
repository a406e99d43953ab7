"""An id in an API path that cannot be one (not a number, not a whole number, below 1, beyond any
database's id) answers 404 like an unknown id, on every route of every module, whatever the body
holds (core/api/routing.with_ids_in_path; docs/api.md, "Ids")."""

from __future__ import annotations

import re

import pytest

from frontdesk.core.api import api
from frontdesk.core.limits import MAX_ID
from tests.optional import installed, needs

IMPOSSIBLE = ["abc", "1.5", "0", "-1", str(MAX_ID + 1), "9" * 30, "1e3", "%20"]


def id_routes() -> list[tuple[str, str, list[str]]]:
    """(method, path, the names of its integer path parameters) of every API route with one."""
    routes = []
    for path, operations in api.get_openapi_schema()["paths"].items():
        for method, operation in operations.items():
            ids = [
                parameter["name"]
                for parameter in operation.get("parameters", [])
                if parameter["in"] == "path" and parameter["schema"].get("type") == "integer"
            ]
            if ids:
                routes.append((method, path, ids))
    return routes


ROUTES = id_routes()


def address(path: str, ids: list[str], impossible: str) -> str:
    """`path` with every parameter 1, except one id in turn: the last."""
    filled = re.sub(r"\{(\w+)\}", lambda m: impossible if m[1] == ids[-1] else "1", path)
    return filled


def test_every_module_has_id_routes_under_test():
    modules = {path.split("/")[3] for _m, path, _ids in ROUTES}
    expected = {"inbox"} | {name for name in ("pages", "services", "faq") if installed(name)}
    assert expected <= modules and len(ROUTES) > 20


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path", "ids"), ROUTES, ids=[f"{m} {p}" for m, p, _i in ROUTES])
def test_an_impossible_id_in_the_path_is_404_on_every_route(admin_client, method, path, ids):
    for impossible in IMPOSSIBLE:
        where = address(path, ids, impossible)
        if method == "get":
            response = admin_client.get(where)
        else:  # a body with nothing valid in it: the path is judged first
            response = getattr(admin_client, method)(where, {"x": 1}, content_type="application/json")
        assert response.status_code == 404, (method, where, response.content[:200])
        assert response.json() == {"message": "There is no such record."}


@needs("faq")
@pytest.mark.django_db
def test_an_impossible_question_id_is_404_as_the_faq_docs_promise(admin_client, admin_user):
    admin_user.panel_language = "de"
    admin_user.save()
    response = admin_client.get("/api/cms/faq/questions/abc")
    assert response.status_code == 404
    assert response.json() == {"message": "Diesen Datensatz gibt es nicht."}


@pytest.mark.django_db
def test_an_impossible_id_asks_for_a_login_first(client):
    assert client.get("/api/cms/inbox/forms/abc").status_code == 401
