"""FRONTDESK[<section>] as settings.py makes it from the environment, in a process of its own:
the one helper of the conf tests of every module."""

from __future__ import annotations

import json
import os
import subprocess
import sys


def section_from_environment(tmp_path, name: str, *, cleared: tuple[str, ...], **environment: str) -> dict:
    """FRONTDESK[name] (`{}` when settings.py sets none) from the current environment without the
    variables starting with `cleared`, plus `environment`."""
    clean = {key: value for key, value in os.environ.items() if not key.startswith(cleared)}
    code = f"import json; from frontdesk import settings; print(json.dumps(settings.FRONTDESK.get({name!r}, {{}})))"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, "FRONTDESK_VAR_DIR": str(tmp_path), **environment},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(result.stdout)
