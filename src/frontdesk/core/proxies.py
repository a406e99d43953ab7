"""Forwarded headers, believed only from the proxies the site names (settings.TRUSTED_PROXIES).

`X-Forwarded-For` and `X-Forwarded-Proto` can be written by any client. For a request from a
trusted proxy, the visitor's address (`REMOTE_ADDR`) becomes the last address in
`X-Forwarded-For` that is not a trusted proxy itself (the first one when all are), and the scheme
(`wsgi.url_scheme`) becomes `X-Forwarded-Proto` when that says http or https. From anyone else
both headers are left as they are and ignored: a local client cannot pick its address and
rotate past the door's rate limit (docs/configuration.md, "Behind a proxy").
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable

SCHEMES = frozenset({"http", "https"})


class TrustedProxies:
    """The proxies whose forwarded headers count: addresses, networks, or `*` for every client."""

    def __init__(self, entries: Iterable[str]):
        entries = [entry.strip() for entry in entries if entry.strip()]
        self.everyone = "*" in entries
        # strict=False: the settings accept an address with host bits in a network (10.0.0.5/24).
        self.networks = tuple(ipaddress.ip_network(entry, strict=False) for entry in entries if entry != "*")
        self._trusts = functools.lru_cache(maxsize=4096)(self._compute)

    def __bool__(self) -> bool:
        return self.everyone or bool(self.networks)

    def __contains__(self, host: str | None) -> bool:
        if self.everyone:
            return True
        if not host or len(host) > 64:  # no address is that long; keep such keys out of the cache
            return False
        return self._trusts(host)

    def _compute(self, host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def visitor(self, forwarded_for: str) -> str:
        """The visitor's address in an `X-Forwarded-For` value: the nearest untrusted hop."""
        hops = [_host(item.strip()) for item in forwarded_for.split(",")]
        if not self.everyone:
            for hop in reversed(hops):
                if hop not in self:
                    return hop
        return hops[0]


def _host(hop: str) -> str:
    """An address without the port some proxies add (`192.0.2.1:4711`, `[2001:db8::1]:4711`)."""
    if hop.startswith("["):
        end = hop.find("]")
        return hop[1:end] if end > 0 else hop
    if hop.count(":") == 1:
        return hop.split(":", 1)[0]
    return hop


def believe_forwarded_headers(environ: dict, trusted: TrustedProxies) -> None:
    """Take the visitor's address and the scheme from a trusted proxy's headers, in place."""
    if environ.get("REMOTE_ADDR") not in trusted:
        return
    scheme = environ.get("HTTP_X_FORWARDED_PROTO", "").strip()
    if scheme in SCHEMES:
        environ["wsgi.url_scheme"] = scheme
    forwarded_for = environ.get("HTTP_X_FORWARDED_FOR", "").strip()
    if forwarded_for:
        visitor = trusted.visitor(forwarded_for)
        if visitor:
            environ["REMOTE_ADDR"] = visitor
