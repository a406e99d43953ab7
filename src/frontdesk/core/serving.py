"""How frontdesk is served: granian's WSGI server, the one WSGI app it runs, and the base URL.

`frontdesk serve` runs granian with `server_options()`: worker processes, each with a pool of
threads that run `frontdesk.wsgi:application` (`Site` below): Django for every address, except
the MCP server's, which goes to its ASGI app through core/mcp/bridge.py, its answers given the
headers Django's middleware gives every other answer (`with_site_headers`). The tests' live server
runs the same options and the same app in a thread of the test process (tests/servers.py), so
the tests run what production runs (docs/architecture.md, "Serving"; docs/configuration.md).
"""

from __future__ import annotations

import io
import ipaddress
import os
from collections.abc import Callable, Iterable

from django.conf import settings
from django.core.handlers.wsgi import WSGIRequest
from django.http import HttpResponse
from django.utils.module_loading import import_string

from frontdesk.core.conf import host_settings
from frontdesk.core.proxies import TrustedProxies, believe_forwarded_headers

APPLICATION = "frontdesk.wsgi:application"
BASE_URL_VARIABLE = "FRONTDESK_BASE_URL"
THREADS_VARIABLE = "FRONTDESK_THREADS"
# Threads per worker that run Django: chosen by measurement (docs/performance.md, "Serving").
DEFAULT_THREADS = 8
LOG_LEVELS = ("critical", "error", "warning", "info", "debug")

# A wildcard address is no address to open: a browser on the same machine reaches the server
# through the loopback interface of the same family. The machine's name is not used, since it
# is not in the default ALLOWED_HOSTS and may not resolve.
REACHABLE = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}  # noqa: S104 (names, no bind)


def absolute_url(path: str) -> str:
    """`path` (from `reverse()`, so with its leading slash) as a whole address on the site's base
    URL, for links that leave the site: mails, agents, pages elsewhere. A base URL a site's own
    settings give with a trailing slash makes no double one."""
    return settings.BASE_URL.rstrip("/") + path


def reachable_base_url(host: str, port: int) -> str:
    """`http://host:port` for a server listening on `host`, with a wildcard host made openable."""
    host = REACHABLE.get(host, host)
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass  # a name such as localhost
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


def base_url_is_configured() -> bool:
    """Whether the operator chose the base URL (the variable, or a settings module of their own)."""
    return (
        bool(os.environ.get(BASE_URL_VARIABLE, "").strip()) or settings.BASE_URL != settings.BASE_URL_DEFAULT
    )


def adopt_base_url(host: str, port: int) -> str:
    """The base URL links name: the configured one, else the address `serve` listens on.

    Set for this process and in the environment, because the server's worker processes import
    the settings anew.
    """
    if base_url_is_configured():
        return settings.BASE_URL
    url = reachable_base_url(host, port)
    os.environ[BASE_URL_VARIABLE] = url
    settings.BASE_URL = url
    return url


def threads() -> int:
    """Threads per worker process that run Django's views (FRONTDESK_THREADS)."""
    value = os.environ.get(THREADS_VARIABLE, "").strip()
    try:
        count = int(value) if value else DEFAULT_THREADS
    except ValueError:
        count = 0
    if not 1 <= count <= 512:
        raise ValueError(f"{THREADS_VARIABLE} must be a whole number from 1 to 512, not {value!r}.")
    return count


def server_options(host: str, port: int, *, workers: int = 1, log_level: str = "info") -> dict:
    """Keyword arguments for granian's server (`granian.Granian`), for serve and the tests.

    `workers` processes, each running the app in `threads()` threads; requests beyond that wait
    for a thread. granian's own limit on open connections stays (1024 over the workers): it
    counts idle keep-alive connections too, so a lower one would leave visitors' browsers
    waiting. A failed worker is started again. On SIGTERM or SIGINT the server stops accepting
    and waits for the requests in flight.
    """
    count = threads()
    return {
        "target": APPLICATION,
        "address": host,
        "port": port,
        "interface": "wsgi",
        "workers": workers,
        "blocking_threads": count,
        "websockets": False,  # WSGI has none; granian would only log that it ignores them
        "respawn_failed_workers": True,
        "log_level": log_level,
        "log_access": log_level == "debug",
    }


# Keys a WSGI server sets for the request itself (PEP 3333, CGI); anything else from the
# process's environment is not the request's.
REQUEST_KEYS = frozenset(
    {
        "REQUEST_METHOD",
        "SCRIPT_NAME",
        "PATH_INFO",
        "QUERY_STRING",
        "CONTENT_TYPE",
        "CONTENT_LENGTH",
        "SERVER_NAME",
        "SERVER_PORT",
        "SERVER_PROTOCOL",
        "SERVER_SOFTWARE",
        "GATEWAY_INTERFACE",
        "REMOTE_ADDR",
        "REMOTE_PORT",
    }
)


# The middleware whose headers the MCP server's answers carry too, applied in the order
# settings.MIDDLEWARE lists them: a site that leaves one out there leaves its header out here.
HEADER_MIDDLEWARE = (
    # HSTS over HTTPS, nosniff, the referrer and cross-origin opener policies.
    "django.middleware.security.SecurityMiddleware",
    "frontdesk.core.csp.ContentSecurityPolicyMiddleware",
    # Cache-Control: private, no-store under /cms/ and /api/cms/.
    "frontdesk.core.middleware.PrivateAnswersMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
)


def site_headers(environ: dict) -> list[tuple[str, str]]:
    """The headers HEADER_MIDDLEWARE give an answer to this request: their own `process_response`
    run over an empty answer, so the values come from the same settings as every page's."""
    # The body is the MCP app's to read: this request is given none.
    request = WSGIRequest({**environ, "wsgi.input": io.BytesIO(), "CONTENT_LENGTH": "0"})
    answer = HttpResponse()
    del answer["Content-Type"]
    for path in reversed([path for path in settings.MIDDLEWARE if path in HEADER_MIDDLEWARE]):
        answer = import_string(path)(_no_view).process_response(request, answer)
    return list(answer.items())


def _no_view(request: WSGIRequest) -> HttpResponse:
    raise AssertionError("site_headers runs the middleware's process_response only")


def with_site_headers(environ: dict, start_response: Callable) -> Callable:
    """`start_response` that adds the site's headers an answer lacks (`site_headers`), and a
    Content-Type to an answer without one (the MCP SDK's plain-text refusals have none)."""

    def start(status: str, headers: list[tuple[str, str]], *exc_info: object) -> object:
        given = {name.lower() for name, _value in headers}
        added = [(name, value) for name, value in site_headers(environ) if name.lower() not in given]
        if "content-type" not in given:
            added.append(("Content-Type", f"text/plain; charset={settings.DEFAULT_CHARSET}"))
        return start_response(status, [*headers, *added], *exc_info)

    return start


class Site:
    """The WSGI app `serve` runs: forwarded headers from trusted proxies, then MCP or Django.

    granian copies the process's whole environment into every request's environ (as CGI did):
    those keys are taken out again, so request.META, Django's error reports and its debug page
    hold the request and never a DATABASE_URL with its password.
    """

    def __init__(self, django: Callable, mcp: Callable, mcp_path: str, trusted: Iterable[str]):
        self.django, self.mcp = django, mcp
        self.mcp_path, self.mcp_prefix = mcp_path, mcp_path + "/"
        self.trusted = TrustedProxies(trusted)
        self.process_keys: list[str] | None = None
        self.process_headers: list[tuple[str, str]] = []

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if self.process_keys is None:  # the environment as the server saw it when it copied it
            self.process_keys = [key for key in os.environ if key not in REQUEST_KEYS and key[:5] != "HTTP_"]
            # A variable named like a header (HTTP_PROXY) goes only when the request did not send it.
            self.process_headers = [(key, value) for key, value in os.environ.items() if key[:5] == "HTTP_"]
        pop = environ.pop
        for key in self.process_keys:
            pop(key, None)
        for key, value in self.process_headers:
            if environ.get(key) == value:
                del environ[key]
        if self.trusted:
            believe_forwarded_headers(environ, self.trusted)
        path = environ.get("PATH_INFO", "")
        if path == self.mcp_path or path.startswith(self.mcp_prefix):
            return self.mcp(environ, with_site_headers(environ, start_response))
        return self.django(environ, start_response)


def build_application(trusted_proxies: Iterable[str] | None = None) -> Site:
    """The site as one WSGI app; forwarded headers believed from settings.TRUSTED_PROXIES by default."""
    # Imported when called: frontdesk.wsgi imports this module before Django is set up, and the
    # MCP bridge's server imports the models (an app-loading rule, no circle).
    from frontdesk.core.handler import get_wsgi_application
    from frontdesk.core.mcp.bridge import mcp_bridge

    django = get_wsgi_application()
    trusted = settings.TRUSTED_PROXIES if trusted_proxies is None else trusted_proxies
    return Site(django, mcp_bridge(), host_settings("mcp")["path"].rstrip("/"), trusted)
