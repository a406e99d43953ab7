"""ASGI compositions of the site that bench/servers.py measures `frontdesk serve` against.

`application` is what `frontdesk serve` ran until granian took over (docs/architecture.md,
"Serving"): /api/cms/mcp to the MCP server's ASGI app, everything else to Django as WSGI in
a2wsgi's thread pool (FRONTDESK_THREADS threads, 16 by default), lifespan events to the MCP app.
Needs the `bench` extra (a2wsgi; uvicorn to serve it).
"""

from __future__ import annotations

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "frontdesk.settings")
django.setup()

from a2wsgi import WSGIMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from frontdesk.core.handler import get_wsgi_application  # noqa: E402
from frontdesk.core.mcp.server import build_mcp_app  # noqa: E402

MCP_PATH = settings.FRONTDESK["mcp"]["path"].rstrip("/")
django_app = WSGIMiddleware(get_wsgi_application(), workers=int(os.environ.get("FRONTDESK_THREADS", "16")))
mcp_app = build_mcp_app()


async def application(scope, receive, send) -> None:
    if scope["type"] == "lifespan":
        await mcp_app(scope, receive, send)
        return
    path = scope.get("path", "")
    if path == MCP_PATH or path.startswith(MCP_PATH + "/"):
        await mcp_app(scope, receive, send)
        return
    await django_app(scope, receive, send)


async def granian_application(scope, receive, send) -> None:
    """`application` for granian's ASGI interface, whose receive() gives an awaitable that is not a
    coroutine: a2wsgi hands it to run_coroutine_threadsafe, which takes coroutines only."""

    async def coroutine_receive():
        return await receive()

    await application(scope, coroutine_receive, send)
