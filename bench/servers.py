"""Which server for `frontdesk serve`: candidates on the bare insert view, in alternating rounds.

    python bench/servers.py [--db sqlite|postgresql|all] [--workers 2] [--clients 16] [--seconds 10]
                            [--rounds 2] [--only NAME[,NAME...]]

For each database a fresh one (as bench/run.py makes it), then each candidate in turn: started
on a free port of 127.0.0.1 with `--workers` processes, driven like run.py's insert_view
(`POST /bench/insert/`, 16 keep-alive clients, 1 s warm-up), stopped. Round 2 runs the candidates
in the reverse order, round 3 in the first again, so a machine that gets busier or quieter
during the run does not favour one side. Each figure is the median over the rounds; the ratio to
granian's WSGI server is taken within each round, then the median. Lines `name value unit db` on
stdout and in bench/results/servers.txt, remarks (load average, each round's rates) start with `#`.
The uvicorn and granian-ASGI candidates need the `bench` extra (bench/asgi_apps.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as `python bench/servers.py`: the bench package sits in the root
from bench.run import (  # noqa: E402
    FRONTDESK,
    GRANIAN_WSGI,
    HOST,
    MAX_CLIENTS,
    MAX_SECONDS,
    WARMUP_SECONDS,
    drive,
    free_port,
    fresh_database,
    log,
    start_server,
    stop_server,
)

Command = Callable[[int, int], list[str]]  # (port, workers) -> the command line
PYTHON = sys.executable


def serve(port: int, workers: int) -> list[str]:
    return [
        *FRONTDESK,
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]


def granian_wsgi(port: int, workers: int) -> list[str]:
    listen = ["--host", HOST, "--port", str(port), "--workers", str(workers)]
    return [*GRANIAN_WSGI, *listen, "django.core.wsgi:get_wsgi_application"]


def uvicorn_a2wsgi(port: int, workers: int) -> list[str]:
    listen = ["--host", HOST, "--port", str(port), "--workers", str(workers)]
    options = ["--lifespan", "on", "--log-level", "warning", "--no-access-log"]
    return [PYTHON, "-m", "uvicorn", "bench.asgi_apps:application", *listen, *options]


def granian_asgi_a2wsgi(port: int, workers: int) -> list[str]:
    listen = ["--host", HOST, "--port", str(port), "--workers", str(workers)]
    return [
        PYTHON,
        "-m",
        "granian",
        "--interface",
        "asgi",
        "--log-level",
        "warning",
        *listen,
        "bench.asgi_apps:granian_application",
    ]


def group_cpu_seconds(group: int) -> float:
    """CPU time used so far by the processes of a process group (Linux /proc): the server's work,
    which a busy machine changes far less than it changes the rate."""
    ticks = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        if int(fields[2]) == group:  # pgrp; utime and stime are fields 11 and 12 after the name
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def drive_and_time(server: subprocess.Popen, url: str, args: argparse.Namespace) -> dict:
    """run.py's drive(), plus the server's CPU milliseconds per answered request after the warm-up."""
    at_warmup: list[float] = []
    timer = threading.Timer(WARMUP_SECONDS, lambda: at_warmup.append(group_cpu_seconds(server.pid)))
    timer.start()
    figures = drive("POST", url, args.clients, args.seconds, {}, 201)
    timer.join()
    used = group_cpu_seconds(server.pid) - at_warmup[0]
    figures["cpu_per_request"] = (used * 1000 / max(figures["ok"][0], 1), "ms")
    return figures


def candidates() -> dict[str, tuple[Command, dict[str, str]]]:
    """Name -> (command, environment): the reference, serve at several thread counts, the others."""
    found: dict[str, tuple[Command, dict[str, str]]] = {"granian_wsgi": (granian_wsgi, {})}
    for threads in (4, 8, 16, 32, 256):
        found[f"serve_threads_{threads}"] = (serve, {"FRONTDESK_THREADS": str(threads)})
    if importlib.util.find_spec("uvicorn") and importlib.util.find_spec("a2wsgi"):
        found["uvicorn_a2wsgi_threads_16"] = (uvicorn_a2wsgi, {"FRONTDESK_THREADS": "16"})
        found["granian_asgi_a2wsgi_threads_16"] = (granian_asgi_a2wsgi, {"FRONTDESK_THREADS": "16"})
    return found


def measure(db: str, names: list[str], args: argparse.Namespace, out: list[str]) -> None:
    chosen = candidates()
    runs: dict[str, list[dict]] = {name: [] for name in names}
    with fresh_database(db) as (env, var_dir):
        for round_number in range(args.rounds):
            order = names if round_number % 2 == 0 else names[::-1]
            for name in order:
                command, extra = chosen[name]
                port = free_port()
                log(f"{db} round {round_number + 1}: {name}")
                server = start_server(
                    {**env, **extra}, port, args.workers, var_dir / f"{name}.log", command(port, args.workers)
                )
                try:
                    figures = drive_and_time(server, f"http://{HOST}:{port}/bench/insert/", args)
                finally:
                    stop_server(server)
                runs[name].append(figures)
            rates = " ".join(
                f"{name}={runs[name][-1]['rps'][0]:.0f}/{runs[name][-1]['cpu_per_request'][0]:.2f}"
                for name in names
            )
            load = os.getloadavg()[0]
            out.append(
                f"# {db} round {round_number + 1} (req/s / CPU ms per request, load {load:.2f}): {rates}"
            )
            print(out[-1], flush=True)
    for name in names:
        lines = {
            "rps": (statistics.median(run["rps"][0] for run in runs[name]), "req/s"),
            "p50": (statistics.median(run["p50"][0] for run in runs[name]), "ms"),
            "p95": (statistics.median(run["p95"][0] for run in runs[name]), "ms"),
            "errors": (sum(run["errors"][0] for run in runs[name]), "requests"),
            "cpu_per_request": (statistics.median(run["cpu_per_request"][0] for run in runs[name]), "ms"),
        }
        if "granian_wsgi" in runs and name != "granian_wsgi":
            ratios = [
                mine["rps"][0] / ref["rps"][0]
                for mine, ref in zip(runs[name], runs["granian_wsgi"], strict=True)
            ]
            lines["ratio_to_granian_wsgi"] = (statistics.median(ratios), "x")
        for figure, (value, unit) in lines.items():
            shown = (
                str(value)
                if isinstance(value, int)
                else f"{value:.{2 if unit == 'x' or figure == 'cpu_per_request' else 1}f}"
            )
            out.append(f"{name}_{figure} {shown} {unit} {db}")
            print(out[-1], flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "all"], default="all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--only", help="comma-separated candidates (granian_wsgi is always kept)")
    args = parser.parse_args()
    known = list(candidates())
    names = known
    if args.only:
        names = ["granian_wsgi", *(name for name in args.only.split(",") if name != "granian_wsgi")]
        if unknown := [name for name in names if name not in known]:
            parser.error(f"unknown candidates {unknown}; known: {', '.join(known)}")
    if not 1 <= args.clients <= MAX_CLIENTS or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"--clients is 1 to {MAX_CLIENTS}, --seconds more than 0 and at most {MAX_SECONDS:.0f}")
    if not 1 <= args.workers <= 16 or not 1 <= args.rounds <= 10:
        parser.error("--workers is 1 to 16, --rounds 1 to 10")
    out = [f"# load average {os.getloadavg()[0]:.2f} before the run, {os.cpu_count()} cores"]
    print(out[0], flush=True)
    for db in ["sqlite", "postgresql"] if args.db == "all" else [args.db]:
        measure(db, names, args, out)
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "servers.txt").write_text("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
