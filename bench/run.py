"""Benchmark runner: start the real server, drive it with concurrent clients, print figures.

    python bench/run.py [--db sqlite|postgresql|mariadb|all] [--workers 2] [--clients 16] [--seconds 10]
                        [--only NAME] [--client wrk|bench] [--rounds 1]

For each database: a fresh database (SQLite in a temporary FRONTDESK_VAR_DIR; PostgreSQL as a new
database on 127.0.0.1:5432, dropped afterwards), `frontdesk migrate`, `frontdesk createadmin`, then
`frontdesk serve` on 127.0.0.1 with bench.settings. Each benchmark runs a bounded number of clients
(at most 64, one thread and httpx client each) for a bounded time (at most 60 s, after a one-second
warm-up) against 127.0.0.1 only; with `--only intake` the posts come from wrk instead (bench/wrk.py),
whose client spends little of the cores the server shares. One line per figure, `name value unit db`, on stdout and in
bench/results/latest.txt; remarks (load average, a skipped or failed database) start with `#`.
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as `python bench/run.py`: the bench package sits in the root
from bench import intake, pages, wrk  # noqa: E402

FRONTDESK = [sys.executable, "-m", "frontdesk"]  # the console script, run by this interpreter
HOST = "127.0.0.1"  # loopback only, never anything else
PG_ADMIN_URL = f"postgres://postgres@{HOST}:5432/postgres"
ADMIN_EMAIL, ADMIN_PASSWORD = "bench@example.com", secrets.token_urlsafe(16)
MAX_CLIENTS, MAX_SECONDS, WARMUP_SECONDS, REQUEST_TIMEOUT = 64, 60.0, 1.0, 10.0
BARE_HEADERS = {"Content-Type": "text/plain"}  # wrk's posts to the bare view (its row's payload)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def frontdesk(env: dict, *args: str) -> None:
    subprocess.run([*FRONTDESK, *args], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, timeout=300)


def start_server(
    env: dict, port: int, workers: int, log_path: Path, command: list[str] | None = None
) -> subprocess.Popen:
    """`frontdesk serve` (or `command`) on `port`, once it answers; its output goes to `log_path`."""
    command = command or [*FRONTDESK, "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)]
    with log_path.open("wb") as out:
        server = subprocess.Popen(
            command,
            env=env,
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: we stop it and its workers together
        )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server exited ({server.returncode}):\n{log_path.read_text()[-2000:]}")
        try:
            httpx.get(f"http://{HOST}:{port}/cms/login/", timeout=2)
            return server
        except httpx.TransportError:
            time.sleep(0.2)
    stop_server(server)
    raise RuntimeError(f"the server did not answer within 60 s:\n{log_path.read_text()[-2000:]}")


def stop_server(server: subprocess.Popen) -> None:
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(server.pid, sig)
            server.wait(timeout=wait)
            return
        except ProcessLookupError:
            return
        except subprocess.TimeoutExpired:
            continue


# granian's own WSGI server on Django's stock WSGI app (no frontdesk handler, no MCP, granian's
# default threads): what the fastest server we know makes of the same view, in the same run.
GRANIAN_WSGI = [sys.executable, "-m", "granian", "--interface", "wsgi", "--log-level", "warning", "--factory"]


def granian_wsgi(env: dict, args: argparse.Namespace, log_path: Path) -> dict:
    """The bare insert view under granian's WSGI server with `--workers` processes: the reference."""
    port = free_port()
    command = [*GRANIAN_WSGI, "--host", HOST, "--port", str(port), "--workers", str(args.workers)]
    command.append("django.core.wsgi:get_wsgi_application")
    server = start_server(env, port, args.workers, log_path, command)
    try:
        log("  granian_wsgi: POST /bench/insert/ under granian --interface wsgi (the reference)")
        return drive("POST", f"http://{HOST}:{port}/bench/insert/", args.clients, args.seconds, {}, 201)
    finally:
        stop_server(server)


def drive(
    method: str,
    url: str,
    clients: int,
    seconds: float,
    cookies: dict,
    expect: int,
    make_request: Callable[[], tuple[bytes, dict[str, str]]] | None = None,
) -> dict:
    """`clients` threads send requests back to back; only those started after the warm-up count.

    `make_request` gives each request its own body and headers (else a fixed small body).
    Threads with one sync httpx.Client each: on this machine they cost about a third of the CPU
    per request that httpx's asyncio client does, and the client shares the cores with the server.
    """
    latencies: list[float] = []
    counts = {"ok": 0, "errors": 0, "ok_with_warmup": 0}
    lock = threading.Lock()
    start = time.monotonic()
    measure_from, stop_at = start + WARMUP_SECONDS, start + WARMUP_SECONDS + seconds
    body = b"payload" if method == "POST" else None

    def loop() -> None:
        with httpx.Client(cookies=cookies, timeout=REQUEST_TIMEOUT) as client:
            while (sent := time.monotonic()) < stop_at:
                content, headers = make_request() if make_request else (body, {})
                try:
                    ok = client.request(method, url, content=content, headers=headers).status_code == expect
                except httpx.HTTPError:
                    ok = False
                took = (time.monotonic() - sent) * 1000
                if ok:
                    with lock:
                        counts["ok_with_warmup"] += 1
                if sent >= measure_from:
                    with lock:
                        counts["ok" if ok else "errors"] += 1
                        if ok:
                            latencies.append(took)

    cpu_before = time.process_time()
    with ThreadPoolExecutor(clients) as pool:
        for future in [pool.submit(loop) for _ in range(clients)]:
            future.result()
    elapsed = time.monotonic() - measure_from
    client_cpu = (time.process_time() - cpu_before) / (time.monotonic() - start) * 100
    cuts = statistics.quantiles(latencies, n=100) if len(latencies) >= 2 else [float("nan")] * 99
    return {
        "rps": (counts["ok"] / elapsed, "req/s"),
        "p50": (cuts[49], "ms"),
        "p95": (cuts[94], "ms"),
        "p99": (cuts[98], "ms"),
        "ok": (counts["ok"], "requests"),
        "errors": (counts["errors"], "requests"),
        "client_cpu": (client_cpu, "%"),
        "answered": (counts["ok_with_warmup"], "requests"),  # the warm-up's too: rows to compare with
    }


def login(base: str) -> tuple[dict, str]:
    """Log in as the admin; answer the session cookies and the landing page's final address."""
    with httpx.Client(base_url=base, timeout=REQUEST_TIMEOUT) as client:
        client.get("/cms/login/").raise_for_status()
        token = client.cookies["csrftoken"]
        answer = client.post(
            "/cms/login/",
            data={"username": ADMIN_EMAIL, "password": ADMIN_PASSWORD},
            headers={"X-CSRFToken": token, "Referer": f"{base}/cms/login/"},
        )
        if answer.status_code != 302 or "/login/" in answer.headers.get("location", ""):
            raise RuntimeError(f"login failed ({answer.status_code})")
        landing = client.get("/cms/")
        final = landing.headers["location"] if landing.status_code == 302 else "/cms/"
        client.get(final).raise_for_status()
        return dict(client.cookies), final


def benchmarks(
    env: dict,
    base: str,
    clients: int,
    seconds: float,
    only: str | None,
    rounds: int = 1,
    server_group: int | None = None,
    client: str = "bench",
) -> dict[str, dict]:
    results = {}
    tokens = intake.prepare(env) if only in (None, "intake") else {}  # old enough once insert_view ran
    if only == "intake":
        results.update(intake_rounds(env, base, clients, seconds, tokens, rounds, client))
    elif only in (None, "insert_view"):
        log("  insert_view: POST /bench/insert/")
        results["insert_view"] = drive("POST", f"{base}/bench/insert/", clients, seconds, {}, 201)
        if only is None:
            results.update(intake_figures(env, base, clients, seconds, tokens, results["insert_view"]))
    if only in (None, "panel_landing"):
        cookies, final = login(base)
        log(f"  panel_landing: GET {final} (where /cms/ leads a logged-in admin)")
        results["panel_landing"] = drive("GET", base + final, clients, seconds, cookies, 200)
    if only in (None, "pages", "page_plain", "page_blocks", "page_faq"):
        results.update(page_figures(env, base, clients, seconds, only, server_group))
    return results


def page_figures(
    env: dict, base: str, clients: int, seconds: float, only: str | None, server_group: int | None = None
) -> dict[str, dict]:
    """A visitor's GET of a published page (bench/pages.py): alone (one client, what one visitor
    waits) as `<name>_one_client`, then with `clients` at once as `<name>`. With the server's
    process group, `_cpu_per_request` too: the server processes' CPU milliseconds per answered
    request after the warm-up, which other work on the machine changes far less than the rates."""
    results = {}
    for name, path in pages.prepare(env).items():
        if only not in (None, "pages", name):
            continue
        for figure, count in ((f"{name}_one_client", 1), (name, clients)):
            if figure == name and clients == 1:
                continue
            log(f"  {name}: GET {path}, {count} client{'s' if count > 1 else ''}")
            results[figure] = drive_timed("GET", base + path, count, seconds, 200, server_group)
    return results


def drive_timed(method: str, url: str, clients: int, seconds: float, expect: int, group: int | None) -> dict:
    """drive(), plus the server's CPU per answered request when its process group is known."""
    if group is None:
        return drive(method, url, clients, seconds, {}, expect)
    from bench.servers import group_cpu_seconds  # bench.servers imports this module

    at_warmup: list[float] = []
    timer = threading.Timer(WARMUP_SECONDS, lambda: at_warmup.append(group_cpu_seconds(group)))
    timer.start()
    figures = drive(method, url, clients, seconds, {}, expect)
    timer.join()
    used = group_cpu_seconds(group) - at_warmup[0]
    figures["cpu_per_request"] = (used * 1000 / max(figures["ok"][0], 1), "ms")
    return figures


def combine_rounds(kept: list[dict[str, dict]]) -> dict[str, dict]:
    """Rounds of {name: figures} as one: each figure's median over the rounds, and the counts of
    answers (`ok`, `errors`, `answered` where measured) summed over them."""
    results: dict[str, dict] = {}
    for name, figures in kept[-1].items():
        results[name] = {
            key: (statistics.median(one_round[name][key][0] for one_round in kept), unit)
            for key, (_value, unit) in figures.items()
        }
        for summed in ("ok", "errors", "answered"):
            if summed in figures:
                results[name][summed] = (sum(one_round[name][summed][0] for one_round in kept), "requests")
    return results


def intake_rounds(
    env: dict,
    base: str,
    clients: int,
    seconds: float,
    tokens: dict[str, str],
    rounds: int,
    client: str = "bench",
) -> dict[str, dict]:
    """The bare view, the silent door and the mailed door, one after the other, `rounds` times.

    On a machine shared with other work the rates move from one minute to the next; alternating
    and taking each figure's median (the ratios computed within each round) keeps a burst of
    other work from deciding a ratio. Rows are compared with every 200 answer of all rounds.
    `client` "wrk" posts with wrk (bench/wrk.py) instead of bench's threads, the bare view too.
    """
    kept: list[dict[str, dict]] = []
    makers: dict = {}
    for number in range(1, rounds + 1):
        if rounds > 1:
            log(f"  round {number} of {rounds}")
        log(f"  insert_view: POST /bench/insert/ ({client})")
        if client == "wrk":
            bare = wrk.drive(f"{base}/bench/insert/", clients, seconds, f"row {intake.NUMBER}", BARE_HEADERS)
        else:
            bare = drive("POST", f"{base}/bench/insert/", clients, seconds, {}, 201)
        this_round = {"insert_view": bare}
        this_round.update(intake_figures(env, base, clients, seconds, tokens, bare, makers, client))
        kept.append(this_round)
    results = combine_rounds(kept)
    for name, figures in kept[-1].items():
        if "rows" in figures:  # rows counted at the end; answers of every round
            results[name]["rows"] = figures["rows"]
            results[name]["rows_minus_answered"] = (
                figures["rows"][0] - results[name]["answered"][0],
                "submissions",
            )
            if client == "wrk":  # wrk stops without waiting for the posts in flight
                bound = wrk.RUNS_PER_DRIVE * clients * rounds
                results[name]["rows_minus_answered_at_most"] = (bound, "submissions")
    if rounds > 1:
        for name, key in (("intake", "ratio_to_insert_view"), ("intake_mailed", "ratio_to_intake")):
            values = sorted(one_round[name][key][0] for one_round in kept)
            results[name][f"{key}_low"] = (values[0], "x")
            results[name][f"{key}_high"] = (values[-1], "x")
    return results


def intake_figures(
    env: dict,
    base: str,
    clients: int,
    seconds: float,
    tokens: dict[str, str],
    bare: dict,
    makers: dict | None = None,
    client: str = "bench",
) -> dict[str, dict]:
    """The door to a form that mails nobody, then to one that mails two, each beside the bare view.

    `makers` ({slug: maker of posts}) carries the posts' numbering from one round to the next, so a
    later round's posts are not duplicates of an earlier one's."""
    results = {}
    makers = {} if makers is None else makers
    for name, slug in (("intake", intake.PLAIN), ("intake_mailed", intake.MAILED)):
        log(f"  {name}: POST /site/forms/{slug} (distinct posts, JSON answers)")
        url = f"{base}/site/forms/{slug}"
        if client == "wrk":
            figures = wrk.drive(url, clients, seconds, *intake.post_template(slug, tokens[slug], origin=base))
        else:
            make = makers.setdefault(slug, intake.posts(slug, tokens[slug], origin=base))
            figures = drive("POST", url, clients, seconds, {}, 200, make)
        rows = intake.stored(env, slug)
        figures["ratio_to_insert_view"] = (figures["rps"][0] / bare["rps"][0], "x")
        figures["rows"] = (rows, "submissions")
        figures["rows_minus_answered"] = (rows - figures["answered"][0], "submissions")
        results[name] = figures
    plain, mailed = results["intake"]["rps"][0], results["intake_mailed"]["rps"][0]
    results["intake_mailed"]["ratio_to_intake"] = (mailed / plain, "x")
    return results


class DatabaseUnreachable(RuntimeError):
    """The database server did not answer: the runner says so and goes on with the next."""


@contextmanager
def fresh_database(db: str, extra_env: dict | None = None) -> Iterator[tuple[dict, Path]]:
    """A new, migrated bench database and the environment that names it; dropped afterwards.

    SQLite in a temporary FRONTDESK_VAR_DIR; PostgreSQL and MariaDB as `frontdesk_bench_<random>`
    on 127.0.0.1. Raises DatabaseUnreachable when the server does not answer.
    """
    with tempfile.TemporaryDirectory(prefix="frontdesk-bench-") as var_dir:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "FRONTDESK_VAR_DIR": var_dir,
            "FRONTDESK_ALLOWED_HOSTS": HOST,
            **(extra_env or {}),
        }
        env.pop("DATABASE_URL", None)
        name = f"frontdesk_bench_{secrets.token_hex(4)}"
        if db == "mariadb":
            try:
                mariadb_execute(f"CREATE DATABASE {name} CHARACTER SET utf8mb4")
            except Exception as error:  # MySQLdb's errors share no base with the others here
                raise DatabaseUnreachable(f"not reachable at {HOST}:3306 ({_one_line(error)})") from None
            env["DATABASE_URL"] = f"mysql://root@{HOST}:3306/{name}"
        elif db == "postgresql":
            try:
                postgres_execute(f"CREATE DATABASE {name}")
            except Exception as error:  # psycopg's OperationalError, or psycopg missing
                raise DatabaseUnreachable(f"not reachable at {HOST}:5432 ({_one_line(error)})") from None
            env["DATABASE_URL"] = f"postgres://postgres@{HOST}:5432/{name}"
        try:
            frontdesk(env, "migrate", "--noinput")
            yield env, Path(var_dir)
        finally:
            if db == "mariadb":
                mariadb_execute(f"DROP DATABASE IF EXISTS {name}")
            elif db == "postgresql":
                postgres_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())[:100]


def run_database(db: str, args: argparse.Namespace, out: list[str]) -> None:
    try:
        with fresh_database(db, intake.environment()) as (env, var_dir):
            measure_database(db, env, var_dir, args, out)
    except DatabaseUnreachable as error:
        line = f"# {db} skipped: {error}"
        print(line, flush=True)
        out.append(line)


def measure_database(db: str, env: dict, var_dir: Path, args: argparse.Namespace, out: list[str]) -> None:
    """Serve the fresh database, run the chosen benchmarks, print and keep one line per figure."""
    log(f"{db}: createadmin, serve ({args.workers} workers)")
    # One argument: a generated password may start with "-", which argparse would take for an option.
    frontdesk(env, "createadmin", "--email", ADMIN_EMAIL, f"--password={ADMIN_PASSWORD}")
    # The reference right before serve's own insert_view, so both meet the same load.
    reference = {}
    if args.only in (None, "insert_view"):
        reference["granian_wsgi"] = granian_wsgi(env, args, var_dir / "granian.log")
    port = free_port()
    server = start_server(env, port, args.workers, var_dir / "server.log")
    try:
        results = benchmarks(
            env,
            f"http://{HOST}:{port}",
            args.clients,
            args.seconds,
            args.only,
            args.rounds,
            server.pid,
            args.client,
        )
    finally:
        stop_server(server)
    if reference and "insert_view" in results:
        granian_rps = reference["granian_wsgi"]["rps"][0]
        ratio = results["insert_view"]["rps"][0] / granian_rps if granian_rps else float("nan")
        results = {**reference, **results}
        results["insert_view"]["ratio_to_granian_wsgi"] = (ratio, "x")
    for name, figures in results.items():
        for figure, (value, unit) in figures.items():
            shown = f"{value:.{2 if unit == 'x' else 1}f}" if isinstance(value, float) else str(value)
            line = f"{name}_{figure} {shown} {unit} {db}"
            print(line, flush=True)
            out.append(line)


def postgres_execute(statement: str) -> None:
    """One statement as PostgreSQL's postgres on 127.0.0.1 (names are made here, never taken from input)."""
    import psycopg

    with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=3) as connection:
        connection.execute(statement)


def mariadb_execute(statement: str) -> None:
    """One statement as MariaDB's root on 127.0.0.1 (names are made here, never taken from input)."""
    import MySQLdb

    connection = MySQLdb.connect(host=HOST, port=3306, user="root", connect_timeout=3)
    try:
        connection.cursor().execute(statement)
    finally:
        connection.close()


def add_load_arguments(parser: argparse.ArgumentParser, rounds_help: str) -> None:
    """The load every bench of this folder takes: workers, clients, seconds and rounds."""
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=1, help=rounds_help)


def parse_load_arguments(
    parser: argparse.ArgumentParser, argv: list[str] | None = None
) -> argparse.Namespace:
    """The arguments, with the load refused outside its bounds."""
    args = parser.parse_args(argv)
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be between 1 and {MAX_CLIENTS}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be more than 0 and at most {MAX_SECONDS:.0f}")
    if not 1 <= args.workers <= 16:
        parser.error("--workers must be between 1 and 16")
    if not 1 <= args.rounds <= 20:
        parser.error("--rounds must be between 1 and 20")
    return args


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "mariadb", "all"], default="all")
    parser.add_argument(
        "--only",
        choices=["insert_view", "intake", "panel_landing", "pages", "page_plain", "page_blocks", "page_faq"],
    )
    parser.add_argument(
        "--client",
        choices=["bench", "wrk"],
        help="who posts: wrk (bench/wrk.py; the default with --only intake, and only there) or"
        " bench's own threads (the default elsewhere)",
    )
    add_load_arguments(parser, "with --only intake: alternate the three figures this often, medians")
    args = parse_load_arguments(parser)
    if args.client is None:
        args.client = "wrk" if args.only == "intake" else "bench"
    if args.client == "wrk" and args.only != "intake":
        parser.error("--client wrk needs --only intake")
    if args.client == "wrk" and shutil.which("wrk") is None:
        parser.error("wrk is not installed: apt-get install wrk, or pass --client bench")
    # Other work on the machine skews every figure: say how busy it was before we started.
    out = [f"# load average {os.getloadavg()[0]:.2f} before the run, {os.cpu_count()} cores"]
    print(out[0], flush=True)
    failed = False
    for db in ["sqlite", "postgresql", "mariadb"] if args.db == "all" else [args.db]:
        try:
            run_database(db, args, out)
        except (subprocess.SubprocessError, RuntimeError, httpx.HTTPError) as error:
            failed = True
            out.append(f"# {db} failed: {error}".splitlines()[0])
            print(out[-1], flush=True)
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "latest.txt").write_text("\n".join(out) + "\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
