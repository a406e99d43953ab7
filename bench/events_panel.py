"""The events panel's list at 100k events: p50 and p95 of each tab's page 1, a deep page, a
category filter and a words search, as the panel's list answers them.

    python -m bench.events_panel [--db sqlite|postgresql|mariadb|all] [--events 100000]
                                 [--requests 100] [--explain]

For each database (all: SQLite, then PostgreSQL) a fresh database: SQLite in a temporary
folder (FRONTDESK_VAR_DIR), PostgreSQL as `fd_evpanel` (MariaDB likewise) on 127.0.0.1, made
for the run and dropped after it. `frontdesk migrate`, `frontdesk events_seed_bench --events N`
(docs/events.md, "Seeding 100k events"), fresh planner statistics (not on SQLite, which a site
runs without), then the measuring in a child process with Django set up, one call at a time,
in-process (no server, no network), through three doors: `query`, the list as the panel's API
builds it (`queries.panel_events(...)` cut by `core/api/pagination.paginate`, the page's rows
built by `outputs.event_rows`), `api` (GET /api/cms/events) and `page` (GET /cms/events/, the
panel's screen), both through Django's test client logged in as an administrator. `--explain`
prints each case's query plans on stderr. One line per figure, `name value unit db`
(`events_panel_<door>_<case>_p95 ...`), on stdout and in bench/results/events_panel.txt.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as `python bench/events_panel.py` too
from bench import panel, run  # noqa: E402

DATABASE = "fd_evpanel"
PER_PAGE = 25
DEEP_PAGE = 1000  # events 24,976 to 25,000 of Past and of All
UPCOMING_DEEP_PAGE = 400  # Upcoming holds about 17,000 of the 100,000 (half a year ahead)
# Page 1 of every tab (the targets) is measured through every door; the rest in-process.
EVERY_DOOR = {"upcoming", "past", "all", "bin"}
# (case, panel_events parameters, page). The categories are the seed's most and least used;
# "pottery" is a title's topic (about 1 event in 12), "zeppelin" in about 1 lead in 1,000.
CASES: list[tuple[str, dict[str, Any], int]] = [
    ("upcoming", {"when": "upcoming"}, 1),
    ("upcoming_deep", {"when": "upcoming"}, UPCOMING_DEEP_PAGE),
    ("past", {"when": "past"}, 1),
    ("past_deep", {"when": "past"}, DEEP_PAGE),
    ("all", {"when": "all"}, 1),
    ("all_deep", {"when": "all"}, DEEP_PAGE),
    ("bin", {"trashed": True}, 1),
    ("category", {"when": "upcoming", "categories": "bench-courses"}, 1),
    ("category_rare", {"when": "upcoming", "categories": "bench-markets"}, 1),
    ("search", {"when": "upcoming", "search": "pottery"}, 1),
    ("search_rare", {"when": "all", "search": "zeppelin"}, 1),
]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def database(db: str) -> Iterator[dict[str, str]]:
    """A fresh, migrated database and the environment that names it; dropped afterwards."""
    with tempfile.TemporaryDirectory(prefix="frontdesk-evpanel-") as folder:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "frontdesk.settings",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "FRONTDESK_VAR_DIR": folder,
            "FRONTDESK_ALLOWED_HOSTS": f"testserver,{run.HOST}",
        }
        env.pop("DATABASE_URL", None)
        drop: Callable[[], None] = lambda: None  # noqa: E731
        if db == "postgresql":
            run.postgres_execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")
            run.postgres_execute(f"CREATE DATABASE {DATABASE}")
            env["DATABASE_URL"] = f"postgres://postgres@{run.HOST}:5432/{DATABASE}"
            drop = lambda: run.postgres_execute(f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)")  # noqa: E731
        elif db == "mariadb":
            run.mariadb_execute(f"DROP DATABASE IF EXISTS {DATABASE}")
            run.mariadb_execute(f"CREATE DATABASE {DATABASE} CHARACTER SET utf8mb4")
            env["DATABASE_URL"] = f"mysql://root@{run.HOST}:3306/{DATABASE}"
            drop = lambda: run.mariadb_execute(f"DROP DATABASE IF EXISTS {DATABASE}")  # noqa: E731
        try:
            run.frontdesk(env, "migrate", "--noinput")
            yield env
        finally:
            drop()


def seed(db: str, env: dict[str, str], events: int) -> None:
    """The events through the command (its summary line on stderr), then fresh statistics."""
    done = subprocess.run(
        [*run.FRONTDESK, "events_seed_bench", "--events", str(events), "-v0"],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    log(f"  {db}: {done.stdout.strip()}")
    # PostgreSQL's and MariaDB's statistics as their autovacuum and InnoDB would have them by now.
    # SQLite keeps none unless ANALYZE is run, and the shipped settings never run it: measured as
    # a site has it (docs/performance.md, "Events panel at 100k events", on SQLite's ANALYZE).
    # The whole database: the list's rows read the addresses and the category links too.
    statement = {
        "postgresql": "VACUUM ANALYZE",
        "mariadb": "ANALYZE TABLE events_event, core_route, publishing_relationlink",
    }.get(db)
    if statement:
        script = f"from django.db import connection; connection.cursor().execute({statement!r})"
        subprocess.run(
            [*run.FRONTDESK, "shell", "-c", script],
            env=env,
            cwd=ROOT,
            check=True,
            timeout=600,
            stdout=subprocess.DEVNULL,
        )


# --- Measuring (in the child) -----------------------------------------------------------------


def doors(params: dict[str, Any], page: int) -> dict[str, Callable[[], object]]:
    """The list's three doors for one case: `query`, the list as the API builds it in-process
    (`queries.panel_events` cut by `pagination.paginate`, the rows by `outputs.event_rows`), then
    `api` (GET /api/cms/events) and `page` (GET /cms/events/, the panel's screen) through Django's
    test client, logged in as an administrator."""
    from django.test import Client

    from frontdesk.core.accounts import ensure_admin
    from frontdesk.core.api.pagination import PageQuery, paginate
    from frontdesk.events import outputs, queries

    client = Client()
    client.force_login(ensure_admin(panel.ADMIN_EMAIL)[0])
    categories = params.get("categories") or [None]
    api_query = {
        "when": params.get("when", "upcoming"),
        "trashed": "true" if params.get("trashed") else "false",
        "q": params.get("search", ""),
        "page": page,
        "per_page": PER_PAGE,
        **({"category": categories[0]} if categories[0] else {}),
    }
    tab = "bin" if params.get("trashed") else params.get("when", "upcoming")
    page_query = {
        "tab": tab,
        "q": params.get("search", ""),
        "page": page,
        **({"category": categories[0]} if categories[0] else {}),
    }

    def through_query() -> object:
        found = paginate(queries.panel_events(**params), PageQuery(page=page, per_page=PER_PAGE))
        if not found["rows"]:
            raise RuntimeError(f"{params} page {page} is empty ({found['total']} rows)")
        return outputs.event_rows(found["rows"], "en")

    def get(address: str, query: dict[str, Any]) -> Callable[[], object]:
        def call() -> object:
            response = client.get(address, query)
            if response.status_code != 200:
                raise RuntimeError(f"{address} {query} answered {response.status_code}")
            return response.content

        return call

    return {
        "query": through_query,
        "api": get("/api/cms/events", api_query),
        "page": get("/cms/events/", page_query),
    }


def explain(case: str, params: dict[str, Any], page: int, vendor: str) -> None:
    """The plans of a case's page and count; Upcoming, read in turn, shows each of its ranges."""
    from frontdesk.core.lists import RowsInTurn
    from frontdesk.events import queries

    rows = queries.panel_events(**params)
    start = (page - 1) * PER_PAGE
    options: dict[str, Any] = {"analyze": True, "buffers": True} if vendor == "postgresql" else {}
    for number, part in enumerate(rows.parts if isinstance(rows, RowsInTurn) else [rows], start=1):
        log(
            f"# EXPLAIN {case} part {number}, page {page}:\n{part[start : start + PER_PAGE].explain(**options)}"
        )
        log(f"# EXPLAIN {case} part {number}, count:\n{part.order_by().values('pk').explain(**options)}")


def child(db: str, requests: int, show_plans: bool) -> None:
    import django

    django.setup()
    from django.db import connection

    from frontdesk.categories.models import Category
    from frontdesk.events.models import CATEGORY_TYPE, Event

    ids = dict(Category.objects.filter(type=CATEGORY_TYPE).values_list("slug__en", "pk"))
    print(f"# {Event.all_objects.count():,} events, {requests} calls each, one at a time", flush=True)
    for case, params, page in CASES:
        if "categories" in params:
            params = {**params, "categories": [ids[params["categories"]]]}
        if show_plans:
            explain(case, params, page, connection.vendor)
        measured = doors(params, page)
        for door, action in measured.items() if case in EVERY_DOOR else [("query", measured["query"])]:
            p50, p95 = panel.percentiles(panel.measure(action, requests))
            print(f"events_panel_{door}_{case}_p50 {p50:.1f} ms {db}", flush=True)
            print(f"events_panel_{door}_{case}_p95 {p95:.1f} ms {db}", flush=True)


def measure_database(db: str, args: argparse.Namespace, out: list[str]) -> None:
    with database(db) as env:
        log(f"{db}: seeding {args.events:,} events")
        seed(db, env, args.events)
        extra = ["--requests", str(args.requests)] + ["--explain"] * args.explain
        child_run = subprocess.run(
            [sys.executable, "-m", "bench.events_panel", "--child", db, *extra],
            env=env,
            cwd=ROOT,
            stdout=subprocess.PIPE,
            text=True,
            timeout=3600,
        )
        for line in child_run.stdout.splitlines():
            print(line, flush=True)
            out.append(line)
        if child_run.returncode:
            raise RuntimeError(f"the {db} measurement exited with {child_run.returncode}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--db", choices=[*panel.DATABASES, "all"], default="all")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--explain", action="store_true", help="print the query plans on stderr")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not 1 <= args.requests <= 10_000:
        parser.error("--requests must be between 1 and 10000")
    if args.child:
        child(args.child, args.requests, args.explain)
        return
    panel.for_each_database(
        args.db,
        "events_panel.txt",
        lambda db, out: measure_database(db, args, out),
        what=f"seed {args.events:,} events",
    )


if __name__ == "__main__":
    main()
