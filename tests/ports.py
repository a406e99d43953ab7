"""A loopback port that nothing listens on (for a live server to take, or an SMTP that refuses)."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
