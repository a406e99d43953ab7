"""The WSGI app `serve` runs (core/serving.py `Site`), its forwarded-header rule (core/proxies.py)
and its bridge to the MCP app (core/mcp/bridge.py), called directly with a WSGI environ."""

from __future__ import annotations

import asyncio
import io
import os
import threading

import pytest

from frontdesk.core.mcp.bridge import Bridge
from frontdesk.core.proxies import TrustedProxies, believe_forwarded_headers
from frontdesk.core.serving import Site, server_options, threads


def environ(**extra) -> dict:
    return {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": "/",
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(b""),
        **extra,
    }


def forwarded(trusted: list[str], remote: str, **headers: str) -> tuple[str, str]:
    request = environ(REMOTE_ADDR=remote, **headers)
    believe_forwarded_headers(request, TrustedProxies(trusted))
    return request["REMOTE_ADDR"], request["wsgi.url_scheme"]


# --- Forwarded headers --------------------------------------------------------------------------


def test_forwarded_headers_from_an_untrusted_client_change_nothing():
    headers = {"HTTP_X_FORWARDED_FOR": "198.51.100.7", "HTTP_X_FORWARDED_PROTO": "https"}
    assert forwarded([], "127.0.0.1", **headers) == ("127.0.0.1", "http")
    assert forwarded(["10.0.0.0/8"], "127.0.0.1", **headers) == ("127.0.0.1", "http")


def test_a_trusted_proxy_names_the_visitor_and_the_scheme():
    headers = {"HTTP_X_FORWARDED_FOR": "198.51.100.7", "HTTP_X_FORWARDED_PROTO": "https"}
    assert forwarded(["10.0.0.0/8"], "10.1.2.3", **headers) == ("198.51.100.7", "https")


@pytest.mark.parametrize(
    ("chain", "visitor"),
    [
        ("203.0.113.9, 198.51.100.7, 10.0.0.2", "198.51.100.7"),  # the nearest hop not a proxy
        ("10.0.0.3, 10.0.0.2", "10.0.0.3"),  # all proxies: the first
        ("198.51.100.7:4711", "198.51.100.7"),  # a port some proxies add
        ("[2001:db8::7]:4711", "2001:db8::7"),
        ("2001:db8::7", "2001:db8::7"),
    ],
)
def test_the_visitor_is_the_last_address_that_is_not_a_trusted_proxy(chain, visitor):
    assert forwarded(["10.0.0.0/8"], "10.0.0.1", HTTP_X_FORWARDED_FOR=chain)[0] == visitor


def test_a_scheme_other_than_http_or_https_is_ignored():
    assert forwarded(["127.0.0.1"], "127.0.0.1", HTTP_X_FORWARDED_PROTO="gopher")[1] == "http"


def test_a_star_trusts_every_client_and_takes_the_first_address():
    chain = "203.0.113.9, 198.51.100.7"
    assert forwarded(["*"], "192.0.2.1", HTTP_X_FORWARDED_FOR=chain)[0] == "203.0.113.9"


# --- The site's app -----------------------------------------------------------------------------


def site(**options) -> tuple[Site, list[str]]:
    seen: list[str] = []

    def django(request, start_response):
        seen.append(("django", request))
        return [b""]

    def mcp(request, start_response):
        seen.append(("mcp", request))
        return [b""]

    return Site(django, mcp, "/api/cms/mcp", options.get("trusted", [])), seen


@pytest.mark.parametrize(
    ("path", "app"),
    [
        ("/api/cms/mcp", "mcp"),
        ("/api/cms/mcp/", "mcp"),
        ("/api/cms/mcpx", "django"),
        ("/api/cms/", "django"),
        ("/", "django"),
    ],
)
def test_the_mcp_address_goes_to_the_mcp_app_and_everything_else_to_django(path, app):
    serve, seen = site()
    serve(environ(PATH_INFO=path), None)
    assert seen[0][0] == app


def test_the_process_environment_a_server_copies_in_is_not_handed_to_django(monkeypatch):
    # granian puts the process's environment into every request's environ, as CGI did.
    monkeypatch.setenv("DATABASE_URL", "postgres://frontdesk:secret@db/frontdesk")
    serve, seen = site()
    serve({**os.environ, **environ(HTTP_X_CUSTOM="kept")}, None)
    request = seen[0][1]
    assert "DATABASE_URL" not in request
    assert request["HTTP_X_CUSTOM"] == "kept"
    assert request["REMOTE_ADDR"] == "127.0.0.1"


def test_a_variable_named_like_a_header_is_dropped_unless_the_request_sent_that_header(monkeypatch):
    monkeypatch.setenv("HTTP_PROXY", "http://proxy.internal:3128")
    serve, seen = site()
    serve({**os.environ, **environ()}, None)
    serve({**os.environ, **environ(HTTP_PROXY="sent by the client")}, None)
    assert "HTTP_PROXY" not in seen[0][1]
    assert seen[1][1]["HTTP_PROXY"] == "sent by the client"


def test_the_site_believes_forwarded_headers_only_from_its_trusted_proxies():
    headers = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    plain, seen_plain = site()
    plain(environ(**headers), None)
    trusting, seen_trusting = site(trusted=["10.0.0.1"])
    trusting(environ(**headers), None)
    assert seen_plain[0][1]["REMOTE_ADDR"] == "10.0.0.1"
    assert seen_trusting[0][1]["REMOTE_ADDR"] == "198.51.100.7"


# --- Threads and workers ------------------------------------------------------------------------


def test_frontdesk_threads_sets_the_threads_of_each_worker(monkeypatch):
    monkeypatch.setenv("FRONTDESK_THREADS", "12")
    options = server_options("127.0.0.1", 8000, workers=3)
    assert (options["workers"], options["blocking_threads"], options["interface"]) == (3, 12, "wsgi")


@pytest.mark.parametrize("value", ["0", "many", "-4", "513"])
def test_a_thread_count_that_is_no_count_is_refused(monkeypatch, value):
    monkeypatch.setenv("FRONTDESK_THREADS", value)
    with pytest.raises(ValueError, match="FRONTDESK_THREADS must be a whole number from 1 to 512"):
        threads()


# --- The bridge to the MCP app ------------------------------------------------------------------


def answer(app, request: dict) -> tuple[str, list, bytes]:
    started = []
    body = b"".join(Bridge(lambda: app)(request, lambda status, headers: started.append((status, headers))))
    return started[0][0], started[0][1], body


async def lifespan_then(app, scope, receive, send):
    if scope["type"] == "lifespan":
        message = await receive()
        assert message["type"] == "lifespan.startup"
        await send({"type": "lifespan.startup.complete"})
        await receive()
        return
    await app(scope, receive, send)


def test_the_bridge_hands_the_app_the_request_and_the_server_its_answer():
    async def echo(scope, receive, send):
        body, more = b"", True
        while more:
            message = await receive()
            body, more = body + message["body"], message["more_body"]
        headers = dict(scope["headers"])
        await send(
            {"type": "http.response.start", "status": 201, "headers": [(b"x-seen", headers[b"x-probe"])]}
        )
        await send({"type": "http.response.body", "body": scope["path"].encode() + b" " + body})

    payload = b"x" * 200_000  # more than one chunk of the body
    status, headers, body = answer(
        lambda *args: lifespan_then(echo, *args),
        environ(
            REQUEST_METHOD="POST",
            PATH_INFO="/api/cms/mcp",
            CONTENT_LENGTH=str(len(payload)),
            HTTP_X_PROBE="yes",
            **{"wsgi.input": io.BytesIO(payload)},
        ),
    )
    assert (status, headers, body) == ("201 Created", [("x-seen", "yes")], b"/api/cms/mcp " + payload)


def test_an_app_that_fails_before_answering_is_a_500():
    async def crash(scope, receive, send):
        raise RuntimeError("boom")

    status, _headers, body = answer(lambda *args: lifespan_then(crash, *args), environ(PATH_INFO="/x"))
    assert (status, body) == ("500 Internal Server Error", b"Internal Server Error")


def test_an_app_whose_start_up_fails_is_refused_at_its_first_request():
    async def refuses(scope, receive, send):
        await receive()
        await send({"type": "lifespan.startup.failed", "message": "no task group"})

    with pytest.raises(RuntimeError, match="no task group"):
        answer(refuses, environ())


def test_a_body_the_server_cannot_read_ends_the_apps_wait_for_it():
    cancelled = threading.Event()

    async def reads(scope, receive, send):
        try:
            await receive()
        except asyncio.CancelledError:
            cancelled.set()
            raise

    class Gone(io.RawIOBase):
        def read(self, size=-1):
            raise OSError("the client went away")

    request = environ(REQUEST_METHOD="POST", CONTENT_LENGTH="10", **{"wsgi.input": Gone()})
    with pytest.raises(OSError, match="went away"):
        answer(lambda *args: lifespan_then(reads, *args), request)
    assert cancelled.wait(5)
