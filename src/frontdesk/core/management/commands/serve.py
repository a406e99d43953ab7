"""`frontdesk serve`: the ASGI app under uvicorn (MCP at /api/cms/mcp, Django for the rest)."""

from __future__ import annotations

import uvicorn
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Serve the site, the panel, the API and the MCP server on one port."
    requires_system_checks = "__all__"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1, help="Processes (default 1).")
        parser.add_argument("--log-level", default="info")

    def handle(self, *args, host: str, port: int, workers: int, log_level: str, **options) -> None:
        self.stdout.write(f"frontdesk on http://{host}:{port}/ (panel at /cms/, {workers} worker(s))")
        uvicorn.run(
            "frontdesk.asgi:application",
            host=host,
            port=port,
            workers=workers,
            lifespan="on",
            log_level=log_level,
            access_log=log_level == "debug",
        )
