"""The explorer's list over a million submissions: p50 and p95 of page 1, a deep page, the Unread
tab and a search, through the query, the panel JSON API and the panel page.

    python bench/panel.py [--db sqlite|postgresql|mariadb|all] [--requests 100] [--forms 20]
                          [--submissions 1000000] [--reseed] [--explain]

Each database is prepared once and kept for the next run (seeding a million takes minutes):
SQLite in var/bench/frontdesk_bench_inbox/ (FRONTDESK_VAR_DIR), PostgreSQL and MariaDB as the
database `frontdesk_bench_inbox` on 127.0.0.1:5432 and :3306 (created when missing). `frontdesk migrate`, then `frontdesk inbox_seed_bench
--forms F --submissions N` unless the database already holds submissions; `--reseed` starts from
an empty database. The measuring runs in a child process with Django set up, one request at a time
(`django.test.Client` for the API and the page, logged in as an administrator; no server, no
network), on the form with the most submissions. A door that does not answer 200 yet is left out
with a remark. One line per figure, `name value unit db`, on stdout and in bench/results/panel.txt.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FRONTDESK = [sys.executable, "-m", "frontdesk"]
HOST = "127.0.0.1"
PG_ADMIN_URL = f"postgres://postgres@{HOST}:5432/postgres"
MARIADB = {"host": HOST, "port": 3306, "user": "root"}
DATABASES = ["sqlite", "postgresql", "mariadb"]
ADMIN_EMAIL = "bench@example.com"
WARMUP = 5
DEEP_PAGE = 1000
PER_PAGE = 25
# (case, filter parameters): the rare word is in about 1 in 1,000 messages, the common one in 5 %.
CASES = [
    ("page1", {}),
    ("deep", {"page": DEEP_PAGE}),
    ("unread", {"tab": "unread"}),
    ("search", {"q": "invoice"}),
    ("search_rare", {"q": "zeppelin"}),
]


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- Preparing a kept database (also used by bench/export.py) ---------------------------------


def database_env(db: str, name: str) -> dict[str, str]:
    """The environment a child needs to reach the bench database `name` of kind `db`."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "frontdesk.settings",
        "FRONTDESK_ALLOWED_HOSTS": f"testserver,{HOST}",
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    env.pop("DATABASE_URL", None)
    if db == "sqlite":
        env["FRONTDESK_VAR_DIR"] = str(ROOT / "var" / "bench" / name)
    elif db == "mariadb":
        env["DATABASE_URL"] = f"mysql://{MARIADB['user']}@{HOST}:{MARIADB['port']}/{name}"
        env["FRONTDESK_VAR_DIR"] = str(ROOT / "var" / "bench" / f"{name}-mariadb")
    else:
        env["DATABASE_URL"] = f"postgres://postgres@{HOST}:5432/{name}"
        env["FRONTDESK_VAR_DIR"] = str(ROOT / "var" / "bench" / f"{name}-pg")
    return env


def create_mariadb(name: str, *, reseed: bool) -> None:
    import MySQLdb

    quoted = "`" + name.replace("`", "``") + "`"
    conn = MySQLdb.connect(**MARIADB, connect_timeout=3)
    try:
        cursor = conn.cursor()
        if reseed:
            cursor.execute(f"DROP DATABASE IF EXISTS {quoted}")
        cursor.execute(f"CREATE DATABASE IF NOT EXISTS {quoted} CHARACTER SET utf8mb4")
    finally:
        conn.close()


def prepare(db: str, name: str, *, forms: int, submissions: int, reseed: bool) -> dict[str, str]:
    """Create (or reuse) the database, migrate it and seed it once; answer the child's environment."""
    env = database_env(db, name)
    if db == "sqlite":
        folder = Path(env["FRONTDESK_VAR_DIR"])
        if reseed and folder.exists():
            shutil.rmtree(folder)
        folder.mkdir(parents=True, exist_ok=True)
    elif db == "mariadb":
        create_mariadb(name, reseed=reseed)
    else:
        import psycopg
        from psycopg import sql

        with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=3) as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if exists and reseed:
                conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
            if not exists or reseed:
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    run = {"env": env, "cwd": ROOT, "check": True}
    subprocess.run([*FRONTDESK, "migrate", "--noinput", "-v0"], **run, timeout=600)
    seeded = subprocess.run(
        [*FRONTDESK, "inbox_seed_bench", "--forms", str(forms), "--submissions", str(submissions)],
        env=env,
        cwd=ROOT,
        stdout=sys.stderr,
        stderr=subprocess.PIPE,
        text=True,
    )
    if seeded.returncode and "already has submissions" not in seeded.stderr:
        raise RuntimeError(f"seeding failed: {seeded.stderr.strip()[-500:]}")
    if seeded.returncode:
        log(f"  {db}: already seeded, kept (--reseed starts afresh)")
    if db == "postgresql":
        # Fresh statistics: the planner should see the table as it now is, as autovacuum would.
        subprocess.run(
            [*FRONTDESK, "dbshell", "--", "-c", "VACUUM ANALYZE"], **run, stdout=subprocess.DEVNULL
        )
    if db == "mariadb":
        subprocess.run(
            [*FRONTDESK, "dbshell", "--", "-e", "ANALYZE TABLE inbox_submission"],
            **run,
            stdout=subprocess.DEVNULL,
        )
    return env


def run_child(script: str, db: str, env: dict[str, str], args: list[str], out: list[str]) -> None:
    """Run `script --child DB ARGS` in `env`; its stdout lines are figures or remarks."""
    child = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), "--child", db, *args],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        timeout=3600,
    )
    for line in child.stdout.splitlines():
        print(line, flush=True)
        out.append(line)
    if child.returncode:
        raise RuntimeError(f"the {db} measurement exited with {child.returncode}")


def for_each_database(
    selection: str,
    results: str,
    measure: Callable[[str, list[str]], None],
    *,
    what: str,
    databases: tuple[str, ...] = ("sqlite", "postgresql"),
) -> None:
    """Run `measure(db, out)` on each of `databases` (or the one chosen), report a failing
    database and go on, write the figures to bench/results/`results`, exit 1 if any failed."""
    out = [f"# load average {os.getloadavg()[0]:.2f} before the run, {os.cpu_count()} cores"]
    print(out[0], flush=True)
    failed = False
    for db in databases if selection == "all" else [selection]:
        try:
            log(f"{db}: prepare (migrate, {what})")
            measure(db, out)
        except Exception as error:  # report and go on with the next database
            failed = True
            out.append(f"# {db} failed: {error}".splitlines()[0])
            print(out[-1], flush=True)
    write_results(results, out)
    sys.exit(1 if failed else 0)


def write_results(name: str, out: list[str]) -> None:
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / name).write_text("\n".join(out) + "\n")


# --- Measuring (in the child) -----------------------------------------------------------------


def percentiles(timings: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(timings, n=100, method="inclusive")
    return cuts[49], cuts[94]


def measure(action: Callable[[], object], requests: int) -> list[float]:
    for _ in range(WARMUP):
        action()
    timings = []
    for _ in range(requests):
        started = time.perf_counter()
        action()
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def doors(form, params: dict) -> dict[str, Callable[[], object]]:
    from django.test import Client

    from frontdesk.core.accounts import ensure_admin
    from frontdesk.inbox import queries

    client = Client()
    client.force_login(ensure_admin(ADMIN_EMAIL)[0])
    query = {key: str(value) for key, value in params.items()}
    api = f"/api/cms/inbox/forms/{form.pk}/submissions"
    page = f"/cms/inbox/forms/{form.pk}/"

    def through_query():
        flt = queries.parse_filter(query)
        found = queries.submission_page(form, flt, page=int(query.get("page", 1)), per_page=PER_PAGE)
        return [row.cells for row in found.rows]

    def get(address: str) -> Callable[[], object]:
        def call():
            response = client.get(address, {**query, "per_page": PER_PAGE} if address == api else query)
            if response.status_code != 200:
                raise RuntimeError(f"{address} answered {response.status_code}")
            return response.content

        return call

    return {"query": through_query, "api": get(api), "page": get(page)}


def explain(form, params: dict, vendor: str) -> None:
    from frontdesk.inbox import queries

    flt = queries.parse_filter({key: str(value) for key, value in params.items()})
    start = (int(params.get("page", 1)) - 1) * PER_PAGE
    ids = queries.filtered(form, flt).values_list("pk", flat=True)[start : start + PER_PAGE]
    options = {"analyze": True, "buffers": True} if vendor == "postgresql" else {}
    if vendor == "mysql":
        options = {"analyze": True}  # MariaDB's ANALYZE: the plan with the rows each step read
    print(f"# EXPLAIN ids {params}:", file=sys.stderr)
    print(ids.explain(**options), file=sys.stderr)
    if flt.narrows:
        # The count as queries.count runs it: unordered, and shaped for counting.
        capped = queries.filtered(form, flt, counting=True).order_by().values("pk")[: queries.COUNT_CAP + 1]
        print(f"# EXPLAIN count {params}:", file=sys.stderr)
        print(capped.explain(**options), file=sys.stderr)


def child(db: str, requests: int, show_plans: bool) -> None:
    import django

    django.setup()
    from django.db import connection

    from frontdesk.inbox.models import Form, Submission

    form = max(Form.objects.all(), key=lambda item: sum(t.total for t in item.tallies.all()))
    print(
        f"# {Submission.objects.count():,} submissions in {Form.objects.count()} forms; "
        f"measured on {form.slug} ({form.submissions.count():,}), {requests} requests each, one at a time",
        flush=True,
    )
    for case, params in CASES:
        if show_plans:
            explain(form, params, connection.vendor)
        for door, action in doors(form, params).items():
            try:
                action()
            except Exception as error:  # a door still being built: say so and go on
                print(f"# panel_{door}_{case} skipped: {str(error)[:120]}", flush=True)
                continue
            p50, p95 = percentiles(measure(action, requests))
            print(f"panel_{door}_{case}_p50 {p50:.1f} ms {db}", flush=True)
            print(f"panel_{door}_{case}_p95 {p95:.1f} ms {db}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=[*DATABASES, "all"], default="all")
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--forms", type=int, default=20)
    parser.add_argument("--submissions", type=int, default=1_000_000)
    parser.add_argument("--reseed", action="store_true")
    parser.add_argument("--explain", action="store_true", help="print the query plans on stderr")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not 1 <= args.requests <= 10_000:
        parser.error("--requests must be between 1 and 10000")
    if args.child:
        child(args.child, args.requests, args.explain)
        return
    extra = ["--requests", str(args.requests)] + ["--explain"] * args.explain
    for_each_database(
        args.db,
        "panel.txt",
        lambda db, out: run_child(
            "panel.py",
            db,
            prepare(
                db,
                "frontdesk_bench_inbox",
                forms=args.forms,
                submissions=args.submissions,
                reseed=args.reseed,
            ),
            extra,
            out,
        ),
        what=f"seed {args.submissions:,} in {args.forms} forms unless kept",
        databases=tuple(DATABASES),
    )


if __name__ == "__main__":
    main()
