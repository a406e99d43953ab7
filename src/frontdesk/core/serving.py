"""How frontdesk is served: the uvicorn options and the base URL derived from the listening address.

`frontdesk serve` and the tests' live server both build their uvicorn server from
`uvicorn_options()`, so the tests run what production runs (docs/configuration.md, "Serving").
"""

from __future__ import annotations

import ipaddress
import os

from django.conf import settings

APPLICATION = "frontdesk.asgi:application"
BASE_URL_VARIABLE = "FRONTDESK_BASE_URL"

# A wildcard address is no address to open: a browser on the same machine reaches the server
# through the loopback interface of the same family. The machine's name is not used, since it
# is not in the default ALLOWED_HOSTS and may not resolve.
REACHABLE = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}  # noqa: S104 (names, no bind)


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

    Set for this process and in the environment, because uvicorn's worker processes import the
    settings anew.
    """
    if base_url_is_configured():
        return settings.BASE_URL
    url = reachable_base_url(host, port)
    os.environ[BASE_URL_VARIABLE] = url
    settings.BASE_URL = url
    return url


def uvicorn_options(host: str, port: int, *, workers: int = 1, log_level: str = "info") -> dict:
    """Keyword arguments for `uvicorn.run()` and `uvicorn.Config()`.

    Forwarded headers (X-Forwarded-For, X-Forwarded-Proto) are believed only from the proxies
    settings.TRUSTED_PROXIES names, which is empty unless FRONTDESK_BEHIND_PROXY or
    FRONTDESK_TRUSTED_PROXIES is set: uvicorn's own default trusts them from 127.0.0.1, so any
    local client could pick its address and rotate past the door's rate limit.
    """
    trusted = list(settings.TRUSTED_PROXIES)
    return {
        "app": APPLICATION,
        "host": host,
        "port": port,
        "workers": workers,
        "lifespan": "on",
        "log_level": log_level,
        "access_log": log_level == "debug",
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": trusted,
    }
