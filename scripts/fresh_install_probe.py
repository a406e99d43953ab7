"""Wait for a server, then GET each path and require exactly 200 (redirects are not followed).

Used by scripts/fresh-install-check with the fresh virtual environment's Python, so it needs
nothing but the standard library. Exit status 0 when every path answered 200, 1 otherwise, with
the status and the start of the body on stderr.

    python scripts/fresh_install_probe.py [--timeout 60] http://127.0.0.1:8123 / /cms/login/
"""

from __future__ import annotations

import argparse
import sys
import time
import urllib.error
import urllib.request


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    # A redirect to a page that works would hide a page that does not: report the 30x itself.
    def redirect_request(self, *args, **kwargs) -> None:
        return None


# No proxy either: an http_proxy of the machine must not stand between us and 127.0.0.1.
OPENER = urllib.request.build_opener(_NoRedirects, urllib.request.ProxyHandler({}))


def get(url: str) -> tuple[int, str]:
    try:
        with OPENER.open(url, timeout=10) as response:
            return response.status, response.read(2000).decode("utf-8", "replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read(2000).decode("utf-8", "replace")


def wait_for(base: str, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            get(base + "/")
            return True
        except (urllib.error.URLError, OSError):
            time.sleep(0.25)
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="http://host:port")
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--timeout", type=float, default=60, help="seconds to wait for the server")
    options = parser.parse_args()
    base = options.base.rstrip("/")
    if not wait_for(base, options.timeout):
        print(f"{base} did not answer within {options.timeout:g} s", file=sys.stderr)
        return 1
    failed = False
    for path in options.paths:
        status, body = get(base + path)
        if status == 200:
            print(f"GET {path} -> 200")
        else:
            failed = True
            print(f"GET {path} answered {status}, not 200; the answer began with:\n{body}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
