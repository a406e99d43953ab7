"""`frontdesk serve` in a process of its own, as the README's demo command runs it."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import pytest

from tests.ports import free_port

pytestmark = pytest.mark.live


@pytest.fixture(scope="module")
def served_site(tmp_path_factory):
    var = tmp_path_factory.mktemp("var")
    env = {**os.environ, "FRONTDESK_VAR_DIR": str(var)}
    env.pop("DATABASE_URL", None)  # its own SQLite file, never the test database
    frontdesk = [sys.executable, "-m", "frontdesk"]
    subprocess.run([*frontdesk, "migrate", "--verbosity", "0"], env=env, check=True, timeout=120)
    port = free_port()
    server = subprocess.Popen(
        [*frontdesk, "serve", "--port", str(port), "--log-level", "warning"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            httpx.get(url + "/", timeout=1)
            break
        except httpx.TransportError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError(f"frontdesk serve did not start:\n{server.stdout.read()}") from None
            time.sleep(0.2)
    yield url
    server.terminate()
    server.wait(timeout=20)


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
