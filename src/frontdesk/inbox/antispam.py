"""The public door's antispam layers, one function each, run in order by `check()`.

rate limit → honeypot → timestamp → origin (or Referer) → captcha (when the form asks). The rate
limit counts every post and comes first, so a flood meets the 429 whatever the other layers would
say; the others keep the spec's order. The first layer that objects decides; `check()` answers a
`Verdict` or None. The choices behind each layer are written in docs/inbox-antispam.md. Nothing
here reads the inbox models: the door passes the form's slug, its antispam overrides and whether
it asks for a captcha.
"""

from __future__ import annotations

import base64
import functools
import hmac
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from urllib.parse import urlsplit

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings
from django.core.exceptions import DisallowedHost, ValidationError
from django.http import HttpRequest
from django.http.request import split_domain_port, validate_host
from django.utils.crypto import salted_hmac
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from frontdesk.core.throttle import increment
from frontdesk.core.visitors import visitor_address
from frontdesk.inbox import captcha
from frontdesk.inbox.conf import inbox_settings

logger = logging.getLogger(__name__)

DROP, REFUSE, THROTTLE = "drop", "refuse", "throttle"

WINDOW_SECONDS = 60  # the rate limit counts per visitor address, per form, per minute
CLOCK_SKEW_SECONDS = 60  # a token "from the future" is accepted this far (servers' clocks differ)
MAX_TOKEN_LENGTH = 1024  # a real timestamp token is about 140 characters

# Per-form overrides (form options → "antispam"): layer switches, then bounded numbers, then origins.
SWITCHES = ("honeypot", "timestamp", "origin", "rate_limit")
NUMBERS = {"min_seconds": (0, 3600), "throttle": (1, 1000)}
MAX_EXTRA_ORIGINS = 20

MESSAGES = {
    "dropped": _("Thank you. Your message has been sent."),
    "too_fast": _("The form was sent too quickly. Please wait a moment and send it again."),
    "timestamp_invalid": _("The form could not be checked. Please reload the page and send it again."),
    "origin_missing": _("The form can only be sent from this site's own pages."),
    "origin_foreign": _("The form can only be sent from this site's own pages."),
    "captcha_unavailable": _(
        "This form cannot be sent at the moment: it asks for a captcha check that the site has not set up."
    ),
    "captcha_failed": _("The captcha check was not passed. Please try again."),
    "captcha_unreachable": _("The captcha check could not be completed. Please try again in a moment."),
    "throttled": _("Too many messages were sent from your address. Please wait a minute and try again."),
}


@dataclass(frozen=True)
class Verdict:
    """What the door does with a post a layer objected to.

    action "drop": answer as a success and store nothing (status 200); "refuse": answer `status`
    with `message`; "throttle": answer 429 with a Retry-After of `retry_after` seconds. `code`
    names the exact reason for clients and logs (too_fast, origin_missing, ...). `over_limit`: the
    address has gone over its rate this minute, so the door keeps nothing of the post.
    """

    layer: str
    action: str
    status: int
    message: str | Promise
    retry_after: int | None = None
    code: str = ""
    over_limit: bool = False

    @property
    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.retry_after)} if self.retry_after else {}


def _verdict(layer: str, action: str, status: int, code: str, retry_after: int | None = None) -> Verdict:
    return Verdict(layer, action, status, MESSAGES[code], retry_after, code)


@dataclass(frozen=True)
class Rules:
    """The site's antispam settings with one form's overrides applied."""

    honeypot_name: str
    timestamp_name: str
    min_seconds: int
    max_age_seconds: int
    throttle: int
    origins: tuple[str, ...]
    layers: frozenset[str]  # the layers that run for this form


def site_settings() -> dict:
    """The site's antispam settings (inbox/conf.py), before a form's own overrides."""
    return inbox_settings()["antispam"]


def rules_for(overrides: dict | None = None, *, captcha_requested: bool = False) -> Rules:
    site = site_settings()
    extra = overrides or {}
    layers = {name for name in SWITCHES if extra.get(name, True)}
    if captcha_requested:
        layers.add("captcha")
    return Rules(
        honeypot_name=site["honeypot"],
        timestamp_name=site["timestamp"],
        min_seconds=extra.get("min_seconds", site["min_seconds"]),
        max_age_seconds=site["max_age_seconds"],
        throttle=extra.get("throttle", site["throttle"]),
        origins=tuple(site["origins"]) + tuple(extra.get("origins", ())),
        layers=frozenset(layers),
    )


# --- Layer 1: honeypot -------------------------------------------------------------------------


def honeypot(request: HttpRequest, rules: Rules, form_slug: str) -> Verdict | None:
    # Any character counts, whitespace too: people never see the input. An absent input is empty.
    if any(value != "" for value in request.POST.getlist(rules.honeypot_name)):
        return _verdict("honeypot", DROP, 200, "dropped")
    return None


# --- Layer 2: the signed and encrypted timestamp ------------------------------------------------

_TOKEN_SALT = b"frontdesk.inbox.antispam.timestamp"


def _fernet_key(secret: str) -> bytes:
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=_TOKEN_SALT, info=b"fernet v1")
    return base64.urlsafe_b64encode(derived.derive(secret.encode()))


@functools.lru_cache(maxsize=8)
def _fernet_for(secrets: tuple[str, ...]) -> MultiFernet:
    return MultiFernet([Fernet(_fernet_key(secret)) for secret in secrets])


def _fernet() -> MultiFernet:
    # The first key encrypts; SECRET_KEY_FALLBACKS still open tokens printed before a rotation.
    return _fernet_for((settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", ())))


def _token_payload(form_slug: str) -> bytes:
    return f"v1|{form_slug}".encode()


def issue_timestamp(form_slug: str) -> str:
    """A token for the embed tag's hidden timestamp input, bound to `form_slug`."""
    return _fernet().encrypt(_token_payload(form_slug)).decode("ascii")


def read_timestamp(token: str, form_slug: str) -> int | None:
    """When the token was issued (Unix seconds), or None if it is not a token for this form."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        payload = _fernet().decrypt(token)
        # The time is Fernet's own header (bytes 1-8 of the token, big-endian seconds), which the
        # decryption above has just verified with the token's HMAC; nothing in the payload.
        issued = int.from_bytes(base64.urlsafe_b64decode(token)[1:9], "big")
    except (InvalidToken, ValueError, TypeError):
        return None
    if not hmac.compare_digest(payload, _token_payload(form_slug)):
        return None
    return issued


def timestamp(request: HttpRequest, rules: Rules, form_slug: str) -> Verdict | None:
    issued = read_timestamp(request.POST.get(rules.timestamp_name, ""), form_slug)
    if issued is None:
        return _verdict("timestamp", REFUSE, 422, "timestamp_invalid")
    age = int(time.time()) - issued
    if age > rules.max_age_seconds:
        return None  # spec, Limits: a mark older than a day is not judged
    if age < -CLOCK_SKEW_SECONDS:
        return _verdict("timestamp", REFUSE, 422, "timestamp_invalid")
    if age < rules.min_seconds:
        return _verdict("timestamp", REFUSE, 422, "too_fast")
    return None


# --- Layer 3: Origin, or the Referer's origin ---------------------------------------------------


@functools.lru_cache(maxsize=512)  # the same few origins come with almost every post
def normalise_origin(value: str) -> str | None:
    """`scheme://host[:port]` in lower case without a default port, or None when not an origin."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), parts.hostname
    if scheme not in ("http", "https") or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    if port is None or port == {"http": 80, "https": 443}[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def _own_host(request: HttpRequest) -> str:
    try:
        return request.get_host()
    except DisallowedHost:
        return ""


def is_own_origin(origin: str, request: HttpRequest, extra: tuple[str, ...] = ()) -> bool:
    """Whether `origin` is one of the site's own: see docs/inbox-antispam.md, "Origin"."""
    candidate = normalise_origin(origin)
    if candidate is None:
        return False
    known = [settings.BASE_URL, *extra]
    if host := _own_host(request):
        known += [f"http://{host}", f"https://{host}"]
    if candidate in {normalise_origin(value) for value in known}:
        return True
    # ALLOWED_HOSTS names hosts, not ports: any port of a listed host is the site's own. "*"
    # admits every Host header, so it proves nothing about an Origin.
    domain, _port = split_domain_port(candidate.split("://", 1)[1])
    patterns = [pattern for pattern in settings.ALLOWED_HOSTS if pattern != "*"]
    return bool(domain) and validate_host(domain, patterns)


def origin(request: HttpRequest, rules: Rules, form_slug: str) -> Verdict | None:
    claimed = request.headers.get("Origin", "").strip()
    if not claimed:
        referer = normalise_origin(request.headers.get("Referer", ""))
        claimed = referer or ""
    if not claimed:
        return _verdict("origin", REFUSE, 422, "origin_missing")
    if not is_own_origin(claimed, request, rules.origins):
        return _verdict("origin", REFUSE, 422, "origin_foreign")
    return None


# --- Layer 4: captcha ----------------------------------------------------------------------------


def _anonymising() -> bool:
    return bool(inbox_settings()["anonymise_ip"])


def captcha_check(request: HttpRequest, rules: Rules, form_slug: str) -> Verdict | None:
    config = captcha.site_config()
    if config is None:
        # The site's fault, not the visitor's: 503, so monitoring sees it (docs/inbox-antispam.md).
        return _verdict("captcha", REFUSE, 503, "captcha_unavailable")
    response = request.POST.get(config.provider.response_field, "")
    address = "" if _anonymising() else visitor_address(request, anonymise=False)
    outcome = captcha.verify(config, response, address)
    if outcome == captcha.PASSED:
        return None
    code = "captcha_unreachable" if outcome == captcha.UNREACHABLE else "captcha_failed"
    return _verdict("captcha", REFUSE, 422, code)


# --- Layer 5: rate limit -------------------------------------------------------------------------


@functools.lru_cache(maxsize=4)
def _rate_hmac(secret: str) -> hmac.HMAC:
    # salted_hmac's key, derived once per secret instead of on every post; copies of this HMAC
    # give the same digests salted_hmac("frontdesk.inbox.antispam.rate", ...) gives.
    return salted_hmac("frontdesk.inbox.antispam.rate", "", secret=secret, algorithm="sha256")


def _rate_key(address: str, form_slug: str, window: int) -> str:
    # Keyed by a keyed hash: the cache never holds a visitor's address.
    keyed = _rate_hmac(settings.SECRET_KEY).copy()
    keyed.update(f"{address}|{form_slug}".encode())
    return f"frontdesk:inbox:rate:{keyed.hexdigest()[:40]}:{window}"


def rate_limit(request: HttpRequest, rules: Rules, form_slug: str) -> Verdict | None:
    now = time.time()
    window = int(now // WINDOW_SECONDS)
    retry_after = WINDOW_SECONDS - int(now % WINDOW_SECONDS)  # 1..60: seconds until the window ends
    key = _rate_key(visitor_address(request, anonymise=False), form_slug, window)
    try:
        count = increment(key, retry_after + 1)
    except Exception:
        # A cache outage lets posts through (the other layers still run) rather than closing
        # every form of the site; docs/inbox-antispam.md.
        logger.exception("Inbox rate limit skipped: the cache did not answer")
        return None
    if count > rules.throttle:
        return replace(
            _verdict("rate_limit", THROTTLE, 429, "throttled", retry_after=retry_after), over_limit=True
        )
    return None


# --- The order -----------------------------------------------------------------------------------

Layer = Callable[[HttpRequest, Rules, str], Verdict | None]

# The spec's order. The rate limit is judged last but counts first: every post to the form uses
# up the rate, refused and dropped ones too, so a flood of refused posts is known as one
# (docs/inbox-antispam.md, "Order").
LAYERS: tuple[tuple[str, Layer], ...] = (
    ("honeypot", honeypot),
    ("timestamp", timestamp),
    ("origin", origin),
    ("captcha", captcha_check),
    ("rate_limit", rate_limit),
)


def check(
    request: HttpRequest, *, form_slug: str, overrides: dict | None = None, captcha_requested: bool = False
) -> Verdict | None:
    """Run the layers in order; the first objection is the answer, None lets the post in."""
    try:
        cleaned = validate_overrides(overrides)
    except ValidationError:
        # Stored options are validated on save; should one slip through, the site's rules apply.
        logger.warning("Ignoring invalid antispam overrides of form %r", form_slug)
        cleaned = {}
    rules = rules_for(cleaned, captcha_requested=captcha_requested)
    throttled = rate_limit(request, rules, form_slug) if "rate_limit" in rules.layers else None
    for name, layer in LAYERS:
        if name == "rate_limit":
            return throttled
        if name in rules.layers and (verdict := layer(request, rules, form_slug)):
            return replace(verdict, over_limit=throttled is not None)
    return None


# --- Per-form overrides --------------------------------------------------------------------------


def validate_overrides(value: object) -> dict:
    """Clean a form's antispam overrides; ValidationError keyed `options.antispam.<key>`.

    Keys: honeypot, timestamp, origin, rate_limit (true/false, false switches the layer off for
    the form), min_seconds (0-3600), throttle (1-1000 per minute), origins (extra origins).
    """
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValidationError({"options.antispam": [_("Give the antispam settings as an object.")]})
    cleaned: dict = {}
    errors: dict[str, list] = {}
    known = (*SWITCHES, *NUMBERS, "origins")
    for key, item in value.items():
        field = f"options.antispam.{key}"
        if key in SWITCHES:
            if type(item) is not bool:
                errors[field] = [_("Give true or false.")]
            else:
                cleaned[key] = item
        elif key in NUMBERS:
            low, high = NUMBERS[key]
            if type(item) is not int or not low <= item <= high:
                errors[field] = [
                    ValidationError(
                        _("Give a whole number from %(low)s to %(high)s."),
                        params={"low": low, "high": high},
                    )
                ]
            else:
                cleaned[key] = item
        elif key == "origins":
            try:
                cleaned[key] = _clean_origins(item)
            except ValidationError as error:
                errors[field] = error.error_list
        else:
            errors[field] = [
                ValidationError(
                    _("Unknown antispam setting. Known settings: %(known)s."),
                    params={"known": ", ".join(known)},
                )
            ]
    if errors:
        raise ValidationError(errors)
    return cleaned


def _clean_origins(value: object) -> list[str]:
    if not isinstance(value, list | tuple) or len(value) > MAX_EXTRA_ORIGINS:
        raise ValidationError(
            _("Give a list of at most %(limit)s origins, such as https://example.com."),
            params={"limit": MAX_EXTRA_ORIGINS},
        )
    cleaned: list[str] = []
    for item in value:
        normal = normalise_origin(item) if isinstance(item, str) else None
        parts = urlsplit(item.strip() if normal else "")  # read only when `normal`
        if not normal or parts.path not in ("", "/") or parts.query or parts.fragment or "@" in parts.netloc:
            raise ValidationError(
                _("“%(value)s” is not an origin: give a scheme and a host, such as https://example.com."),
                params={"value": str(item)[:100]},
            )
        if normal not in cleaned:
            cleaned.append(normal)
    return cleaned


# --- Site settings, for the start-up check ----------------------------------------------------------


def settings_problems() -> list[str]:
    """What is wrong with FRONTDESK["inbox"]["antispam"] and ["captcha"], one line each (English:
    these are for the operator's console, through a system check)."""
    site, problems = site_settings(), []
    names = (site["honeypot"], site["timestamp"])
    if not all(isinstance(name, str) and name for name in names) or names[0] == names[1]:
        problems.append("antispam honeypot and timestamp must be two different, non-empty input names.")
    for key, low in (("min_seconds", 0), ("max_age_seconds", 1), ("throttle", 1)):
        if type(site[key]) is not int or site[key] < low:
            problems.append(f"antispam {key} must be a whole number of at least {low}.")
    bad = [
        str(value) for value in site["origins"] if not isinstance(value, str) or not normalise_origin(value)
    ]
    if bad:
        problems.append(f"antispam origins holds values that are not origins: {', '.join(bad)}.")
    raw = inbox_settings()["captcha"]
    name = str(raw.get("provider") or "").strip().lower()
    if name and name not in captcha.PROVIDERS:
        problems.append(f"captcha provider {name!r} is unknown; use one of {', '.join(captcha.PROVIDERS)}.")
    elif name and captcha.environment_config() is None:
        problems.append(
            "captcha provider is set without its site_key and secret; captcha forms refuse posts"
            " unless the Integrations settings give them."
        )
    return problems
