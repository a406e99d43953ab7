"""The address a request came from, as every door of the site reads it (the inbox's antispam
and visitor metadata, the panel's login throttle)."""

from __future__ import annotations

import ipaddress

from django.http import HttpRequest


def visitor_address(request: HttpRequest, anonymise: bool) -> str:
    """REMOTE_ADDR, normalised; anonymised: IPv4 to its /24, IPv6 to its /48. "" when unusable.

    Never X-Forwarded-For, which any client writes: the server puts a forwarded address into
    REMOTE_ADDR itself, and only from a trusted proxy (core/serving.py).
    """
    raw = (request.META.get("REMOTE_ADDR") or "").strip().split("%", 1)[0]
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return ""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    if not anonymise:
        return str(address)
    prefix = 24 if address.version == 4 else 48
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False).network_address)
