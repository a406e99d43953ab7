"""Attempts counted per subject in a window, through the Django cache: the counters behind the
login and password-reset throttles (core/accounts.py), and the one counting step (`increment`)
the door's rate limit uses too.

The cache is shared by every worker once CACHE_URL names Redis (local memory serves one process
only), and `add`/`incr` are atomic in every backend Django ships, so parallel requests never
lose a count. A window starts with its subject's first attempt and lasts `seconds`. The cache
never holds an address or an e-mail: keys are keyed hashes of the subject.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.crypto import salted_hmac

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limit:
    name: str  # names the counter in the cache key, e.g. "login-account"
    attempts: int  # at most this many in one window; 0 or less turns the limit off
    seconds: int

    def _key(self, subject: str) -> str:
        digest = salted_hmac("frontdesk.core.throttle", f"{self.name}|{subject}", algorithm="sha256")
        return f"frontdesk:throttle:{self.name}:{digest.hexdigest()[:40]}"

    def wait(self, subject: str) -> int:
        """Seconds until the subject may try again; 0 while it is under the limit."""
        if self.attempts <= 0:
            return 0
        key = self._key(subject)
        try:
            found = cache.get_many([key, f"{key}:ends"])
        except Exception:
            # A cache outage must not lock everybody out; the limit is off until it is back.
            logger.exception("Throttle %s skipped: the cache did not answer", self.name)
            return 0
        if found.get(key, 0) < self.attempts:
            return 0
        ends = found.get(f"{key}:ends", time.time() + self.seconds)
        return max(1, math.ceil(ends - time.time()))

    def hit(self, subject: str) -> None:
        """Count one attempt; the first one of a window starts it."""
        if self.attempts <= 0:
            return
        key = self._key(subject)

        def start_window() -> None:
            cache.set(f"{key}:ends", time.time() + self.seconds, self.seconds)

        try:
            increment(key, self.seconds, on_start=start_window)
        except Exception:
            logger.exception("Throttle %s did not count: the cache did not answer", self.name)

    def clear(self, subject: str) -> None:
        key = self._key(subject)
        cache.delete_many([key, f"{key}:ends"])


def increment(key: str, seconds: int, on_start: Callable[[], None] | None = None) -> int:
    """Add one to the counter `key` (made at 0, kept `seconds`) and answer the new count.

    The one counting step of every throttle: the login and reset limits here and the door's rate
    limit (inbox/antispam.py). `on_start` runs when this call made the counter. Raises when the
    cache does not answer or keep the counter; callers decide what an outage means for them.
    """
    for _try in range(3):
        if cache.add(key, 0, seconds) and on_start is not None:
            on_start()
        try:
            return cache.incr(key)
        except ValueError:  # the counter expired between add() and incr(); make it again
            continue
    raise RuntimeError("the cache does not keep the counter")


def client_of(address: str) -> str:
    """The client a limit per client counts: an IPv4 address, or the /64 network of an IPv6 one
    (one machine is usually given a whole /64, and would otherwise rotate past the limit)."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return "unknown"
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
