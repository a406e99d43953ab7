"""Benchmark runner: start the real server, drive it with concurrent clients, print figures.

    python bench/run.py [--db sqlite|postgresql|all] [--workers 2] [--clients 16] [--seconds 10]
                        [--only NAME]

For each database: a fresh database (SQLite in a temporary FRONTDESK_VAR_DIR; PostgreSQL as a new
database on 127.0.0.1:5432, dropped afterwards), `frontdesk migrate`, `frontdesk createadmin`, then
`frontdesk serve` on 127.0.0.1 with bench.settings. Each benchmark runs a bounded number of clients
(at most 64, one thread and httpx client each) for a bounded time (at most 60 s, after a one-second
warm-up) against 127.0.0.1 only. One line per figure, `name value unit db`, on stdout and in
bench/results/latest.txt; remarks (load average, a skipped or failed database) start with `#`.
"""

from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
FRONTDESK = [sys.executable, "-m", "frontdesk"]  # the console script, run by this interpreter
HOST = "127.0.0.1"  # loopback only, never anything else
PG_ADMIN_URL = f"postgres://postgres@{HOST}:5432/postgres"
ADMIN_EMAIL, ADMIN_PASSWORD = "bench@example.com", secrets.token_urlsafe(16)
MAX_CLIENTS, MAX_SECONDS, WARMUP_SECONDS, REQUEST_TIMEOUT = 64, 60.0, 1.0, 10.0


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def frontdesk(env: dict, *args: str) -> None:
    subprocess.run([*FRONTDESK, *args], env=env, check=True, cwd=ROOT, stdout=subprocess.DEVNULL, timeout=300)


def start_server(env: dict, port: int, workers: int, log_path: Path) -> subprocess.Popen:
    with log_path.open("wb") as out:
        server = subprocess.Popen(
            [*FRONTDESK, "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)],
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


def drive(method: str, url: str, clients: int, seconds: float, cookies: dict, expect: int) -> dict:
    """`clients` threads send requests back to back; only those started after the warm-up count.

    Threads with one sync httpx.Client each: on this machine they cost about a third of the CPU
    per request that httpx's asyncio client does, and the client shares the cores with the server.
    """
    latencies: list[float] = []
    counts = {"ok": 0, "errors": 0}
    lock = threading.Lock()
    start = time.monotonic()
    measure_from, stop_at = start + WARMUP_SECONDS, start + WARMUP_SECONDS + seconds
    body = b"payload" if method == "POST" else None

    def loop() -> None:
        with httpx.Client(cookies=cookies, timeout=REQUEST_TIMEOUT) as client:
            while (sent := time.monotonic()) < stop_at:
                try:
                    ok = client.request(method, url, content=body).status_code == expect
                except httpx.HTTPError:
                    ok = False
                took = (time.monotonic() - sent) * 1000
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


def benchmarks(base: str, clients: int, seconds: float, only: str | None) -> dict[str, dict]:
    results = {}
    if only in (None, "insert_view"):
        log("  insert_view: POST /bench/insert/")
        results["insert_view"] = drive("POST", f"{base}/bench/insert/", clients, seconds, {}, 201)
    if only in (None, "panel_landing"):
        cookies, final = login(base)
        log(f"  panel_landing: GET {final} (where /cms/ leads a logged-in admin)")
        results["panel_landing"] = drive("GET", base + final, clients, seconds, cookies, 200)
    return results


def run_database(db: str, args: argparse.Namespace, out: list[str]) -> None:
    with tempfile.TemporaryDirectory(prefix="frontdesk-bench-") as var_dir:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
            "FRONTDESK_VAR_DIR": var_dir,
            "FRONTDESK_ALLOWED_HOSTS": HOST,
        }
        env.pop("DATABASE_URL", None)
        pg_name = None
        if db == "postgresql":
            import psycopg
            from psycopg import sql

            pg_name = f"frontdesk_bench_{secrets.token_hex(4)}"
            try:
                with psycopg.connect(PG_ADMIN_URL, autocommit=True, connect_timeout=3) as conn:
                    conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(pg_name)))
            except psycopg.OperationalError as error:
                line = f"# postgresql skipped: not reachable at {HOST}:5432 ({' '.join(str(error).split())[:100]})"
                print(line, flush=True)
                out.append(line)
                return
            env["DATABASE_URL"] = f"postgres://postgres@{HOST}:5432/{pg_name}"
        try:
            log(f"{db}: migrate, createadmin, serve ({args.workers} workers)")
            frontdesk(env, "migrate", "--noinput")
            frontdesk(env, "createadmin", "--email", ADMIN_EMAIL, "--password", ADMIN_PASSWORD)
            port = free_port()
            server = start_server(env, port, args.workers, Path(var_dir) / "server.log")
            try:
                results = benchmarks(f"http://{HOST}:{port}", args.clients, args.seconds, args.only)
            finally:
                stop_server(server)
            for name, figures in results.items():
                for figure, (value, unit) in figures.items():
                    shown = f"{value:.1f}" if isinstance(value, float) else str(value)
                    line = f"{name}_{figure} {shown} {unit} {db}"
                    print(line, flush=True)
                    out.append(line)
        finally:
            if pg_name:
                with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
                    conn.execute(
                        sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(pg_name))
                    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "all"], default="all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--only", choices=["insert_view", "panel_landing"])
    args = parser.parse_args()
    if not 1 <= args.clients <= MAX_CLIENTS:
        parser.error(f"--clients must be between 1 and {MAX_CLIENTS}")
    if not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--seconds must be more than 0 and at most {MAX_SECONDS:.0f}")
    if not 1 <= args.workers <= 16:
        parser.error("--workers must be between 1 and 16")
    # Other work on the machine skews every figure: say how busy it was before we started.
    out = [f"# load average {os.getloadavg()[0]:.2f} before the run, {os.cpu_count()} cores"]
    print(out[0], flush=True)
    failed = False
    for db in ["sqlite", "postgresql"] if args.db == "all" else [args.db]:
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
