"""The events' public pages beside a Wagtail 8 page of the same content, in one run.

    python -m bench.events [--db sqlite|postgresql|all] [--workers 2] [--clients 16] [--seconds 10]
                           [--rounds 1]
    python -m bench.events prepare      # in frontdesk's server environment: make the events, print
                                        # {"event_page": ..., "events_index": ..., "events_category": ...}

For each database it serves two sites side by side on 127.0.0.1, on the same server stack
(granian's WSGI interface, `--workers` processes of frontdesk serve's thread count each) and the
same kind of database:

- frontdesk (`frontdesk serve`, bench.settings): an event made through the events' operations
  with the content of bench/event_content.py (title, lead, rich text, three photos of the picture
  library, date, place, price, booking link, two categories), eleven more events to come for the
  index, and `page_plain` of bench/pages.py in the same layout;
- Wagtail 8 (bench/wagtail_site/, in its own virtual environment var/bench/wagtail-venv, made here
  when missing): a page of the same content, made by bench/wagtail_site/prepare.py.

Databases: SQLite files in a temporary folder; on PostgreSQL `fd_evbench` and `fd_evbench_wagtail`
on 127.0.0.1:5432, made anew for the run and dropped after it. Each figure is run.py's `drive()`
(16 clients by default, one-second warm-up) plus the server's CPU per answered request; within
each round the Wagtail page is measured first and every frontdesk page right after it, and
`<name>_ratio_to_wagtail` is the page's req/s over the Wagtail page's in that round (the median
over rounds), `<name>_cpu_ratio_to_wagtail` the Wagtail page's server CPU per request over the
page's (above 1: the page costs less). One line per figure, `name value unit db`, on stdout and
in bench/results/events.txt.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as `python bench/events.py` too
from bench import event_content as content  # noqa: E402
from bench import pages, run  # noqa: E402
from bench.intake import in_server_environment, printed  # noqa: E402

WAGTAIL_VENV = ROOT / "var" / "bench" / "wagtail-venv"
WAGTAIL_PYTHON = WAGTAIL_VENV / "bin" / "python"
WAGTAIL_REQUIREMENT = "wagtail==8.*"
FRONTDESK_DATABASE, WAGTAIL_DATABASE = "fd_evbench", "fd_evbench_wagtail"
PG_URL = f"postgres://postgres@{run.HOST}:5432/"
MORE_EVENTS = 11  # beside the measured one: the index and the category list twelve cards
# What both pages must print before a figure is taken: the same content, checked, not assumed.
SAME_CONTENT = [content.TITLE, content.LEAD, content.VENUE, content.ADDRESS, content.PRICE_WORDS]
SAME_CONTENT += ["Once a month we set one long table", "Step-free entrance from the yard"]
PAGES = ["event_page", "events_index", "events_category", "page_plain"]
REFERENCE = "wagtail_event"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def ensure_wagtail_venv() -> None:
    """var/bench/wagtail-venv with Wagtail 8 and the server and driver versions frontdesk runs,
    made with the Python this bench runs on (its base interpreter, not a venv's copy)."""
    if WAGTAIL_PYTHON.exists():
        check = subprocess.run(
            [WAGTAIL_PYTHON, "-c", "import wagtail, granian, psycopg_pool"], capture_output=True
        )
        if check.returncode == 0:
            return
    log(f"making {WAGTAIL_VENV.relative_to(ROOT)} ({WAGTAIL_REQUIREMENT}); a few minutes")
    base = getattr(sys, "_base_executable", sys.executable)
    subprocess.run([base, "-m", "venv", str(WAGTAIL_VENV)], check=True, timeout=300)
    requirements = [WAGTAIL_REQUIREMENT, f"granian=={version('granian')}"]
    requirements += [f"psycopg[binary]=={version('psycopg')}", f"psycopg-pool=={version('psycopg-pool')}"]
    subprocess.run(
        [WAGTAIL_PYTHON, "-m", "pip", "install", "--quiet", *requirements], check=True, timeout=1200
    )


@contextmanager
def databases(db: str) -> Iterator[tuple[dict, dict, Path]]:
    """frontdesk's environment (migrated) and Wagtail's (not yet), each naming its own database,
    and the temporary folder both keep their files in; the PostgreSQL databases dropped after."""
    with tempfile.TemporaryDirectory(prefix="frontdesk-evbench-") as folder:
        var_dir = Path(folder)
        (var_dir / "wagtail").mkdir()
        python_path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
        frontdesk_env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "bench.settings",
            "PYTHONPATH": python_path,
            "FRONTDESK_VAR_DIR": str(var_dir),
            "FRONTDESK_ALLOWED_HOSTS": run.HOST,
        }
        frontdesk_env.pop("DATABASE_URL", None)
        wagtail_env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
        wagtail_env.update(
            {
                "DJANGO_SETTINGS_MODULE": "bench.wagtail_site.settings",
                "PYTHONPATH": str(ROOT),
                "WAGTAIL_BENCH_DIR": str(var_dir / "wagtail"),
            }
        )
        wagtail_env.pop("DATABASE_URL", None)
        names = [FRONTDESK_DATABASE, WAGTAIL_DATABASE] if db == "postgresql" else []
        try:
            for name in names:
                run.postgres_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
                run.postgres_execute(f"CREATE DATABASE {name}")
        except Exception as error:  # psycopg's OperationalError, or psycopg missing
            raise run.DatabaseUnreachable(f"not reachable at {run.HOST}:5432 ({error})") from None
        if names:
            frontdesk_env["DATABASE_URL"] = PG_URL + FRONTDESK_DATABASE
            wagtail_env["WAGTAIL_BENCH_DATABASE_URL"] = PG_URL + WAGTAIL_DATABASE
        try:
            run.frontdesk(frontdesk_env, "migrate", "--noinput")
            yield frontdesk_env, wagtail_env, var_dir
        finally:
            for name in names:
                run.postgres_execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def granian_command(port: int, workers: int) -> list[str]:
    """Wagtail under granian's WSGI interface as `frontdesk serve` runs frontdesk
    (frontdesk.core.serving.server_options): the same workers and threads per worker."""
    from frontdesk.core.serving import threads

    return [
        str(WAGTAIL_PYTHON),
        "-m",
        "granian",
        "--interface",
        "wsgi",
        "--workers",
        str(workers),
        "--blocking-threads",
        str(threads()),
        "--no-ws",
        "--respawn-failed-workers",
        "--log-level",
        "warning",
        "--host",
        run.HOST,
        "--port",
        str(port),
        "bench.wagtail_site.wsgi:application",
    ]


def same_content(name: str, url: str) -> None:
    """Ask once (the Wagtail page makes its renditions then) and check the page carries the
    content both sides share; a page that does not is no comparison."""
    answer = httpx.get(url, timeout=60)
    missing = [words for words in SAME_CONTENT if words not in answer.text]
    if answer.status_code != 200 or (name in ("event_page", REFERENCE) and missing):
        raise RuntimeError(f"{name} at {url} answered {answer.status_code}, without {missing}")
    pictures = answer.text.count("<img")
    log(f"  {name}: GET {url}, {len(answer.content)} bytes, {pictures} pictures")


def measure_database(db: str, args: argparse.Namespace, out: list[str]) -> None:
    with databases(db) as (frontdesk_env, wagtail_env, var_dir):
        log(f"{db}: the events, page_plain and the Wagtail page")
        paths = json.loads(
            in_server_environment(frontdesk_env, "prepare", module="bench.events", timeout=600)
        )
        paths.update(pages.prepare(frontdesk_env, "page_plain"))
        paths.update(prepare_wagtail(wagtail_env))
        frontdesk_port, wagtail_port = run.free_port(), run.free_port()
        frontdesk = run.start_server(frontdesk_env, frontdesk_port, args.workers, var_dir / "frontdesk.log")
        try:
            command = granian_command(wagtail_port, args.workers)
            wagtail = run.start_server(
                wagtail_env, wagtail_port, args.workers, var_dir / "wagtail.log", command
            )
            try:
                servers = {name: (frontdesk, frontdesk_port) for name in PAGES}
                servers[REFERENCE] = (wagtail, wagtail_port)
                urls = {name: f"http://{run.HOST}:{port}{paths[name]}" for name, (_, port) in servers.items()}
                for name, url in urls.items():
                    same_content(name, url)
                results = rounds(urls, {name: server.pid for name, (server, _) in servers.items()}, args)
            finally:
                run.stop_server(wagtail)
        finally:
            run.stop_server(frontdesk)
    print_figures(results, db, out)


def prepare_wagtail(wagtail_env: dict) -> dict[str, str]:
    """Migrate the Wagtail site and make its pages (in its own environment); {name: path}."""
    return json.loads(printed([WAGTAIL_PYTHON, "-m", "bench.wagtail_site.prepare"], wagtail_env, timeout=600))


def print_figures(results: dict[str, dict], db: str, out: list[str]) -> None:
    """One line per figure, `<name>_<figure> value unit db`, printed and kept in `out`."""
    for name, figures in results.items():
        for figure, (value, unit) in figures.items():
            shown = f"{value:.{2 if unit == 'x' else 1}f}" if isinstance(value, float) else str(value)
            out.append(f"{name}_{figure} {shown} {unit} {db}")
            print(out[-1], flush=True)


def rounds(urls: dict[str, str], groups: dict[str, int], args: argparse.Namespace) -> dict[str, dict]:
    """The Wagtail page, then each frontdesk page, `args.rounds` times; each figure's median, and
    each ratio worked out within its round (so a burst of other work decides no ratio)."""
    kept: list[dict[str, dict]] = []
    for number in range(1, args.rounds + 1):
        if args.rounds > 1:
            log(f"  round {number} of {args.rounds}")
        this_round: dict[str, dict] = {}
        for name in [REFERENCE, *PAGES]:
            log(f"  {name}: {args.clients} clients, {args.seconds:g} s")
            figures = run.drive_timed("GET", urls[name], args.clients, args.seconds, 200, groups[name])
            figures.pop("answered")
            this_round[name] = figures
        reference = this_round[REFERENCE]
        for name in PAGES:
            figures = this_round[name]
            figures["ratio_to_wagtail"] = (figures["rps"][0] / max(reference["rps"][0], 1e-9), "x")
            cpu = max(figures["cpu_per_request"][0], 1e-9)
            figures["cpu_ratio_to_wagtail"] = (reference["cpu_per_request"][0] / cpu, "x")
        kept.append(this_round)
    return run.combine_rounds(kept)


# --- In frontdesk's server environment: the events -----------------------------------------


def _pictures() -> list[str]:
    """The three photos of bench/event_content.py in the picture library; their keys."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from frontdesk.pictures.operations import create_picture

    keys = []
    for number in range(content.PHOTO_COUNT):
        upload = SimpleUploadedFile(f"photo-{number + 1}.jpg", content.photo(number), "image/jpeg")
        values = {"file": upload, "alt": {"en": f"Tea and talk, photo {number + 1}"}}
        keys.append(create_picture(actor=None, values=values).key)
    return keys


def _make_events() -> dict[str, str]:
    """The measured event, eleven more to come in its categories, two more pages in the menu
    (three entries, as the Wagtail site's menu has); {figure name: address}."""
    from datetime import timedelta

    from django.urls import reverse
    from django.utils import timezone

    from frontdesk.categories.operations import create_category
    from frontdesk.events.operations import create_event, publish_event
    from frontdesk.pages import operations as page_operations
    from frontdesk.routes.serving import address_of

    for title in ("About us", "Courses"):
        page = page_operations.create_page(
            actor=None,
            values={"title": {"en": title}, "slug": {"en": title.lower().replace(" ", "-")}, "in_menu": True},
        )
        page_operations.publish_page(page, actor=None)
    categories = [
        create_category("events", actor=None, values={"name": {"en": name}})
        for name in ("Talks", "Neighbourhood")
    ]
    photos = _pictures()
    starts_at, ends_at = content.starts_and_ends(timezone.localtime())
    event = create_event(
        actor=None,
        values={
            "title": {"en": content.TITLE},
            "slug": {"en": content.SLUG},
            "lead": {"en": content.LEAD},
            "description": {"en": content.BODY},
            "price": {"en": content.PRICE_WORDS},
            "starts_at": starts_at.isoformat(),
            "ends_at": ends_at.isoformat(),
            "venue": content.VENUE,
            "address": content.ADDRESS,
            "price_amount": content.PRICE_AMOUNT,
            "booking_url": content.BOOKING_URL,
            "photos": photos,
            "categories": [category.pk for category in categories],
        },
    )
    publish_event(event, actor=None)
    for number in range(MORE_EVENTS):
        other = create_event(
            actor=None,
            values={
                "title": {"en": f"Repair café number {number + 1}"},
                "lead": {"en": "Bring what is broken; we fix it together over tea."},
                "description": {"en": f"<p>{content.LEAD}</p>"},
                "starts_at": (starts_at + timedelta(days=3 * number + 1)).isoformat(),
                "venue": content.VENUE,
                "address": content.ADDRESS,
                "photos": [photos[number % len(photos)]],
                "categories": [categories[number % 2].pk],
            },
        )
        publish_event(other, actor=None)
    return {
        "event_page": address_of(event, "en"),
        "events_index": reverse("events:index"),
        "events_category": address_of(categories[0], "en"),
    }


def main(argv: list[str]) -> None:
    if argv == ["prepare"]:
        import django

        django.setup()
        print(json.dumps(_make_events()))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "postgres", "all"], default="all")
    run.add_load_arguments(parser, "measure every page this often, medians")
    args = run.parse_load_arguments(parser, argv)
    chosen = {"all": ["sqlite", "postgresql"], "postgres": ["postgresql"]}.get(args.db, [args.db])
    beside_wagtail(chosen, measure_database, args, "events.txt")


def beside_wagtail(chosen: list[str], measure, args: argparse.Namespace, results_name: str) -> None:
    """`measure(db, args, out)` for each database, with Wagtail's environment made first; the
    load average before and after, a database that cannot be reached skipped, a failure said in
    one line; every line kept in bench/results/<results_name>. Exits 1 when a database failed."""
    ensure_wagtail_venv()
    # Other work on the machine skews every figure: say how busy it was, before and after.
    out = [f"# load average {os.getloadavg()[0]:.2f} before the run, {os.cpu_count()} cores"]
    print(out[0], flush=True)
    failed = False
    for db in chosen:
        try:
            measure(db, args, out)
        except run.DatabaseUnreachable as error:
            out.append(f"# {db} skipped: {error}")
            print(out[-1], flush=True)
        except (subprocess.SubprocessError, RuntimeError, httpx.HTTPError, KeyError) as error:
            failed = True
            out.append(f"# {db} failed: {error}".splitlines()[0])
            print(out[-1], flush=True)
            if isinstance(error, subprocess.CalledProcessError) and error.stderr:
                log(str(error.stderr)[-3000:])
    out.append(f"# load average {os.getloadavg()[0]:.2f} after the run")
    print(out[-1], flush=True)
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / results_name).write_text("\n".join(out) + "\n")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
