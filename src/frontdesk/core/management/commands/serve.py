"""`frontdesk serve`: the ASGI app under uvicorn (MCP at /api/cms/mcp, Django for the rest)."""

from __future__ import annotations

import uvicorn
from django.core.management.base import BaseCommand

from frontdesk.core.serving import adopt_base_url, base_url_is_configured, uvicorn_options


class Command(BaseCommand):
    help = "Serve the site, the panel, the API and the MCP server on one port."
    requires_system_checks = "__all__"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1, help="Processes (default 1).")
        parser.add_argument("--log-level", default="info")

    def handle(self, *args, host: str, port: int, workers: int, log_level: str, **options) -> None:
        configured = base_url_is_configured()
        base_url = adopt_base_url(host, port)
        self.stdout.write(f"frontdesk on {base_url}/ (panel at /cms/, {workers} worker(s))")
        if not configured and host not in ("127.0.0.1", "localhost", "::1"):
            self.stdout.write(
                f"FRONTDESK_BASE_URL is not set: links in mails and the panel name {base_url}."
                " Set it to the site's public address."
            )
        uvicorn.run(**uvicorn_options(host, port, workers=workers, log_level=log_level))
