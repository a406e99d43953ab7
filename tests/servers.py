"""A uvicorn server in a thread of the test process, for the live-server fixtures."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def uvicorn_in_a_thread(config, name: str) -> Iterator[str]:
    """Start `config` (a uvicorn.Config on 127.0.0.1) and yield its address until the block ends."""
    import uvicorn

    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, name=name, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("The live server did not start.")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
