"""The captcha providers the inbox can ask: Turnstile, hCaptcha and reCAPTCHA.

`site_config()` says whether the site can run a captcha at all, from the Integrations settings
group first and the environment after it; `verify()` asks the provider's
verify endpoint about one response and answers PASSED, FAILED or UNREACHABLE. The antispam layer
(antispam.py) turns that into a verdict; the embed tag reads `site_config()` for the widget.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

import httpx

from frontdesk.inbox.conf import inbox_settings
from frontdesk.sitesettings.groups import INTEGRATIONS, captcha_secret, captcha_site_key
from frontdesk.sitesettings.reading import stored_values

logger = logging.getLogger(__name__)

PASSED = "passed"
FAILED = "failed"
UNREACHABLE = "unreachable"

# Short enough that a provider outage does not hold a worker thread for long; the layer then
# refuses the post (a captcha fails closed, docs/inbox-antispam.md).
VERIFY_TIMEOUT = 5.0

# Longer than any provider's token (Turnstile documents 2048 characters); longer ones are
# refused without asking.
MAX_RESPONSE_LENGTH = 8192


@dataclass(frozen=True)
class Provider:
    name: str
    response_field: str  # the input the provider's widget fills in the visitor's form
    verify_url: str  # the provider's own documented verify endpoint
    script_url: str  # the widget script the embed tag links
    widget_class: str  # the class of the element the widget script renders into
    send_site_key: bool = False  # hCaptcha checks the site key with the response when given
    # What the widget loads, as the provider's own documentation lists it: the page that prints
    # the widget adds these to its Content-Security-Policy (core/csp.py), no other page does.
    csp: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)


PROVIDERS = {
    provider.name: provider
    for provider in (
        Provider(
            "turnstile",
            "cf-turnstile-response",
            "https://challenges.cloudflare.com/turnstile/v0/siteverify",
            "https://challenges.cloudflare.com/turnstile/v0/api.js",
            "cf-turnstile",
            csp={
                "script-src": ("https://challenges.cloudflare.com",),
                "frame-src": ("https://challenges.cloudflare.com",),
            },
        ),
        Provider(
            "hcaptcha",
            "h-captcha-response",
            "https://api.hcaptcha.com/siteverify",
            "https://js.hcaptcha.com/1/api.js",
            "h-captcha",
            send_site_key=True,
            # hCaptcha asks not to name single subdomains: the ones it uses vary.
            csp={
                directive: ("https://hcaptcha.com", "https://*.hcaptcha.com")
                for directive in ("script-src", "frame-src", "style-src", "connect-src")
            },
        ),
        Provider(
            "recaptcha",
            "g-recaptcha-response",
            "https://www.google.com/recaptcha/api/siteverify",
            "https://www.google.com/recaptcha/api.js",
            "g-recaptcha",
            csp={
                "script-src": ("https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"),
                "frame-src": ("https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"),
            },
        ),
    )
}


@dataclass(frozen=True)
class CaptchaConfig:
    provider: Provider
    site_key: str
    secret: str = field(repr=False)  # never in a traceback or a log line
    verify_url: str = ""


def environment_config() -> CaptchaConfig | None:
    """The captcha the server's environment gives (FRONTDESK_CAPTCHA_*), or None when a provider,
    its site key or its secret is missing there."""
    raw = _environment()
    provider = PROVIDERS.get(str(raw.get("provider") or "").strip().lower())
    site_key = str(raw.get("site_key") or "").strip()
    secret = str(raw.get("secret") or "").strip()
    if provider is None or not site_key or not secret:
        return None
    return CaptchaConfig(provider, site_key, secret, _verify_url(provider))


def site_config() -> CaptchaConfig | None:
    """The site's captcha, or None when it has none: the Integrations settings group's pair when
    it holds a site key and a secret for its provider (the group's choice, else the environment's),
    otherwise the environment's (docs/host.md, "Settings groups"). The group is read from the
    cache, so a post costs no query for it."""
    stored = stored_values(INTEGRATIONS)
    chosen = stored.values["captcha_provider"] or str(_environment().get("provider") or "").strip().lower()
    provider = PROVIDERS.get(chosen)
    if provider is not None:
        site_key = stored.values.get(captcha_site_key(provider.name), "")
        secret = stored.secret(captcha_secret(provider.name))
        if site_key and secret:
            return CaptchaConfig(provider, site_key, secret, _verify_url(provider))
    return environment_config()


def _environment() -> dict:
    return inbox_settings()["captcha"]


def _verify_url(provider: Provider) -> str:
    # The environment's address (a test's fake provider) serves whichever pair is in use.
    return str(_environment().get("verify_url") or "").strip() or provider.verify_url


def verify(config: CaptchaConfig, response: str, remote_ip: str = "") -> str:
    """Ask the provider about one widget response: PASSED, FAILED or UNREACHABLE.

    An empty or overlong response is FAILED without a request. `remote_ip` is sent only when
    given (the antispam layer leaves it out when the site anonymises addresses).
    """
    if not response or len(response) > MAX_RESPONSE_LENGTH:
        return FAILED
    data = {"secret": config.secret, "response": response}
    if remote_ip:
        data["remoteip"] = remote_ip
    if config.provider.send_site_key:
        data["sitekey"] = config.site_key
    try:
        answer = httpx.post(config.verify_url, data=data, timeout=VERIFY_TIMEOUT)
        answer.raise_for_status()
        body = answer.json()
    except (httpx.HTTPError, ValueError) as error:
        # Never log `data`: it holds the secret.
        logger.warning("Captcha verify endpoint %s failed: %s", config.verify_url, type(error).__name__)
        return UNREACHABLE
    if isinstance(body, dict) and body.get("success") is True:
        return PASSED
    return FAILED
