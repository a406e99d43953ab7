"""The tests' live server: granian, as `frontdesk serve` runs it, in threads of the test process;
and `frontdesk serve` itself in a process of its own (`start`, `serving`).

In-process because the tests share their database (SQLite's in-memory one too), their settings
overrides and their tool registrations with the server. granian runs its workers as threads in
its free-threaded mode (`MTServer`); here that mode runs under the GIL with one worker, which
serves through the same Rust HTTP server, WSGI worker and thread pool as a worker process of
`serve`. It leans on granian's server internals, which is why pyproject.toml pins granian to one
minor version.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from granian.constants import RuntimeModes
from granian.server.mt import MTServer

SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class ThreadedGranian(MTServer):
    def _check_gil(self) -> None:
        """Run under the GIL: the threads take turns in Python, as a worker process's do."""


@contextmanager
def granian_in_a_thread(options: dict, app: Callable) -> Iterator[str]:
    """Serve `app` with `options` (core/serving.py server_options, one worker) until the block ends.

    Yields the address. At the end the server stops accepting and waits for the requests in
    flight, as `serve` does on SIGTERM.
    """
    # One worker thread; its target is not imported, since `app` is handed to it as it is.
    server = ThreadedGranian(**{**options, "workers": 1, "respawn_failed_workers": False})
    server.runtime_mode = RuntimeModes.mt  # what serve() decides for a WSGI app
    # startup() installs granian's signal handlers, which stop a server it runs in the foreground:
    # pytest's own are put back, so Ctrl-C still stops the tests.
    saved = {sig: signal.getsignal(sig) for sig in SIGNALS}
    try:
        server.startup(server._spawn_wsgi_worker, app)
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
    try:
        _wait_for(options["address"], options["port"], server)
        yield f"http://{options['address']}:{options['port']}"
    finally:
        server.shutdown()


def _wait_for(host: str, port: int, server: ThreadedGranian) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection((host, port), timeout=1).close()
            return
        except OSError:
            if time.monotonic() > deadline or not all(worker.is_alive() for worker in server.wrks):
                raise RuntimeError("The live server did not start.") from None
            time.sleep(0.02)


def start(env: dict, port: int, *options: str, log: Path | None = None) -> subprocess.Popen:
    """`frontdesk serve --port <port> *options`, once it answers."""
    return wait_until_serving(launch(env, port, *options, log=log), port, log)


def launch(env: dict, port: int, *options: str, log: Path | None = None) -> subprocess.Popen:
    """`frontdesk serve --port <port> *options`, started. Its output goes to `log` when given (a
    server that runs through a long test writes more than a pipe nobody reads holds)."""
    return subprocess.Popen(
        [sys.executable, "-m", "frontdesk", "serve", "--port", str(port), "--log-level", "warning", *options],
        env=env,
        stdout=log.open("w") if log else subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def wait_until_serving(
    server: subprocess.Popen, port: int, log: Path | None = None, within: float = 60
) -> subprocess.Popen:
    """`server` once it answers on `port`; killed, with what it said, when it does not start
    `within` seconds."""
    deadline = time.monotonic() + within
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
            return server
        except httpx.TransportError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                said = log.read_text() if log else server.stdout.read()
                raise RuntimeError(f"frontdesk serve did not start:\n{said}") from None
            time.sleep(0.2)


@contextmanager
def serving(env: dict, port: int, *options: str) -> Iterator[str]:
    """`frontdesk serve --port <port> *options` until the block ends; yields the address to call."""
    server = start(env, port, *options)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=20)
