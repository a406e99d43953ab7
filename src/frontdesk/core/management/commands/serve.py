"""`frontdesk serve`: the site's WSGI app under granian (MCP at /api/cms/mcp, Django for the rest)."""

from __future__ import annotations

import multiprocessing
import sys

from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from frontdesk.core.serving import LOG_LEVELS, adopt_base_url, base_url_is_configured, server_options


class Command(BaseCommand):
    help = "Serve the site, the panel, the API and the MCP server on one port."
    requires_system_checks = "__all__"

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--workers", type=int, default=1, help="Processes (default 1).")
        parser.add_argument("--log-level", default="info", choices=LOG_LEVELS)

    def handle(self, *args, host: str, port: int, workers: int, log_level: str, **options) -> None:
        from granian import Granian

        if workers < 1:
            raise CommandError("--workers must be 1 or more.")
        try:
            server = Granian(**server_options(host, port, workers=workers, log_level=log_level))
        except ValueError as error:  # FRONTDESK_THREADS: one line and status 2, as for the settings
            sys.stderr.write(f"frontdesk: configuration error: {error}\n")
            raise SystemExit(2) from None
        configured = base_url_is_configured()
        base_url = adopt_base_url(host, port)
        self.stdout.write(f"frontdesk on {base_url}/ (panel at /cms/, {workers} worker(s))")
        if not configured and host not in ("127.0.0.1", "localhost", "::1"):
            self.stdout.write(
                f"FRONTDESK_BASE_URL is not set: links in mails and the panel name {base_url}."
                " Set it to the site's public address."
            )
        self.stdout.flush()
        # Workers start as fresh interpreters that import the app themselves (as uvicorn's did):
        # forked ones would share this process's database connections and its threads' locks.
        connections.close_all()
        multiprocessing.set_start_method("spawn", force=True)
        server.serve()
