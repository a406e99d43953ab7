"""The public door beside the bare insert view: the `intake` figures of bench/run.py.

Two forms with three required fields (name, e-mail, message), made through the inbox's own
operations in the server's database: `bench-contact` mails nobody, `bench-mailed` names two
addresses, so each accepted post queues two mails (the server runs with FRONTDESK_QUEUE=db: the
mail is a row written in the submission's transaction; no worker runs, so nothing is sent). Every
post is different (a counter in every answer, so nothing merges as a duplicate), carries a valid
timestamp minted by the server's key and the site's Origin, and asks for JSON as the embed
script does. The throttle is raised (FRONTDESK_INBOX_THROTTLE) so the rate-limit layer counts
every post but refuses none.

    python -m bench.intake prepare      # in the server's environment: make the forms, print
                                        # {"slug": timestamp} as JSON
    python -m bench.intake count SLUG   # how many submissions the form holds
"""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
PLAIN, MAILED = "bench-contact", "bench-mailed"
RECIPIENTS = ["first.recipient@example.org", "second.recipient@example.org"]
THROTTLE = 1_000_000_000  # per address and minute: counted, never reached
FIELDS = [
    {"machine_name": "name", "type": "text", "label": {"en": "Name"}, "required": True},
    {"machine_name": "email", "type": "email", "label": {"en": "E-mail"}, "required": True},
    {"machine_name": "message", "type": "textarea", "label": {"en": "Message"}, "required": True},
]


def environment() -> dict[str, str]:
    """What the server runs with for these figures, on top of bench/run.py's own."""
    return {"FRONTDESK_QUEUE": "db", "FRONTDESK_INBOX_THROTTLE": str(THROTTLE)}


def printed(command: list, env: dict, timeout: int = 120) -> str:
    """What `command` prints, run with `env` from the repository's root; an error if it fails."""
    done = subprocess.run(
        command, env=env, cwd=ROOT, check=True, capture_output=True, text=True, timeout=timeout
    )
    return done.stdout


def in_server_environment(env: dict, *args: str, module: str = "bench.intake", timeout: int = 120) -> str:
    """What `python -m <module> *args` prints, run with the server's environment (its database)."""
    return printed([sys.executable, "-m", module, *args], env, timeout)


def prepare(env: dict) -> dict[str, str]:
    """Make both forms; {slug: a timestamp token}. A token is valid once it is min_seconds old."""
    return json.loads(in_server_environment(env, "prepare"))


def stored(env: dict, slug: str) -> int:
    return int(in_server_environment(env, "count", slug))


NUMBER = "__N__"  # in a post's template: the post's own number


def post_template(slug: str, token: str, origin: str) -> tuple[str, dict[str, str]]:
    """The body of a post to `slug`, with NUMBER where each post puts its own number, and the
    headers every post carries: the same for bench's own clients and for wrk (bench/wrk.py)."""
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Accept": "application/json",
        "Origin": origin,
    }
    body = {
        "site_form": slug,
        "site_ts": token,
        "homepage": "",
        "fields[name]": f"Visitor {NUMBER}",
        "fields[email]": f"visitor{NUMBER}@example.org",
        "fields[message]": f"Message number {NUMBER}: please call me back about the offer.",
    }
    return urlencode(body), headers


def numbered(template: str, headers: dict[str, str]) -> Callable[[], tuple[bytes, dict[str, str]]]:
    """A maker of distinct posts from a template, safe to call from every client thread."""
    numbers = itertools.count()  # next() on it is atomic under the GIL

    def make() -> tuple[bytes, dict[str, str]]:
        return template.replace(NUMBER, str(next(numbers))).encode(), headers

    return make


def posts(slug: str, token: str, origin: str) -> Callable[[], tuple[bytes, dict[str, str]]]:
    """A maker of distinct posts to `slug`, safe to call from every client thread."""
    return numbered(*post_template(slug, token, origin))


def _make_forms() -> dict[str, str]:
    from frontdesk.inbox.antispam import issue_timestamp
    from frontdesk.inbox.models import Form
    from frontdesk.inbox.operations import create_form

    tokens = {}
    for slug, recipients in ((PLAIN, {}), (MAILED, {"addresses": RECIPIENTS})):
        if not Form.objects.filter(slug=slug).exists():
            create_form(
                actor=None,
                values={"slug": slug, "title": {"en": slug}, "options": {"recipients": recipients}},
                fields=FIELDS,
            )
        tokens[slug] = issue_timestamp(slug)
    return tokens


def main(argv: list[str]) -> None:
    import django

    django.setup()
    from frontdesk.inbox.models import Submission

    if argv[:1] == ["prepare"]:
        print(json.dumps(_make_forms()))
    elif argv[:1] == ["count"] and len(argv) == 2:
        print(Submission.objects.filter(form__slug=argv[1]).count())
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
