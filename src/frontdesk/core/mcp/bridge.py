"""The MCP server's ASGI app answering inside the WSGI server (frontdesk.wsgi, `frontdesk serve`).

The SDK's app is asynchronous and needs its lifespan: the session manager's task group starts
there, and every MCP request runs as a task of that group. So each process that serves MCP keeps
one event loop in a thread of its own, started at its first MCP request, with the lifespan
running in it for as long as the process lives.

A request stays with the server thread it arrived in: the app runs in the loop, and everything
it asks of the request goes back to that thread through a queue, which reads the body only when
the app asks for it (the bearer check answers 401 before a byte of it is read) and collects the
answer. The server is stateless and answers JSON (core/mcp/server.py), so every answer is one
body, handed to the server whole once the app has finished.

One bridge per process (`mcp_bridge()`): the session manager refuses to run twice, and the tests
start a second server in the process they already serve from.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import functools
import logging
import queue
import threading
from collections.abc import Callable, Coroutine
from http import HTTPStatus
from typing import Any, cast

from starlette.types import ASGIApp, Message

logger = logging.getLogger("frontdesk.mcp")

STARTUP_SECONDS = 30  # the lifespan only opens a task group; 30 s means it hangs
SHUTDOWN_SECONDS = 5
CHUNK = 65536
FAILURE = b"Internal Server Error"


class Bridge:
    """A WSGI app that answers with the ASGI app `build()` returns, its lifespan started once."""

    def __init__(self, build: Callable[[], ASGIApp]):
        self._build = build
        self._lock = threading.Lock()
        self._running: tuple[asyncio.AbstractEventLoop, ASGIApp] | None = None

    def __call__(self, environ: dict, start_response: Callable) -> list[bytes]:
        loop, app = self._running or self._start()
        exchange = _Exchange(environ, loop)
        # An ASGI app is an async function, so its call is a coroutine; the type says Awaitable.
        call = cast(Coroutine[Any, Any, None], app(asgi_scope(environ), exchange.receive, exchange.send))
        done = asyncio.run_coroutine_threadsafe(call, loop)
        done.add_done_callback(lambda _: exchange.events.put(("done", None)))
        try:
            status, headers, body = exchange.serve()
        except BaseException:
            done.cancel()  # the body could not be read (the client left): the app waits for it no more
            raise
        try:
            done.result()
        except Exception:
            logger.exception("The MCP app failed on %s %s", environ["REQUEST_METHOD"], environ["PATH_INFO"])
            if status is None:
                status, headers, body = 500, [(b"content-type", b"text/plain; charset=utf-8")], FAILURE
        if status is None:
            logger.error("The MCP app finished without an answer on %s", environ["PATH_INFO"])
            status, headers, body = 500, [(b"content-type", b"text/plain; charset=utf-8")], FAILURE
        start_response(
            _status_line(status),
            [(name.decode("latin-1"), value.decode("latin-1")) for name, value in headers],
        )
        return [body]

    def _start(self) -> tuple[asyncio.AbstractEventLoop, ASGIApp]:
        with self._lock:
            if self._running is not None:  # another thread started it meanwhile
                return self._running
            app = self._build()
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="mcp-event-loop", daemon=True).start()
            started: concurrent.futures.Future[None] = concurrent.futures.Future()
            shutdown = asyncio.Event()
            lifespan = asyncio.run_coroutine_threadsafe(_lifespan(app, started, shutdown), loop)
            try:
                started.result(timeout=STARTUP_SECONDS)
            except BaseException:
                loop.call_soon_threadsafe(loop.stop)
                raise

            def stop() -> None:
                loop.call_soon_threadsafe(shutdown.set)
                try:
                    lifespan.result(timeout=SHUTDOWN_SECONDS)
                except Exception:  # noqa: S110 (the process is ending; a late failure changes nothing)
                    pass
                finally:
                    loop.call_soon_threadsafe(loop.stop)

            # The server lets requests in flight finish before the interpreter exits; then the
            # session manager closes its task group.
            atexit.register(stop)
            self._running = (loop, app)
            return self._running


def _status_line(status: int) -> str:
    try:
        return f"{status} {HTTPStatus(status).phrase}"
    except ValueError:
        return f"{status} Unknown"


class _Exchange:
    """One request between the server's thread (`serve`) and the app in the loop (`receive`, `send`)."""

    def __init__(self, environ: dict, loop: asyncio.AbstractEventLoop):
        self.environ, self.loop = environ, loop
        self.events: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        length = environ.get("CONTENT_LENGTH", "")
        self.left: int | None = int(length) if length.isdigit() else None  # None: until the end
        self.body_done = False
        self.answered = False
        self.waiting: list[asyncio.Future] = []  # receive() calls after the body: wait for the end

    async def receive(self) -> dict[str, Any]:
        future = self.loop.create_future()
        self.events.put(("receive", future))
        return await future

    async def send(self, message: Message) -> None:
        self.events.put(("send", message))

    def serve(self) -> tuple[int | None, list, bytes]:
        """Answer the app's calls until it finishes; the status, headers and body it sent."""
        status: int | None = None
        headers: list[tuple[bytes, bytes]] = []
        chunks: list[bytes] = []
        while True:
            kind, item = self.events.get()
            if kind == "done":
                self._disconnect()
                return status, headers, b"".join(chunks)
            if kind == "receive":
                if not self.body_done:
                    self._settle(item, self._read())
                elif self.answered:
                    self._settle(item, {"type": "http.disconnect"})
                else:
                    self.waiting.append(item)
            elif item["type"] == "http.response.start":
                status, headers = item["status"], list(item.get("headers", []))
            elif item["type"] == "http.response.body":
                chunks.append(item.get("body", b""))
                if not item.get("more_body", False):
                    self.answered = True
                    self._disconnect()

    def _read(self) -> dict[str, Any]:
        size = CHUNK if self.left is None else min(CHUNK, self.left)
        data = self.environ["wsgi.input"].read(size) if size else b""
        if self.left is not None:
            self.left -= len(data)
        self.body_done = not data or self.left == 0
        return {"type": "http.request", "body": data, "more_body": not self.body_done}

    def _settle(self, future: asyncio.Future, message: dict[str, Any]) -> None:
        def settle() -> None:
            if not future.done():
                future.set_result(message)

        self.loop.call_soon_threadsafe(settle)

    def _disconnect(self) -> None:
        for future in self.waiting:
            self._settle(future, {"type": "http.disconnect"})
        self.waiting.clear()


def asgi_scope(environ: dict) -> dict[str, Any]:
    """The ASGI scope of a WSGI request (PEP 3333 strings are latin-1 for the bytes sent)."""
    headers = [
        (key[5:].lower().replace("_", "-").encode("latin-1"), value.encode("latin-1"))
        for key, value in environ.items()
        if key.startswith("HTTP_")
    ]
    for key, name in (("CONTENT_TYPE", b"content-type"), ("CONTENT_LENGTH", b"content-length")):
        if environ.get(key):
            headers.append((name, environ[key].encode("latin-1")))
    root = environ.get("SCRIPT_NAME", "")
    path = root + environ.get("PATH_INFO", "")
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},
        "http_version": environ.get("SERVER_PROTOCOL", "HTTP/1.1").partition("/")[2] or "1.1",
        "method": environ["REQUEST_METHOD"],
        "scheme": environ.get("wsgi.url_scheme", "http"),
        "path": path.encode("latin-1").decode("utf-8", "replace"),
        "query_string": environ.get("QUERY_STRING", "").encode("latin-1"),
        "root_path": root.encode("latin-1").decode("utf-8", "replace"),
        "headers": headers,
        "server": (environ.get("SERVER_NAME", ""), int(environ.get("SERVER_PORT") or 0)),
    }
    if environ.get("REMOTE_ADDR"):
        scope["client"] = (environ["REMOTE_ADDR"], int(environ.get("REMOTE_PORT") or 0))
    return scope


async def _lifespan(app: ASGIApp, started: concurrent.futures.Future[None], shutdown: asyncio.Event) -> None:
    """Run the app's lifespan: startup now, shutdown when `shutdown` is set."""
    asked: list[str] = []

    async def receive() -> dict[str, Any]:
        if not asked:
            asked.append("startup")
            return {"type": "lifespan.startup"}
        await shutdown.wait()
        return {"type": "lifespan.shutdown"}

    async def send(message: Message) -> None:
        if message["type"] == "lifespan.startup.complete":
            started.set_result(None)
        elif message["type"] == "lifespan.startup.failed":
            started.set_exception(RuntimeError(f"The MCP app did not start: {message.get('message', '')}"))

    scope = {"type": "lifespan", "asgi": {"version": "3.0", "spec_version": "2.0"}, "state": {}}
    try:
        await app(scope, receive, send)
    except BaseException as error:
        if not started.done():
            started.set_exception(error)
        raise
    if not started.done():  # an app that ignores lifespan events
        started.set_exception(RuntimeError("The MCP app returned before its start-up completed."))


@functools.cache
def mcp_bridge() -> Bridge:
    """This process's bridge to the MCP server (its app built and started at its first request)."""
    # Imported when called: core/serving.py imports this module before Django is set up, and the
    # server imports the models (an app-loading rule, no circle).
    from frontdesk.core.mcp.server import build_mcp_app

    return Bridge(build_mcp_app)
