"""Two application servers, one site (docs/deployment.md): two `frontdesk serve` processes and one
`frontdesk worker`, sharing the suite's PostgreSQL database, a Redis database and an S3 bucket on
moto's server (tests/s3.py), as two machines behind a load balancer would. What one server
does, the other sees at once: a picture, a visitor's post and its file, a page; the worker sends
each queued mail once; the rate limit and the duplicate merge count across both.

It runs in the PostgreSQL run of scripts/test; elsewhere it is skipped with the reason, and where
Redis or the S3 server is missing it is a visible skip (a failure under CI=true). The figures it
prints (pytest -s) are the ones docs/deployment.md quotes.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
import time_machine
from django.conf import settings
from django.db import connection
from django.utils import timezone

from frontdesk.core.models import ApiToken
from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.operations import create_form
from tests.optional import needs
from tests.picture_files import image_bytes
from tests.ports import free_port
from tests.s3 import Store, s3_environment, unavailable
from tests.servers import launch, wait_until_serving

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True), needs("services"), needs("pages")]

REDIS = ("127.0.0.1", 6379)
REDIS_DB = int(os.environ.get("FRONTDESK_TEST_REDIS_DB", "11"))  # a database of this test's own
PDF = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"
SCOPES = ["inbox:read", "inbox:write", "pages:read", "pages:write", "pictures:read", "pictures:write"]
SCOPES += ["services:read", "services:write"]
OFFICE = "office@example.com"
WAIT = 30  # seconds before a test gives up on what should happen at once


@dataclass
class Site:
    """The two servers' addresses, the token both take, and what the test can look at."""

    a: str
    b: str
    token: str
    mail_dir: Path
    store: Store
    figures: dict[str, float] = field(default_factory=dict)

    def api(self, server: str, method: str, path: str, **options) -> httpx.Response:
        headers = {"Authorization": f"Bearer {self.token}", **options.pop("headers", {})}
        return httpx.request(method, f"{server}/api/cms{path}", headers=headers, timeout=WAIT, **options)


def reachable(address: tuple[str, int]) -> bool:
    try:
        socket.create_connection(address, timeout=3).close()
        return True
    except OSError:
        return False


def until(check: Callable[[], Any], what: str) -> Any:
    """`check()`'s first true answer, asked again until WAIT seconds have passed."""
    deadline = time.monotonic() + WAIT
    while not (answer := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {WAIT} s")
        time.sleep(0.05)
    return answer


def environment(store: Store, bucket: str, base_url: str, var: Path, mail_dir: Path) -> dict[str, str]:
    """What every machine of the site is given (docs/deployment.md): the same database, cache,
    bucket, secret key and public address; the var folder is each machine's own."""
    database = connection.settings_dict  # the suite's test database, where the rows are committed
    user = database["USER"] + (f":{database['PASSWORD']}" if database["PASSWORD"] else "")
    keep = {
        name: value for name, value in os.environ.items() if not name.startswith(("FRONTDESK_", "DJANGO_"))
    }
    return {
        **keep,
        "DJANGO_SETTINGS_MODULE": "frontdesk.settings",
        "DATABASE_URL": f"postgres://{user}@{database['HOST'] or 'localhost'}:{database['PORT'] or 5432}/{database['NAME']}",
        "CACHE_URL": f"redis://{REDIS[0]}:{REDIS[1]}/{REDIS_DB}",
        "FRONTDESK_QUEUE": "db",
        "FRONTDESK_SECRET_KEY": settings.SECRET_KEY,  # the door's timestamps are signed in this process
        "FRONTDESK_BASE_URL": base_url,
        "FRONTDESK_VAR_DIR": str(var),
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
        **s3_environment(store, bucket),
    }


@pytest.fixture
def site(s3_store, tmp_path, make_user) -> Iterator[Site]:
    if connection.vendor != "postgresql":
        pytest.skip("two servers share one PostgreSQL database: this runs in scripts/test's PostgreSQL run")
    if not reachable(REDIS):
        unavailable(f"Redis is not reachable on {REDIS[0]}:{REDIS[1]}")
    import redis

    redis.Redis(host=REDIS[0], port=REDIS[1], db=REDIS_DB).flushdb()
    admin = make_user(is_superuser=True, is_staff=True)
    token = ApiToken.issue(admin, "two servers", SCOPES)[1]
    mail_dir = tmp_path / "mail"
    port_a, port_b = free_port(), free_port()
    base_url = f"http://127.0.0.1:{port_a}"  # the one address visitors use, as behind a balancer
    processes: list[subprocess.Popen] = []
    started = time.monotonic()
    bucket = s3_store.new_bucket(public_prefix="media")

    def machine(name: str) -> dict[str, str]:
        return environment(s3_store, bucket, base_url, tmp_path / f"var-{name}", mail_dir)

    try:
        # Started side by side, as machines are; then each is waited for.
        servers = {port: tmp_path / f"serve-{name}.log" for name, port in (("a", port_a), ("b", port_b))}
        for port, log in servers.items():
            processes.append(launch(machine(log.stem), port, log=log))
        with (tmp_path / "worker.log").open("w") as output:
            worker = [sys.executable, "-m", "frontdesk", "worker"]
            processes.append(subprocess.Popen(worker, env=machine("worker"), stdout=output, stderr=output))
        for server, (port, log) in zip(processes, servers.items(), strict=False):
            # Generous: three Django start-ups at once on a small, busy machine (docs/deployment.md).
            wait_until_serving(server, port, log, within=WAIT * 4)
        both = Site(f"http://127.0.0.1:{port_a}", f"http://127.0.0.1:{port_b}", token, mail_dir, s3_store)
        both.figures["start"] = time.monotonic() - started
        yield both
        print(f"\ntwo servers, one site: {', '.join(f'{k} {v:.2f} s' for k, v in both.figures.items())}")
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=20)


def post_form(
    server: str, base_url: str, slug: str, answers: dict, files: list | None = None
) -> httpx.Response:
    """A visitor's post to the form `slug` at `server`, as a browser sends it from the form page."""
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):
        stamp = issue_timestamp(slug)
    data = {
        "site_form": slug,
        "site_ts": stamp,
        "homepage": "",
        **{f"fields[{k}]": v for k, v in answers.items()},
    }
    return httpx.post(
        f"{server}/site/forms/{slug}",
        data=data,
        files=files,
        headers={"Origin": base_url, "Accept": "application/json"},
        timeout=WAIT,
    )


def mails_sent(mail_dir: Path) -> list[str]:
    """The subjects of every mail the file backend wrote, whichever process wrote it."""
    texts = [path.read_text() for path in mail_dir.glob("*.log")] if mail_dir.exists() else []
    return [subject for text in texts for subject in re.findall(r"^Subject: (.*)$", text, re.M)]


def test_two_servers_and_a_worker_serve_one_site(site):
    a, b = site.a, site.b
    base_url = a

    # A picture uploaded through A: B prints it on a page, and the bucket serves it to anybody.
    clock = time.monotonic()
    jpeg = image_bytes(1000, 500)
    uploaded = site.api(a, "POST", "/pictures", files={"file": ("harbour.jpg", jpeg, "image/jpeg")})
    assert uploaded.status_code == 201, uploaded.text
    key = uploaded.json()["key"]
    service = site.api(a, "POST", "/services", json={"title": {"en": "Harbour tours"}, "cover": key})
    assert service.status_code == 201, service.text

    def printed_on_b() -> list[str]:
        page = httpx.get(f"{b}/services/harbour-tours", timeout=WAIT)
        assert page.status_code == 200
        return re.findall(rf'src="([^"]*/pictures/{key}/[^"]+)"', page.text)

    # Asked until it shows: where the worker makes the renditions, they come a moment later.
    printed = until(printed_on_b, "B prints the picture uploaded through A")
    assert all(url.startswith(f"{site.store.endpoint}/") and "/media/pictures/" in url for url in printed)
    assert httpx.get(printed[0], timeout=WAIT).status_code == 200
    site.figures["picture"] = time.monotonic() - clock

    # A visitor's post with a file to A: B lists it, streams the file and exports it.
    clock = time.monotonic()
    apply = create_form(
        actor=None,
        values={
            "slug": "apply",
            "title": {"en": "Apply"},
            "options": {"recipients": {"addresses": [OFFICE]}},
        },
        fields=[
            {"machine_name": "name", "type": "text", "label": {"en": "Name"}, "required": True},
            {"machine_name": "cv", "type": "file", "label": {"en": "CV"}},
        ],
    )
    posted = post_form(
        a, base_url, "apply", {"name": "Ada"}, files=[("fields[cv][]", ("cv.pdf", PDF, "application/pdf"))]
    )
    assert posted.status_code == 200, posted.text
    listed = site.api(b, "GET", f"/inbox/forms/{apply.pk}/submissions").json()
    (row,) = listed["rows"]
    read = site.api(b, "GET", f"/inbox/submissions/{row['id']}").json()
    (attachment,) = read["files"]
    download = site.api(b, "GET", f"/inbox/submissions/{row['id']}/files/{attachment['id']}")
    assert download.status_code == 200 and download.content == PDF
    export = site.api(b, "GET", f"/inbox/forms/{apply.pk}/submissions/export")
    assert export.status_code == 200 and "Ada" in export.text and "cv.pdf" in export.text
    site.figures["attachment"] = time.monotonic() - clock

    # The same answers again, to B: the duplicate window holds across both, one submission.
    again = post_form(
        b, base_url, "apply", {"name": "Ada"}, files=[("fields[cv][]", ("cv.pdf", PDF, "application/pdf"))]
    )
    assert again.status_code == 200, again.text
    assert site.api(a, "GET", f"/inbox/forms/{apply.pk}/submissions").json()["total"] == 1

    # A second submission, to B: the worker sends each of the two mails once.
    clock = time.monotonic()
    assert post_form(b, base_url, "apply", {"name": "Grace"}).status_code == 200
    from django_tasks_db.models import DBTaskResult

    mails = DBTaskResult.objects.filter(task_path__startswith="frontdesk.core.mail.")
    until(
        lambda: mails.exists() and not mails.exclude(status="SUCCESSFUL").exists(),
        "the worker runs every queued mail",
    )
    assert len(mails_sent(site.mail_dir)) == 2 == mails.count()
    site.figures["mail"] = time.monotonic() - clock

    # The rate limit counts across both: three posts a minute, wherever they land.
    for attempt in range(2):  # again, on a new form, if a minute ended among the posts
        create_form(
            actor=None,
            values={
                "slug": f"limited-{attempt}",
                "title": {"en": "Limited"},
                "options": {"antispam": {"throttle": 3}},
            },
            fields=[{"machine_name": "name", "type": "text", "label": {"en": "Name"}, "required": True}],
        )
        minute = int(time.time() // 60)
        answers = [
            post_form(server, base_url, f"limited-{attempt}", {"name": f"Visitor {n}"})
            for n, server in enumerate((a, b, a, b))
        ]
        if int(time.time() // 60) == minute:
            break
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]

    # A page published through A is live on B at once.
    clock = time.monotonic()
    made = site.api(
        a, "POST", "/pages", json={"title": {"en": "Opening hours"}, "slug": {"en": "opening-hours"}}
    )
    assert made.status_code == 201, made.text
    assert httpx.get(f"{b}/opening-hours", timeout=WAIT).status_code == 404
    published = site.api(
        a, "POST", f"/pages/{made.json()['id']}/publish", json={"revision": made.json()["revision"]}
    )
    assert published.status_code == 200, published.text
    assert httpx.get(f"{b}/opening-hours", timeout=WAIT).status_code == 200
    site.figures["page"] = time.monotonic() - clock
