"""The one ASGI app behind `frontdesk serve`.

/api/cms/mcp goes to the MCP server's own ASGI app; everything else goes to Django as WSGI in
a thread pool (a2wsgi), which measured faster than Django's ASGI handler for our sync views
(DESIGN.md, docs/performance.md), through core/handler.py (an unreadable header is a 400).
Lifespan events go to the MCP app: its session manager's task group starts there, and without
it every MCP request fails.
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
DJANGO_THREADS = int(os.environ.get("FRONTDESK_THREADS", "16"))

django_app = WSGIMiddleware(get_wsgi_application(), workers=DJANGO_THREADS)
mcp_app = build_mcp_app()


async def application(scope, receive, send):
    if scope["type"] == "lifespan":
        await mcp_app(scope, receive, send)
        return
    path = scope.get("path", "")
    if path == MCP_PATH or path.startswith(MCP_PATH + "/"):
        await mcp_app(scope, receive, send)
        return
    await django_app(scope, receive, send)
