"""Posts driven by wrk (https://github.com/wg/wrk), a client from outside Python: `--client wrk`
of bench/forms.py, the way issue 26 checks the door beside Wagtail's form.

bench's own clients are Python threads on the same two cores as the servers, and they spend more
of them the faster a server answers; wrk's C event loop spends far less. Install it with
`apt-get install wrk`. Each call runs wrk twice: one second of warm-up, then the measured run
with its latency distribution; every post carries answers of its own (bench/wrk_post.lua).
"""

from __future__ import annotations

import re
import resource
import shutil
import subprocess
import time
from pathlib import Path

from bench.intake import NUMBER

SCRIPT = Path(__file__).resolve().parent / "wrk_post.lua"
THREADS = 2
WARMUP_SECONDS = 1
RUNS_PER_DRIVE = 2  # the warm-up and the measured run
UNITS_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


def drive(url: str, clients: int, seconds: float, template: str, headers: dict[str, str]) -> dict:
    """bench.run.drive's figures for `clients` connections posting `template` (NUMBER in it
    made each post's own) to `url` for `seconds`; p90 where drive has p95, since wrk prints the
    50th, 75th, 90th and 99th percentiles."""
    if shutil.which("wrk") is None:
        raise RuntimeError("wrk is not installed (apt-get install wrk)")
    if NUMBER not in template:
        raise ValueError(f"the template has no {NUMBER}: every post would be the same")
    run_name = str(time.time_ns())
    warmup = _parse(_wrk(url, clients, WARMUP_SECONDS, f"{run_name}w", template, headers))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    measured = _parse(_wrk(url, clients, seconds, run_name, template, headers))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    ok = measured["requests"] - measured["refused"]
    return {
        "rps": (ok / measured["seconds"], "req/s"),
        "p50": (measured["p50"], "ms"),
        "p90": (measured["p90"], "ms"),
        "p99": (measured["p99"], "ms"),
        "ok": (ok, "requests"),
        "errors": (measured["refused"] + measured["socket_errors"], "requests"),
        "client_cpu": (cpu / (time.monotonic() - began) * 100, "%"),
        "answered": (ok + warmup["requests"] - warmup["refused"], "requests"),
    }


def _wrk(
    url: str, clients: int, seconds: float, run_name: str, template: str, headers: dict[str, str]
) -> str:
    command = [
        "wrk",
        f"--threads={min(THREADS, clients)}",
        f"--connections={clients}",
        f"--duration={max(1, round(seconds))}s",
        "--timeout=30s",
        "--latency",
        f"--script={SCRIPT}",
        url,
        "--",
        run_name,
        template,
        *(f"{name}: {value}" for name, value in headers.items()),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=True)
    return done.stdout


def _parse(printed: str) -> dict:
    """wrk's summary as numbers: requests, seconds, the percentiles in ms, the answers it counts
    as refused (status 400 and above) and its socket errors."""
    requests, took, unit = re.search(r"(\d+) requests in ([\d.]+)(\w+),", printed).groups()
    figures: dict = {"requests": int(requests), "seconds": float(took) * UNITS_MS[unit] / 1000}
    for percent in (50, 90, 99):
        value, unit = re.search(rf"^\s+{percent}%\s+([\d.]+)(\w+)$", printed, re.MULTILINE).groups()
        figures[f"p{percent}"] = float(value) * UNITS_MS[unit]
    refused = re.search(r"Non-2xx or 3xx responses: (\d+)", printed)
    figures["refused"] = int(refused.group(1)) if refused else 0
    socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", printed)
    figures["socket_errors"] = sum(int(count) for count in socket.groups()) if socket else 0
    return figures
