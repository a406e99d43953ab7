"""What a fresh install needs: every package src/frontdesk imports is a main dependency, and the
probe of scripts/fresh-install-check fails unless each address answers exactly 200.

The check itself (a new virtual environment with what scripts/demo installs) runs in scripts/test;
these tests guard its two halves that can be checked in a second.
"""

from __future__ import annotations

import ast
import http.server
import importlib.metadata
import re
import subprocess
import sys
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from packaging.requirements import Requirement

import frontdesk

CHECKOUT = Path(__file__).resolve().parents[1]
PACKAGE_DIR = Path(frontdesk.__file__).resolve().parent
PROBE = CHECKOUT / "scripts" / "fresh_install_probe.py"


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _imported_top_level_modules() -> dict[str, set[str]]:
    """Each top-level module imported anywhere in the package, with the files that import it."""
    found: dict[str, set[str]] = {}
    for source in PACKAGE_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(), filename=str(source))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(name.split(".")[0], set()).add(str(source.relative_to(PACKAGE_DIR)))
    return found


# Modules of an extra, imported only by files that settings.py names when the extra is wanted
# (and that refuse to start without it, with one line): a demo install never imports them.
EXTRA_ONLY = {"storages": {"core/s3.py"}}


def test_every_package_the_code_imports_is_a_main_dependency():
    pyproject = CHECKOUT / "pyproject.toml"
    if not pyproject.exists():
        pytest.skip("not run from a checkout")
    declared = {
        _normalised(Requirement(line).name)
        for line in tomllib.loads(pyproject.read_text())["project"]["dependencies"]
    }
    distributions = importlib.metadata.packages_distributions()
    missing = {}
    for module, files in _imported_top_level_modules().items():
        if module in sys.stdlib_module_names or module == "frontdesk":
            continue
        if files <= EXTRA_ONLY.get(module, set()):
            continue
        names = {_normalised(name) for name in distributions.get(module, [module])}
        if not names & declared:
            missing[module] = sorted(files)
    # A module brought only by an extra (dev's httpx once) makes `frontdesk migrate` die on a
    # machine that installed what scripts/demo installs.
    assert missing == {}, f"imported but not in [project] dependencies of pyproject.toml: {missing}"


class _Answers(http.server.BaseHTTPRequestHandler):
    """Answers each path with the status its name says: /200/, /404/, /302/ (to /200/), /500/;
    / (where the probe waits for the server) with 200."""

    def do_GET(self) -> None:
        status = int(self.path.strip("/").split("/")[0] or 200)
        self.send_response(status)
        if status == 302:
            self.send_header("Location", "/200/")
        body = f"answer {status}".encode()
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def answering_server() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Answers)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def probe(base: str, *paths: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(PROBE), "--timeout", "5", base, *paths],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_probe_passes_when_every_address_answers_200(answering_server):
    result = probe(answering_server, "/200/", "/200/again/")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "GET /200/again/ -> 200" in result.stdout


@pytest.mark.parametrize("path", ["/404/", "/500/", "/302/"])
def test_the_probe_fails_loudly_when_an_address_does_not_answer_200(answering_server, path):
    result = probe(answering_server, "/200/", path)
    assert result.returncode == 1
    assert f"GET {path} answered {path.strip('/')}, not 200" in result.stderr
    assert f"answer {path.strip('/')}" in result.stderr  # the body, to see what went wrong


def test_the_probe_fails_when_nothing_listens():
    from tests.ports import free_port

    result = probe(f"http://127.0.0.1:{free_port()}", "/")
    assert result.returncode == 1
    assert "did not answer within 5 s" in result.stderr
