"""Where a public page's time goes, in one process: the pages of bench/pages.py requested through
Django's test client, timed, then profiled (cProfile's cumulative times of the request's parts).

    DATABASE_URL=... FRONTDESK_VAR_DIR=... python bench/page_profile.py [--requests 300]

Runs `migrate` on the database it is given (SQLite in FRONTDESK_VAR_DIR when DATABASE_URL is not
set) and makes the pages there; give it a database of its own.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "bench.settings")
os.environ.setdefault("FRONTDESK_ALLOWED_HOSTS", "testserver")

PARTS = {  # (file, function) as cProfile names them -> what the line says
    ("django/core/handlers/base.py", "get_response"): "the whole request",
    ("frontdesk/blocks/rendering.py", "render_content"): "the blocks (render_content)",
    ("frontdesk/publishing/templatetags/site.py", "site_menu"): "the layout's menu",
    ("frontdesk/publishing/head.py", "language_links"): "the language links",
    ("frontdesk/publishing/head.py", "print_head"): "the head ({% page_head %})",
    ("django/db/models/sql/compiler.py", "as_sql"): "Django compiling SQL",
    ("django/db/backends/utils.py", "execute"): "statements sent (execute)",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from bench.pages import _make_pages

    call_command("migrate", verbosity=0)
    client = Client()
    for name, path in _make_pages([]).items():
        for _ in range(30):
            client.get(path)
        with CaptureQueriesContext(connection) as queries:
            answer = client.get(path)
        statements = len(queries)  # counted now: every request empties the log Django keeps
        took = []
        for _ in range(args.requests):
            start = time.perf_counter()
            client.get(path)
            took.append((time.perf_counter() - start) * 1000)
        print(
            f"{name}: {answer.status_code}, {len(answer.content)} bytes, {statements} queries;"
            f" p50 {statistics.median(took):.2f} ms, p95 {statistics.quantiles(took, n=20)[18]:.2f} ms"
        )
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.requests):
            client.get(path)
        profile.disable()
        spent: dict[tuple[str, str], float] = {}
        for (file, _line, function), (*_counts, cumulative, _callers) in pstats.Stats(profile).stats.items():  # type: ignore[attr-defined]
            for part in PARTS:
                if file.endswith(part[0]) and function == part[1]:
                    spent[part] = spent.get(part, 0.0) + cumulative
        whole = spent.get(("django/core/handlers/base.py", "get_response"), 1.0)
        for part, words in PARTS.items():
            if part in spent:
                share = spent[part] / whole * 100
                print(f"  {words:32} {spent[part] / args.requests * 1000:6.2f} ms profiled ({share:4.1f} %)")


if __name__ == "__main__":
    main()
