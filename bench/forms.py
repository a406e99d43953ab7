"""The public door beside a Wagtail 8 form page taking the same posts, in one run.

    python -m bench.forms [--db sqlite|postgresql|all] [--client wrk|bench] [--workers 2]
                          [--clients 16] [--seconds 10] [--rounds 1]

For each database it serves two sites side by side on 127.0.0.1, on the same server stack
(granian's WSGI interface, `--workers` processes of frontdesk serve's thread count each) and the
same kind of database, as bench/events.py does:

- frontdesk (`frontdesk serve`, bench.settings, with bench/intake.py's environment: mail queued in
  the database, the rate limit out of reach): bench/intake.py's form that mails nobody, three
  required fields (name, e-mail, message), posted as a page's script posts it (JSON answer);
- Wagtail 8 (bench/wagtail_site/): a contact page of Wagtail's form builder with the same three
  fields, mailing nobody, posted as its own page's form posts it (the CSRF cookie and token its
  page handed out, the thank-you page as the answer).

Every post carries answers of its own. Within each round Wagtail's page is posted to first and
frontdesk's door right after; `door_ratio_to_wagtail` is the door's posts a second over Wagtail's
in that round (the median over rounds). The posts come from wrk (bench/wrk.py: a client from
outside, spending little of the cores the servers share; its percentiles are the 50th, 90th and
99th), or with `--client bench` from bench's Python threads. Each side's stored rows are counted at the end and
compared with its 200 answers. One line per figure, `name value unit db`, on stdout and in
bench/results/forms.txt.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as `python bench/forms.py` too
from bench import events, intake, run, wrk  # noqa: E402

REFERENCE, DOOR = "wagtail_form", "door"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def wagtail_posts(url: str) -> tuple[dict[str, str], str, dict[str, str]]:
    """The CSRF cookie Wagtail's page hands out, and its form's post as a template (the inputs'
    names read from the page, as a browser would) with the headers every post carries."""
    page = httpx.get(url, timeout=60)
    names = [name for name in re.findall(r'<(?:input|textarea)[^>]*name="([^"]+)"', page.text)]
    fields = [name for name in names if name != "csrfmiddlewaretoken"]
    token = page.cookies.get("csrftoken")
    if page.status_code != 200 or len(fields) != 3 or not token:
        raise RuntimeError(f"Wagtail's form at {url} answered {page.status_code} with inputs {names}")
    answers = [
        f"Visitor {intake.NUMBER}",
        f"visitor{intake.NUMBER}@example.org",
        f"Message number {intake.NUMBER}: please call me back about the offer.",
    ]
    headers = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token}
    return {"csrftoken": token}, urlencode(dict(zip(fields, answers, strict=True))), headers


def wagtail_rows(wagtail_env: dict) -> int:
    count = (
        "import django; django.setup(); "
        "from wagtail.contrib.forms.models import FormSubmission; "
        "print(FormSubmission.objects.count())"
    )
    counted = intake.printed([events.WAGTAIL_PYTHON, "-c", count], wagtail_env)
    return int(counted.strip())


def measure_database(db: str, args: argparse.Namespace, out: list[str]) -> None:
    with events.databases(db) as (frontdesk_env, wagtail_env, var_dir):
        frontdesk_env.update(intake.environment())
        log(f"{db}: frontdesk's form and Wagtail's contact page")
        tokens = intake.prepare(frontdesk_env)
        wagtail_path = events.prepare_wagtail(wagtail_env)[REFERENCE]
        frontdesk_port, wagtail_port = run.free_port(), run.free_port()
        frontdesk = run.start_server(frontdesk_env, frontdesk_port, args.workers, var_dir / "frontdesk.log")
        try:
            command = events.granian_command(wagtail_port, args.workers)
            wagtail = run.start_server(
                wagtail_env, wagtail_port, args.workers, var_dir / "wagtail.log", command
            )
            try:
                base = f"http://{run.HOST}:{frontdesk_port}"
                wagtail_url = f"http://{run.HOST}:{wagtail_port}{wagtail_path}"
                cookies, wagtail_template, wagtail_headers = wagtail_posts(wagtail_url)
                door_template, door_headers = intake.post_template(intake.PLAIN, tokens[intake.PLAIN], base)
                time.sleep(3)  # the door's timestamp must be old enough (the antispam's min_seconds)
                targets = {
                    REFERENCE: (wagtail_url, cookies, wagtail_template, wagtail_headers),
                    DOOR: (f"{base}/site/forms/{intake.PLAIN}", {}, door_template, door_headers),
                }
                results = rounds(targets, args)
            finally:
                run.stop_server(wagtail)
        finally:
            run.stop_server(frontdesk)
        stored = {REFERENCE: wagtail_rows(wagtail_env), DOOR: intake.stored(frontdesk_env, intake.PLAIN)}
    for name, figures in results.items():
        figures["rows_minus_answered"] = (stored[name] - figures.pop("answered")[0], "rows")
        if args.client == "wrk":
            # wrk stops without waiting for the posts in flight: stored, never counted as answered.
            figures["rows_minus_answered_at_most"] = (wrk.RUNS_PER_DRIVE * args.clients * args.rounds, "rows")
    events.print_figures(results, db, out)


def rounds(targets: dict[str, tuple], args: argparse.Namespace) -> dict[str, dict]:
    """Wagtail's page, then the door, `args.rounds` times; each figure's median, the ratio worked
    out within each round, and the 200 answers of every round summed (to compare with the rows)."""
    kept: list[dict[str, dict]] = []
    for number in range(1, args.rounds + 1):
        if args.rounds > 1:
            log(f"  round {number} of {args.rounds}")
        this_round: dict[str, dict] = {}
        for name, (url, cookies, template, headers) in targets.items():
            log(f"  {name}: POST {url}, {args.clients} clients, {args.seconds:g} s, {args.client}")
            if args.client == "wrk":
                cookie = "; ".join(f"{key}={value}" for key, value in cookies.items())
                this_round[name] = wrk.drive(
                    url,
                    args.clients,
                    args.seconds,
                    template,
                    {**headers, **({"Cookie": cookie} if cookie else {})},
                )
            else:
                make = intake.numbered(template, headers)
                this_round[name] = run.drive("POST", url, args.clients, args.seconds, cookies, 200, make)
        door, reference = this_round[DOOR], this_round[REFERENCE]
        door["ratio_to_wagtail"] = (door["rps"][0] / max(reference["rps"][0], 1e-9), "x")
        kept.append(this_round)
    return run.combine_rounds(kept)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", choices=["sqlite", "postgresql", "all"], default="all")
    parser.add_argument(
        "--client",
        choices=["bench", "wrk"],
        default="wrk",
        help="who posts: wrk (bench/wrk.py, the default) or bench's own Python threads (bench/run.py's drive)",
    )
    run.add_load_arguments(parser, "post to both this often, medians")
    args = run.parse_load_arguments(parser, argv)
    if args.client == "wrk" and shutil.which("wrk") is None:
        parser.error("wrk is not installed: apt-get install wrk, or pass --client bench")
    chosen = ["sqlite", "postgresql"] if args.db == "all" else [args.db]
    events.beside_wagtail(chosen, measure_database, args, "forms.txt")


if __name__ == "__main__":
    main(sys.argv[1:])
