"""The public door beside the bare insert view in one process: no server, no network, no clients.

    python bench/door.py [--db sqlite|postgresql|mariadb|all] [--posts 500] [--rounds 4]

What a post costs the worker itself, in milliseconds of wall time per request, with the WSGI app
(`frontdesk.core.serving.build_application`) called directly, the bare view and the door
alternating `--rounds` times on a fresh database (bench/run.py's `fresh_database`); the figure
is each one's fastest round, and the ratio bare/door of those. The same distinct posts as
`bench/run.py --only intake` (bench/intake.py), to the form that mails nobody and to the one that
mails two (FRONTDESK_QUEUE=db). Where bench/run.py says how fast the site answers under load,
this says where a change in the door's own work went. One line per figure, `name value unit db`.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import intake  # noqa: E402
from bench.run import DatabaseUnreachable, fresh_database  # noqa: E402

DATABASES = ["sqlite", "postgresql", "mariadb"]


def child(posts: int, rounds: int, profile: str = "") -> None:
    """In the database's environment: measure and print the figures as JSON."""
    import django

    django.setup()
    from django.conf import settings

    from frontdesk.core.serving import build_application

    tokens = intake._make_forms()
    app = build_application()
    origin = settings.BASE_URL.rstrip("/")
    answered = {}

    def start_response(status, headers, exc_info=None):
        answered["status"] = status

    def caller(path: str, make):
        def call() -> None:
            body, headers = make()
            environ = {
                "REQUEST_METHOD": "POST",
                "PATH_INFO": path,
                "SCRIPT_NAME": "",
                "QUERY_STRING": "",
                "SERVER_NAME": "127.0.0.1",
                "SERVER_PORT": "80",
                "SERVER_PROTOCOL": "HTTP/1.1",
                "REMOTE_ADDR": "127.0.0.1",
                "HTTP_HOST": "127.0.0.1",
                "CONTENT_TYPE": headers["Content-Type"],
                "CONTENT_LENGTH": str(len(body)),
                "HTTP_ACCEPT": headers.get("Accept", ""),
                "HTTP_ORIGIN": headers.get("Origin", ""),
                "wsgi.input": io.BytesIO(body),
                "wsgi.url_scheme": "http",
                "wsgi.errors": sys.stderr,
            }
            b"".join(app(environ, start_response))
            if not answered["status"].startswith(("200", "201")):
                raise RuntimeError(f"{path} answered {answered['status']}")

        return call

    bare_posts = iter(range(10**9))
    calls = {
        "bare": caller(
            "/bench/insert/", lambda: (f"row {next(bare_posts)}".encode(), {"Content-Type": "text/plain"})
        ),
        "door": caller(
            f"/site/forms/{intake.PLAIN}", intake.posts(intake.PLAIN, tokens[intake.PLAIN], origin)
        ),
        "door_mailed": caller(
            f"/site/forms/{intake.MAILED}", intake.posts(intake.MAILED, tokens[intake.MAILED], origin)
        ),
    }
    time.sleep(3)  # the timestamps must be old enough (the antispam's min_seconds)
    for call in calls.values():  # warm: caches, connections
        for _ in range(50):
            call()
    if profile:  # where the door's time goes: one round of its posts under cProfile
        import cProfile

        with cProfile.Profile() as profiler:
            for _ in range(posts):
                calls["door"]()
        profiler.dump_stats(profile)
    best = {name: float("inf") for name in calls}
    for _ in range(rounds):
        for name, call in calls.items():
            began = time.perf_counter()
            for _ in range(posts):
                call()
            best[name] = min(best[name], (time.perf_counter() - began) / posts * 1000)
    print(json.dumps(best))


def measure(db: str, posts: int, rounds: int, profile: str = "") -> list[str]:
    profile_args = [f"--profile={Path(profile).resolve()}.{db}"] if profile else []
    with fresh_database(db, intake.environment()) as (env, _var_dir):
        printed = intake.in_server_environment(
            env,
            "--child",
            f"--posts={posts}",
            f"--rounds={rounds}",
            *profile_args,
            module="bench.door",
            timeout=1800,
        )
    best = json.loads(printed.strip().splitlines()[-1])
    return [
        *(f"in_process_{name} {value:.3f} ms/request {db}" for name, value in best.items()),
        f"in_process_door_ratio_to_bare {best['bare'] / best['door']:.2f} x {db}",
        f"in_process_mailed_ratio_to_door {best['door'] / best['door_mailed']:.2f} x {db}",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=[*DATABASES, "all"], default="sqlite")
    parser.add_argument("--posts", type=int, default=500, help="posts per round and figure (10 to 20,000)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of the three figures (1 to 20)")
    parser.add_argument(
        "--profile",
        default="",
        metavar="FILE",
        help="also write a cProfile of one round of the door's posts to FILE.<db> (read it with pstats)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if not 10 <= args.posts <= 20_000:
        parser.error("--posts must be between 10 and 20,000")
    if not 1 <= args.rounds <= 20:
        parser.error("--rounds must be between 1 and 20")
    if args.child:
        child(args.posts, args.rounds, args.profile)
        return
    print(f"# load average {os.getloadavg()[0]:.2f} before the run, {os.cpu_count()} cores", flush=True)
    for db in DATABASES if args.db == "all" else [args.db]:
        try:
            for line in measure(db, args.posts, args.rounds, args.profile):
                print(line, flush=True)
        except DatabaseUnreachable as error:
            print(f"# {db} skipped: {error}", flush=True)


if __name__ == "__main__":
    main()
