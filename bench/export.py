"""The CSV export of one form with a million submissions: rows per second and the peak memory.

    python bench/export.py [--db sqlite|postgresql|all] [--submissions 1000000] [--reseed]

Each database is prepared once and kept (bench/panel.py's `prepare`): SQLite in
var/bench/frontdesk_bench_export/, PostgreSQL as `frontdesk_bench_export` on 127.0.0.1:5432, seeded with
`frontdesk inbox_seed_bench --forms 1 --submissions N`. A child process sets Django up, runs
`frontdesk.inbox.export.csv_stream` over the form's All tab (spam left out, as the panel's export
button sends it) and writes every block to /dev/null, then reports rows/s and its peak resident
memory (`resource.getrusage(...).ru_maxrss`), next to the memory it had before the export began.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.panel import for_each_database, prepare, run_child


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux


def child(db: str) -> None:
    import django

    django.setup()
    from frontdesk.inbox import queries
    from frontdesk.inbox.export import csv_stream
    from frontdesk.inbox.models import Form

    form = Form.objects.get()
    flt = queries.parse_filter({})
    expected = queries.count(form, flt)[0]
    before = peak_mb()
    lines = written = 0
    started = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        for block in csv_stream(form, flt):
            sink.write(block)
            written += len(block)
            lines += block.count(b"\n")
    took = time.perf_counter() - started
    rows = lines - 1  # the header; seeded answers hold no line breaks
    if rows != expected:
        print(f"# export wrote {rows:,} rows, the form's All tab holds {expected:,}", flush=True)
    print(f"# {rows:,} rows, {written / 1024 / 1024:.0f} MB of CSV in {took:.1f} s", flush=True)
    print(f"export_rows_per_s {rows / took:.0f} rows/s {db}", flush=True)
    print(f"export_peak_rss {peak_mb():.0f} MB {db}", flush=True)
    print(f"export_rss_before {before:.0f} MB {db}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "all"], default="all")
    parser.add_argument("--submissions", type=int, default=1_000_000)
    parser.add_argument("--reseed", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    for_each_database(
        args.db,
        "export.txt",
        lambda db, out: run_child(
            "export.py",
            db,
            prepare(db, "frontdesk_bench_export", forms=1, submissions=args.submissions, reseed=args.reseed),
            [],
            out,
        ),
        what=f"seed {args.submissions:,} in one form unless kept",
    )


if __name__ == "__main__":
    main()
