"""Input the host refuses before any service sees it: JSON bodies nested deeper than a request
needs, on every API route, and headers Django cannot read, through the real ASGI app."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from frontdesk.core.api import api
from frontdesk.core.api.parser import MAX_DEPTH

TOO_DEEP = f"The request body is nested more than {MAX_DEPTH} levels deep."
SAMPLE_PATH_VALUES = {"entity": "inbox_submission", "group": "seo"}  # every other one is an id: 1


def json_routes() -> list[tuple[str, str, list[str]]]:
    """(method, address, the body's top-level keys) of every API route that reads a JSON body."""
    document = api.get_openapi_schema()
    schemas = document["components"]["schemas"]
    routes = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            content = operation.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                continue
            schema = content["application/json"]["schema"]
            schema = schemas[schema["$ref"].rsplit("/", 1)[-1]] if "$ref" in schema else schema
            address = re.sub(r"\{(\w+)\}", lambda m: SAMPLE_PATH_VALUES.get(m[1], "1"), path)
            routes.append((method, address, list(schema.get("properties", {}))))
    return routes


ROUTES = json_routes()


def nested(depth: int, kind: str = "[]") -> str:
    return kind[0] * depth + kind[1] * depth if kind == "[]" else '{"a":' * depth + "1" + "}" * depth


def body_with(keys: list[str], value: str) -> str:
    """The route's own keys, each holding `value`, so the body reaches the code behind them."""
    return "{" + ",".join(f"{json.dumps(key)}: {value}" for key in keys) + "}"


@pytest.fixture
def admin(admin_user) -> Client:
    client = Client()
    client.force_login(admin_user)
    return client


def test_the_routes_under_test_are_every_json_route():
    assert len(ROUTES) >= 16 and ("put", "/api/cms/me", ["display_name", "panel_language"]) in ROUTES


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "address", "keys"), ROUTES, ids=[f"{m} {a}" for m, a, _k in ROUTES])
def test_a_json_body_nested_980_levels_deep_is_refused_on_every_route(admin, method, address, keys):
    for body in (body_with(keys, nested(980)), body_with(keys, nested(980, "{}")), nested(980)):
        response = getattr(admin, method)(address, body, content_type="application/json")
        assert response.status_code == 400, (address, response.content[:200])
        assert response.json() == {"message": TOO_DEEP}


@pytest.mark.django_db
def test_a_body_as_deep_as_the_limit_is_read_as_usual(admin):
    shallow = nested(MAX_DEPTH - 1)  # inside the body's own object: MAX_DEPTH levels in all
    response = admin.put("/api/cms/me", body_with(["display_name"], shallow), content_type="application/json")
    assert response.status_code == 422
    assert "display_name" in response.json()["errors"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "body",
    [b"{", b'{"display_name": "\xff"}', b'{"a": "' + b"[{" * 50 + b'\\""}'],
    ids=["cut-off", "not-utf-8", "brackets-in-a-string"],
)
def test_a_body_that_is_not_json_is_refused_with_a_message_in_the_panel_language(admin, admin_user, body):
    admin_user.panel_language = "de"
    admin_user.save()
    response = admin.put("/api/cms/me", body, content_type="application/json")
    if body.startswith(b'{"a"'):  # brackets inside a string are text, not nesting
        assert response.status_code == 422
        return
    assert response.status_code == 400
    assert response.json() == {"message": "Der Inhalt der Anfrage ist kein gültiges JSON (UTF-8)."}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    route=st.sampled_from(ROUTES),
    depth=st.integers(min_value=1, max_value=3000),
    kind=st.sampled_from(["[]", "{}"]),
    inside=st.booleans(),
)
@pytest.mark.django_db
def test_any_nesting_is_answered_without_a_server_error(admin, route, depth, kind, inside):
    method, address, keys = route
    body = body_with(keys, nested(depth, kind)) if inside else nested(depth, kind)
    levels = depth + int(inside)
    response = getattr(admin, method)(address, body, content_type="application/json")
    assert response.status_code < 500
    if levels > MAX_DEPTH:
        assert (response.status_code, response.json()) == (400, {"message": TOO_DEEP})


# --- headers, through the real ASGI app --------------------------------------------------------------

ADDRESSES = [
    "/",
    "/de/",
    "/cms/login/",
    "/api/cms/me",
    "/api/cms/inbox/forms",
    "/site/forms/contact",
    "/nowhere",
]


def fetch(url: str, *, method: str = "GET", headers: dict[str, str]) -> tuple[int, str]:
    response = httpx.request(
        method, url, content=b"a=1" if method == "POST" else None, headers=headers, timeout=30
    )
    return response.status_code, response.text


@pytest.mark.live
@pytest.mark.parametrize("address", ADDRESSES)
def test_a_content_type_header_over_10000_characters_is_a_bad_request_anywhere(live_site, address):
    long_type = "text/plain; charset=utf-8; a=" + "x" * 10_000
    for method in ("GET", "POST"):
        status, page = fetch(live_site + address, method=method, headers={"Content-Type": long_type})
        assert status == 400, (method, address, page[:200])
        expected = (
            "Diese Anfrage konnte nicht gelesen werden"
            if address == "/de/"
            else "This request could not be read"
        )
        assert expected in page


@pytest.mark.live
def test_the_bad_request_page_speaks_the_visitors_language(live_site):
    status, page = fetch(live_site + "/de/", headers={"Content-Type": "text/plain; a=" + "x" * 10_000})
    assert status == 400
    assert "Diese Anfrage konnte nicht gelesen werden" in page


HEADER_NAMES = ["Content-Type", "Accept", "Accept-Language", "Cookie", "Authorization", "Referer",
                "User-Agent", "Origin", "X-Requested-With", "If-None-Match", "Range"]  # fmt: skip
# Lengths around the limits Django and the servers have (10,000 for parsed headers), and any other.
LENGTHS = st.one_of(
    st.sampled_from([9_990, 10_000, 10_001, 16_000]), st.integers(min_value=0, max_value=20_000)
)
# Stripped: a header value cannot begin or end with a space on the wire (the client refuses).
HEADER_VALUES = st.builds(
    lambda head, length, tail: (head + "x" * length + tail).strip(),
    st.sampled_from(
        ["", "text/plain; a=", "multipart/form-data; boundary=", "Bearer ", "de, ru;q=", "bytes="]
    ),
    LENGTHS,
    st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=20),
)


@pytest.mark.live
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(address=st.sampled_from(ADDRESSES), method=st.sampled_from(["GET", "POST"]), value=HEADER_VALUES)
def test_any_long_header_is_answered_without_a_server_error(live_site, address, method, value):
    for name in HEADER_NAMES:
        status, _page = fetch(live_site + address, method=method, headers={name: value})
        assert status < 500, name


@pytest.mark.django_db
def test_a_request_django_refuses_before_any_route_answers_the_api_in_json(client):
    # An empty Host header is refused by Django's middleware, before the API's own error handling.
    response = client.get("/api/cms/me", HTTP_HOST="")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert "This request could not be read" in response.json()["message"]
    page = client.get("/", HTTP_HOST="")
    assert page.status_code == 400 and page["Content-Type"].startswith("text/html")
