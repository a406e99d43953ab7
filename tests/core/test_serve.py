"""`frontdesk serve` in a process of its own, as the README's demo command runs it: what it serves,
the address its links name, and which forwarded headers the server it runs believes."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import pytest
import time_machine
from django.core.cache import cache
from django.utils import timezone

from frontdesk.core.serving import build_application, reachable_base_url, server_options
from frontdesk.inbox.antispam import issue_timestamp
from frontdesk.inbox.models import Submission
from frontdesk.inbox.operations import create_form
from tests.ports import free_port
from tests.servers import granian_in_a_thread, serving, start

pytestmark = pytest.mark.live

ADMIN, PASSWORD = "admin@example.com", "a long serve test password 42"


# Session scope, not module: xdist interleaves this module's tests with others' on each worker,
# and a module fixture was made again each time they came back (four migrations and demos a run).
@pytest.fixture(scope="session")
def served_env(tmp_path_factory) -> dict:
    """A migrated site with the demo content, in a var folder of its own, without a base URL."""
    var = tmp_path_factory.mktemp("var")
    env = {**os.environ, "FRONTDESK_VAR_DIR": str(var)}
    for name in ("DATABASE_URL", "FRONTDESK_BASE_URL"):  # its own SQLite file; the address derived
        env.pop(name, None)
    frontdesk = [sys.executable, "-m", "frontdesk"]
    subprocess.run([*frontdesk, "migrate", "--verbosity", "0"], env=env, check=True, timeout=120)
    subprocess.run(
        [*frontdesk, "demo", "--password", PASSWORD], env=env, check=True, timeout=120, capture_output=True
    )
    return env


@pytest.fixture(scope="session")
def served_site(served_env) -> Iterator[str]:
    with serving(served_env, free_port()) as url:
        yield url


def test_the_home_page_is_served(served_site):
    response = httpx.get(served_site + "/")
    assert response.status_code == 200
    assert "text/html" in response.headers["content-type"]


def test_static_files_are_served(served_site):
    response = httpx.get(served_site + "/static/frontdesk/panel.css")
    assert response.status_code == 200
    assert "text/css" in response.headers["content-type"]


def test_the_panel_asks_for_a_login(served_site):
    response = httpx.get(served_site + "/cms/")
    assert response.status_code == 302
    assert response.headers["location"].startswith("/cms/login/")


def test_the_mcp_server_refuses_a_call_without_a_token(served_site):
    response = httpx.post(
        served_site + "/api/cms/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={"Accept": "application/json, text/event-stream"},
    )
    assert response.status_code == 401


def test_an_unknown_host_is_refused(served_site):
    response = httpx.get(served_site + "/", headers={"Host": "evil.example"})
    assert response.status_code == 400


# --- The address links name (FRONTDESK_BASE_URL) -------------------------------------------------


def door_address_in_the_embedding_tab(url: str) -> str:
    """Log in as the demo administrator and read the contact form's door address off its tab."""
    with httpx.Client(base_url=url, timeout=10) as client:
        login = client.get("/cms/login/")
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', login.text).group(1)
        client.post(
            "/cms/login/",
            data={"csrfmiddlewaretoken": csrf, "username": ADMIN, "password": PASSWORD},
            headers={"Referer": url + "/cms/login/"},
        )
        inbox = client.get("/cms/inbox/", follow_redirects=True)
        form = re.search(r"/cms/inbox/forms/(\d+)/", inbox.text).group(1)
        tab = client.get(f"/cms/inbox/forms/{form}/embedding/")
        assert tab.status_code == 200, tab.text[:500]
        return re.search(r'<pre id="inbox-embed-door"><code>POST ([^<]+)</code>', tab.text).group(1)


def test_without_a_base_url_the_embedding_tab_names_the_port_serve_listens_on(served_site):
    assert door_address_in_the_embedding_tab(served_site) == served_site + "/site/forms/contact"


def test_with_several_workers_every_worker_names_the_port_serve_listens_on(served_env):
    with serving(served_env, free_port(), "--workers", "2") as url:
        addresses = {door_address_in_the_embedding_tab(url) for _ in range(4)}
    assert addresses == {url + "/site/forms/contact"}


def worker_processes(server: subprocess.Popen) -> list[int]:
    """The processes serve started to answer requests (Linux: read from /proc)."""
    children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
    return [int(pid) for pid in children if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]


@pytest.mark.parametrize("workers", [1, 3])
def test_workers_is_the_number_of_processes_that_answer(served_env, workers):
    server = start(served_env, free_port(), "--workers", str(workers))
    try:
        assert len(worker_processes(server)) == workers
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_on_sigterm_a_request_in_flight_is_answered_before_serve_stops(served_env):
    port = free_port()
    server = start(served_env, port)
    # The public door reads the whole body before it answers (the login page would refuse a post
    # without its CSRF cookie at once, leaving nothing in flight).
    body = b"fields%5Bname%5D=Someone&fields%5Bmessage%5D=" + b"x" * 50
    with socket.create_connection(("127.0.0.1", port), timeout=20) as client:
        client.sendall(
            b"POST /site/forms/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
            b"Content-Type: application/x-www-form-urlencoded\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body[:10]
        )
        time.sleep(1)  # the view now waits for the rest of the body
        server.send_signal(signal.SIGTERM)
        time.sleep(1)
        assert server.poll() is None, "serve stopped with a request in flight"
        client.sendall(body[10:])
        answer = b""
        while chunk := client.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 302 ")  # the door's answer: back to the page, the post refused
    assert server.wait(timeout=20) == 0
    with pytest.raises(httpx.TransportError):  # and then it is gone
        httpx.get(f"http://127.0.0.1:{port}/", timeout=2)


def refusal_of(env: dict, *command: str) -> str:
    """What `frontdesk <command>` prints on stderr when it stops with a configuration error (2)."""
    result = subprocess.run(
        [sys.executable, "-m", "frontdesk", *command], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2, result.stderr
    return result.stderr.strip()


def test_a_thread_count_that_is_no_count_stops_serve_with_one_line(served_env):
    env = {**served_env, "FRONTDESK_THREADS": "lots"}
    assert refusal_of(env, "serve", "--port", str(free_port())) == (
        "frontdesk: configuration error: FRONTDESK_THREADS must be a whole number from 1 to 512, not 'lots'."
    )


def test_a_configured_base_url_is_kept_whatever_the_port(served_env):
    env = {**served_env, "FRONTDESK_BASE_URL": "https://www.example.com/"}
    with serving(env, free_port()) as url:
        assert door_address_in_the_embedding_tab(url) == "https://www.example.com/site/forms/contact"


@pytest.mark.parametrize(
    ("host", "port", "expected"),
    [
        ("127.0.0.1", 8123, "http://127.0.0.1:8123"),
        ("localhost", 8000, "http://localhost:8000"),
        ("0.0.0.0", 8123, "http://127.0.0.1:8123"),  # noqa: S104 (every interface: loopback reaches it)
        ("::", 8123, "http://[::1]:8123"),
        ("::1", 9000, "http://[::1]:9000"),
        ("fd.example.internal", 80, "http://fd.example.internal"),
    ],
)
def test_the_derived_base_url_is_an_address_a_browser_on_this_machine_can_open(host, port, expected):
    assert reachable_base_url(host, port) == expected


# --- Forwarded headers ------------------------------------------------------------------------------


@contextmanager
def proxy_live_server(port: int) -> Iterator[str]:
    """A second live server in this process: serve's options, its app built from the settings now."""
    with granian_in_a_thread(
        server_options("127.0.0.1", port, log_level="warning"), build_application()
    ) as url:
        yield url


@pytest.fixture
def door(live_site):
    """A form with one field behind the live server's door, and rate limits that start at zero."""
    create_form(
        actor=None,
        values={"slug": "contact", "title": {"en": "Contact"}},
        fields=[{"machine_name": "name", "type": "text", "label": {"en": "Name"}, "required": True}],
    )
    cache.clear()
    yield
    cache.clear()


@contextmanager
def early_in_a_minute() -> Iterator[None]:
    """Run the block from the 5th second of a minute, so all its posts count in one window."""
    now = datetime.now(UTC)
    start = now.replace(second=5, microsecond=0) + timedelta(minutes=1 if now.second >= 5 else 0)
    with time_machine.travel(start, tick=True):
        yield


def post_through(url: str, number: int, forwarded_for: str) -> httpx.Response:
    with time_machine.travel(timezone.now() - timedelta(minutes=1)):  # written for a minute
        timestamp = issue_timestamp("contact")
    return httpx.post(
        url + "/site/forms/contact",
        data={
            "site_form": "contact",
            "site_ts": timestamp,
            "homepage": "",
            "fields[name]": f"Visitor {number}",
        },
        headers={"Origin": url, "Accept": "application/json", "X-Forwarded-For": forwarded_for},
    )


def test_by_default_x_forwarded_for_is_ignored_and_cannot_rotate_past_the_rate_limit(live_site, door):
    with early_in_a_minute():
        answers = [post_through(live_site, number, f"198.51.100.{number}").status_code for number in range(6)]
    assert answers == [200] * 5 + [429]
    assert {row.metadata["ip"] for row in Submission.objects.all()} == {"127.0.0.1"}


def test_x_forwarded_for_from_a_configured_proxy_names_the_visitor(live_site, door, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    with proxy_live_server(free_port()) as url, early_in_a_minute():
        answers = [post_through(url, number, f"198.51.100.{number}").status_code for number in range(6)]
    assert answers == [200] * 6  # six visitors, one post each
    stored = {row.metadata["ip"] for row in Submission.objects.all()}
    assert stored == {f"198.51.100.{number}" for number in range(6)}


def test_x_forwarded_for_from_an_address_that_is_not_the_proxy_is_ignored(live_site, door, settings):
    settings.TRUSTED_PROXIES = ["192.0.2.1"]
    with proxy_live_server(free_port()) as url:
        assert post_through(url, 1, "198.51.100.1").status_code == 200
    assert Submission.objects.get().metadata["ip"] == "127.0.0.1"


def trusted_in_a_fresh_process(**env: str) -> list[str]:
    """The proxies frontdesk.wsgi's app believes, with the settings read from `env`."""
    code = (
        "import json; from frontdesk.wsgi import application as app;"
        "print(json.dumps(['*'] * app.trusted.everyone + [str(net) for net in app.trusted.networks]))"
    )
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "frontdesk.settings", **env}
    for name in ("FRONTDESK_BEHIND_PROXY", "FRONTDESK_TRUSTED_PROXIES"):
        if name not in env:
            environment.pop(name, None)
    result = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=60, check=True
    )
    return json.loads(result.stdout)


@pytest.mark.parametrize(
    ("env", "trusted"),
    [
        ({}, []),
        ({"FRONTDESK_BEHIND_PROXY": "true"}, ["127.0.0.1/32", "::1/128"]),
        ({"FRONTDESK_TRUSTED_PROXIES": "10.0.0.5, 192.0.2.0/24"}, ["10.0.0.5/32", "192.0.2.0/24"]),
    ],
)
def test_forwarded_headers_are_trusted_only_from_the_proxies_the_site_names(env, trusted):
    assert trusted_in_a_fresh_process(**env) == trusted


def test_a_trusted_proxy_that_is_no_address_stops_start_up_with_one_line():
    environment = {**os.environ, "FRONTDESK_TRUSTED_PROXIES": "127.0.0.1,proxy.example"}
    environment.pop("DATABASE_URL", None)
    assert refusal_of(environment, "check") == (
        "frontdesk: configuration error: FRONTDESK_TRUSTED_PROXIES names 'proxy.example',"
        " which is not an IP address or network."
    )
