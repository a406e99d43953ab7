"""The public door's antispam layers (frontdesk.inbox.antispam), without the inbox models.

Requests come from Django's RequestFactory; the clock is moved with time_machine; the captcha
provider is a real HTTP server on 127.0.0.1 playing the provider's verify endpoint.
"""

from __future__ import annotations

import copy
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
import time_machine
from cryptography.fernet import Fernet
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.test import RequestFactory, override_settings
from django.utils.functional import Promise

from frontdesk.inbox import antispam, captcha
from frontdesk.inbox.antispam import Verdict, check, issue_timestamp, validate_overrides, visitor_address
from frontdesk.inbox.conf import inbox_settings

SLUG = "contact"
OWN = "http://testserver"
ADDRESS = "203.0.113.7"
# 12:00:45 UTC: fifteen seconds before a rate-limit window ends.
MOMENT = datetime(2030, 5, 17, 12, 0, 45, tzinfo=UTC)
factory = RequestFactory()


@pytest.fixture(autouse=True)
def site(settings, db):
    """Pinned site settings (the environment may change the defaults), no captcha, empty cache;
    the database for the Integrations settings group, which the captcha layer reads first."""
    frontdesk = copy.deepcopy(settings.FRONTDESK)
    inbox = frontdesk.setdefault("inbox", {})
    inbox["antispam"] = {
        "honeypot": "homepage",
        "timestamp": "site_ts",
        "min_seconds": 3,
        "max_age_seconds": 86400,
        "throttle": 5,
        "origins": [],
    }
    inbox["captcha"] = {"provider": "", "site_key": "", "secret": "", "verify_url": ""}
    inbox["anonymise_ip"] = False
    settings.FRONTDESK = frontdesk
    settings.ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
    settings.BASE_URL = "http://127.0.0.1:8000"
    caches["default"].clear()
    yield inbox
    caches["default"].clear()


@pytest.fixture
def clock():
    with time_machine.travel(MOMENT, tick=False) as traveller:
        yield traveller


def token(slug: str = SLUG, age: float = 10) -> str:
    """A timestamp token issued `age` seconds before now."""
    with time_machine.travel(time.time() - age, tick=False):
        return issue_timestamp(slug)


def post(
    data: dict | None = None,
    *,
    slug: str = SLUG,
    age: float | None = 10,
    origin: str | None = OWN,
    referer: str | None = None,
    address: str = ADDRESS,
    host: str | None = None,
):
    """A post that passes every layer unless told otherwise (age=None: no timestamp input)."""
    body = {"fields[name]": "Ada", **({"site_ts": token(slug, age)} if age is not None else {})}
    body.update(data or {})
    headers = {}
    if origin is not None:
        headers["origin"] = origin
    if referer is not None:
        headers["referer"] = referer
    if host is not None:
        headers["host"] = host
    return factory.post(f"/site/forms/{slug}", body, headers=headers, REMOTE_ADDR=address)


def run(request, slug: str = SLUG, **options) -> Verdict | None:
    return check(request, form_slug=slug, **options)


# --- Honeypot ------------------------------------------------------------------------------------


def test_a_clean_post_passes_every_layer():
    assert run(post()) is None


def test_filled_honeypot_is_dropped_to_be_answered_as_success():
    verdict = run(post({"homepage": "http://spam.example"}))
    assert (verdict.layer, verdict.action, verdict.status, verdict.code) == (
        "honeypot",
        "drop",
        200,
        "dropped",
    )
    assert verdict.retry_after is None and verdict.headers == {}


def test_honeypot_holding_only_spaces_counts_as_filled():
    assert run(post({"homepage": "  "})).layer == "honeypot"


def test_empty_or_absent_honeypot_passes():
    assert run(post({"homepage": ""})) is None
    assert run(post()) is None


def test_honeypot_input_name_comes_from_the_site_settings(site):
    site["antispam"]["honeypot"] = "website"
    assert run(post({"homepage": "filled"})) is None
    assert run(post({"website": "filled"})).layer == "honeypot"


# --- Timestamp -----------------------------------------------------------------------------------


def test_timestamp_old_enough_passes(clock):
    assert run(post(age=3)) is None


def test_timestamp_younger_than_min_seconds_is_refused_as_too_fast(clock):
    verdict = run(post(age=2))
    assert (verdict.layer, verdict.action, verdict.status, verdict.code) == (
        "timestamp",
        "refuse",
        422,
        "too_fast",
    )
    assert isinstance(verdict.message, Promise)  # translated when the door renders it


def test_timestamp_is_judged_by_the_moving_clock(clock):
    request = post(age=0)
    assert run(request).code == "too_fast"
    clock.shift(3)
    assert run(request) is None


def test_missing_timestamp_is_refused():
    verdict = run(post(age=None))
    assert (verdict.layer, verdict.status, verdict.code) == ("timestamp", 422, "timestamp_invalid")


@pytest.mark.parametrize("bad", ["", "not a token", "gAAAAA", "ü" * 50, "x" * 5000])
def test_garbage_timestamp_is_refused(bad):
    assert run(post({"site_ts": bad}, age=None)).code == "timestamp_invalid"


def test_tampered_timestamp_is_refused():
    good = token()
    middle = len(good) // 2
    tampered = good[:middle] + ("A" if good[middle] != "A" else "B") + good[middle + 1 :]
    assert run(post({"site_ts": tampered}, age=None)).code == "timestamp_invalid"


def test_timestamp_of_another_form_does_not_fit():
    request = post({"site_ts": token("newsletter")}, age=None)
    assert run(request).code == "timestamp_invalid"
    assert run(request, slug="newsletter") is None


def test_timestamp_older_than_a_day_is_not_judged(clock):
    assert run(post(age=86400 + 1)) is None
    assert run(post(age=30 * 86400)) is None


def test_old_timestamp_of_another_form_is_still_refused(clock):
    assert run(post({"site_ts": token("newsletter", age=2 * 86400)}, age=None)).code == "timestamp_invalid"


def test_timestamp_token_hides_the_form_and_the_time(clock):
    value = issue_timestamp("contact")
    assert "contact" not in value
    assert issue_timestamp("contact") != value  # a fresh IV every time


def test_a_token_says_the_second_it_was_issued_and_for_which_form_only():
    with time_machine.travel(datetime(2026, 3, 1, 12, 0, 7, tzinfo=UTC), tick=False):
        value = issue_timestamp("contact")
    assert antispam.read_timestamp(value, "contact") == int(
        datetime(2026, 3, 1, 12, 0, 7, tzinfo=UTC).timestamp()
    )
    assert antispam.read_timestamp(value, "newsletter") is None


def test_timestamp_made_with_another_secret_key_is_refused(settings):
    made_elsewhere = Fernet(Fernet.generate_key()).encrypt(b"v1|contact").decode()
    assert run(post({"site_ts": made_elsewhere}, age=None)).code == "timestamp_invalid"
    old = token()
    settings.SECRET_KEY = "a-rotated-secret-key-" + "x" * 40
    assert run(post({"site_ts": old}, age=None)).code == "timestamp_invalid"


def test_timestamp_survives_a_key_rotation_through_the_fallbacks(settings):
    old_key = settings.SECRET_KEY
    old = token()
    settings.SECRET_KEY = "a-rotated-secret-key-" + "x" * 40
    settings.SECRET_KEY_FALLBACKS = [old_key]
    assert run(post({"site_ts": old}, age=None)) is None


def test_timestamp_from_the_far_future_is_refused(clock):
    assert run(post(age=-10)).code == "too_fast"  # within clock skew: merely young
    assert run(post(age=-3600)).code == "timestamp_invalid"


# --- Origin / Referer ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "origin",
    [
        "http://testserver",  # the request's own host
        "https://testserver",
        "http://localhost:8000",  # a host of ALLOWED_HOSTS, on any port
        "https://LOCALHOST",
        "http://[::1]:8000",
        "http://127.0.0.1:8000",  # BASE_URL
    ],
)
def test_origin_of_the_site_passes(origin):
    assert run(post(origin=origin)) is None


@pytest.mark.parametrize(
    "origin",
    ["https://evil.example", "null", "file://", "ftp://testserver", "http://testserver.evil.example"],
)
def test_foreign_origin_is_refused(origin):
    verdict = run(post(origin=origin))
    assert (verdict.layer, verdict.status, verdict.code) == ("origin", 422, "origin_foreign")


def test_referer_stands_in_when_origin_is_absent():
    assert run(post(origin=None, referer="http://testserver/contact/?from=menu")) is None
    assert run(post(origin=None, referer="https://evil.example/testserver")).code == "origin_foreign"


def test_origin_is_preferred_over_referer():
    assert run(post(origin="https://evil.example", referer="http://testserver/")).code == "origin_foreign"


def test_neither_origin_nor_referer_is_refused():
    verdict = run(post(origin=None))
    assert (verdict.layer, verdict.status, verdict.code) == ("origin", 422, "origin_missing")
    assert run(post(origin=None, referer="not a url")).code == "origin_missing"


def test_base_url_counts_as_own_origin(settings):
    settings.BASE_URL = "https://cms.example.org"
    assert run(post(origin="https://cms.example.org")) is None
    assert run(post(origin="http://cms.example.org")).code == "origin_foreign"


def test_site_origins_setting_adds_origins(site):
    site["antispam"]["origins"] = ["https://partner.example"]
    assert run(post(origin="https://partner.example")) is None
    assert run(post(origin="https://partner.example:8443")).code == "origin_foreign"


def test_allowed_hosts_pattern_admits_subdomains(settings):
    settings.ALLOWED_HOSTS = [".example.com", "testserver"]
    assert run(post(origin="https://shop.example.com")) is None
    assert run(post(origin="https://example.com")) is None
    assert run(post(origin="https://example.com.evil.example")).code == "origin_foreign"


def test_wildcard_allowed_hosts_admits_only_the_requests_own_host(settings):
    settings.ALLOWED_HOSTS = ["*"]
    assert run(post(origin="https://www.site.test", host="www.site.test")) is None
    assert run(post(origin="https://evil.example", host="www.site.test")).code == "origin_foreign"


# --- Captcha against a local fake provider -------------------------------------------------------


@pytest.fixture
def provider(site, fake_provider):
    site["captcha"].update(
        provider="turnstile", site_key="site-key", secret="secret-key", verify_url=fake_provider.url
    )
    return fake_provider


def captcha_post(field: str = "cf-turnstile-response", value: str = "widget-answer", **options):
    return post({field: value}, **options)


def test_captcha_is_not_asked_unless_the_form_requests_it(provider):
    provider.mode = "failure"
    assert run(captcha_post()) is None
    assert provider.posts == []


def test_captcha_passed_by_the_provider_passes(provider):
    assert run(captcha_post(), captcha_requested=True) is None
    assert provider.posts == [{"secret": "secret-key", "response": "widget-answer", "remoteip": ADDRESS}]


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("turnstile", "cf-turnstile-response"),
        ("hcaptcha", "h-captcha-response"),
        ("recaptcha", "g-recaptcha-response"),
    ],
)
def test_each_provider_reads_its_own_response_input(provider, site, name, field):
    site["captcha"]["provider"] = name
    assert run(captcha_post(field), captcha_requested=True) is None
    assert provider.posts[-1]["response"] == "widget-answer"
    assert ("sitekey" in provider.posts[-1]) == (name == "hcaptcha")
    other = "h-captcha-response" if name != "hcaptcha" else "cf-turnstile-response"
    assert run(captcha_post(other), captcha_requested=True).code == "captcha_failed"


def test_captcha_refused_by_the_provider_is_refused(provider):
    provider.mode = "failure"
    verdict = run(captcha_post(), captcha_requested=True)
    assert (verdict.layer, verdict.action, verdict.status, verdict.code) == (
        "captcha",
        "refuse",
        422,
        "captcha_failed",
    )


def test_missing_captcha_response_is_refused_without_asking_the_provider(provider):
    assert run(post(), captcha_requested=True).code == "captcha_failed"
    assert run(captcha_post(value=""), captcha_requested=True).code == "captcha_failed"
    assert provider.posts == []


@pytest.mark.parametrize("mode", ["error", "html"])
def test_provider_error_fails_closed(provider, mode):
    provider.mode = mode
    verdict = run(captcha_post(), captcha_requested=True)
    assert (verdict.layer, verdict.status, verdict.code) == ("captcha", 422, "captcha_unreachable")


def test_provider_timeout_fails_closed(provider, monkeypatch):
    monkeypatch.setattr(captcha, "VERIFY_TIMEOUT", 0.3)
    provider.mode = "slow"
    started = time.monotonic()
    verdict = run(captcha_post(), captcha_requested=True)
    assert verdict.code == "captcha_unreachable"
    assert time.monotonic() - started < 3


def test_unreachable_provider_fails_closed(provider, site):
    site["captcha"]["verify_url"] = "http://127.0.0.1:9/siteverify"  # discard port: nothing listens
    assert run(captcha_post(), captcha_requested=True).code == "captcha_unreachable"


def test_anonymising_site_does_not_send_the_address_to_the_provider(provider, site):
    site["anonymise_ip"] = True
    assert run(captcha_post(), captcha_requested=True) is None
    assert "remoteip" not in provider.posts[-1]


@pytest.mark.parametrize(
    "missing",
    [{"provider": ""}, {"site_key": ""}, {"secret": ""}, {"provider": "unknown-captcha"}],
    ids=["no provider", "no site key", "no secret", "unknown provider"],
)
def test_form_asking_for_a_captcha_on_a_site_without_keys_is_refused_with_the_reason(provider, site, missing):
    site["captcha"].update(missing)
    verdict = run(captcha_post(), captcha_requested=True)
    assert (verdict.layer, verdict.action, verdict.status, verdict.code) == (
        "captcha",
        "refuse",
        503,
        "captcha_unavailable",
    )
    assert "captcha" in str(verdict.message)
    assert provider.posts == []
    assert run(captcha_post()) is None  # forms that do not ask are unaffected


@pytest.mark.parametrize(
    ("name", "url"),
    [
        ("turnstile", "https://challenges.cloudflare.com/turnstile/v0/siteverify"),
        ("hcaptcha", "https://api.hcaptcha.com/siteverify"),
        ("recaptcha", "https://www.google.com/recaptcha/api/siteverify"),
    ],
)
def test_empty_verify_url_means_the_providers_own_endpoint(site, name, url):
    site["captcha"].update(provider=name, site_key="k", secret="s", verify_url="")
    assert captcha.site_config().verify_url == url


# --- Rate limit ----------------------------------------------------------------------------------


def test_rate_limit_throttles_past_the_limit_with_retry_after(clock):
    assert [run(post()) for _ in range(5)] == [None] * 5
    verdict = run(post())
    assert (verdict.layer, verdict.action, verdict.status, verdict.code) == (
        "rate_limit",
        "throttle",
        429,
        "throttled",
    )
    assert verdict.retry_after == 15  # 12:00:45 → the window ends at 12:01:00
    assert verdict.headers == {"Retry-After": "15"}


def test_rate_limit_window_ends_on_the_minute(clock):
    for _ in range(5):
        run(post())
    clock.shift(14)
    assert run(post()).retry_after == 1
    clock.shift(1)
    assert run(post()) is None


def test_rate_limit_counts_per_form_and_per_full_address(clock, site):
    site["anonymise_ip"] = True  # the limit still uses the full address
    for _ in range(5):
        run(post())
    assert run(post()).layer == "rate_limit"
    assert run(post(slug="newsletter"), slug="newsletter") is None
    assert run(post(address="203.0.113.8")) is None


def test_rate_limit_keeps_no_address_in_the_cache(clock):
    run(post())
    keys = list(caches["default"]._cache)  # LocMemCache's own store
    assert keys and not any(ADDRESS in key for key in keys)


@pytest.mark.parametrize(
    "spam",
    [{"origin": "https://evil.example"}, {"age": None}, {"data": {"homepage": "x"}}],
    ids=["foreign-origin", "no-timestamp", "filled-honeypot"],
)
def test_refused_and_dropped_posts_use_up_the_rate(clock, spam):
    for _ in range(5):
        assert run(post(**spam)).layer != "rate_limit"
    assert run(post()).layer == "rate_limit"


def test_a_flood_of_refused_posts_is_known_as_over_the_limit_and_the_next_good_post_meets_the_429(clock):
    verdicts = [run(post(origin="https://evil.example")) for _ in range(7)]
    assert [verdict.status for verdict in verdicts] == [422] * 7
    assert [verdict.over_limit for verdict in verdicts] == [False] * 5 + [True] * 2
    throttled = run(post())
    assert (throttled.status, throttled.over_limit) == (429, True)


def hammer(count: int, throttle: int) -> list[Verdict | None]:
    """`count` posts from one address at once, from as many threads."""
    slug = f"form-{uuid.uuid4().hex[:8]}"
    requests = [post(slug=slug) for _ in range(count)]
    start = threading.Barrier(count)

    def send(request):
        start.wait()
        return run(request, slug=slug, overrides={"throttle": throttle})

    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(send, requests))


def test_concurrent_posts_are_counted_exactly(clock):
    verdicts = hammer(40, throttle=25)
    assert verdicts.count(None) == 25
    assert [v.code for v in verdicts if v] == ["throttled"] * 15


REDIS_URL = "redis://127.0.0.1:6379/15"


def _redis_unreachable() -> str:
    try:
        import redis
    except ImportError:
        return "the redis package is not installed (pip install frontdesk[redis])"
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5).ping()
    except Exception as error:
        return f"{type(error).__name__}: {error}"
    return ""


def test_rate_limit_is_shared_through_redis(clock):
    if reason := _redis_unreachable():
        pytest.skip(
            f"Redis at {REDIS_URL} is not reachable, so the shared rate limit is not tested: {reason}"
        )
    redis_cache = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
    with override_settings(CACHES=redis_cache):
        assert type(caches["default"]).__name__ == "RedisCache"
        verdicts = hammer(30, throttle=12)
        assert verdicts.count(None) == 12
        assert all(v.retry_after == 15 for v in verdicts if v)


def test_cache_outage_lets_the_post_through(clock, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(caches["default"], "add", broken)
    for _ in range(10):
        assert run(post()) is None


# --- The order -----------------------------------------------------------------------------------


def test_order_filled_honeypot_and_too_fast_is_dropped(clock):
    assert run(post({"homepage": "x"}, age=0)).layer == "honeypot"


def test_order_too_fast_and_foreign_origin_is_a_timestamp_refusal(clock):
    assert run(post(age=0, origin="https://evil.example")).code == "too_fast"


def test_order_foreign_origin_and_over_the_rate_is_an_origin_refusal_marked_over_the_limit(clock):
    for _ in range(5):
        run(post())
    assert run(post()).layer == "rate_limit"
    refused = run(post(origin="https://evil.example"))
    assert (refused.layer, refused.over_limit) == ("origin", True)


def test_order_foreign_origin_before_a_missing_captcha_setup(clock, site):
    assert run(post(origin="https://evil.example"), captcha_requested=True).layer == "origin"
    assert run(post(), captcha_requested=True).code == "captcha_unavailable"


def test_order_failed_captcha_and_over_the_rate_is_a_captcha_refusal(clock, provider):
    for _ in range(5):
        assert run(captcha_post(), captcha_requested=True) is None
    provider.mode = "failure"
    assert run(captcha_post(), captcha_requested=True).layer == "captcha"


def test_layers_run_in_the_spec_order():
    assert [name for name, _layer in antispam.LAYERS] == [
        "honeypot",
        "timestamp",
        "origin",
        "captcha",
        "rate_limit",
    ]


# --- Per-form overrides --------------------------------------------------------------------------


def test_override_lowers_min_seconds(clock):
    assert run(post(age=0), overrides={"min_seconds": 0}) is None


def test_override_raises_min_seconds(clock):
    assert run(post(age=10), overrides={"min_seconds": 30}).code == "too_fast"


def test_override_raises_the_throttle(clock):
    verdicts = [run(post(), overrides={"throttle": 8}) for _ in range(9)]
    assert verdicts[:8] == [None] * 8 and verdicts[8].layer == "rate_limit"


def test_override_lowers_the_throttle(clock):
    assert run(post(), overrides={"throttle": 1}) is None
    assert run(post(), overrides={"throttle": 1}).layer == "rate_limit"


def test_override_adds_origins_for_that_form_only():
    request = post(origin="https://partner.example")
    assert run(request, overrides={"origins": ["https://partner.example"]}) is None
    assert run(request).code == "origin_foreign"


@pytest.mark.parametrize(
    ("switch", "request_kwargs"),
    [
        ("honeypot", {"data": {"homepage": "filled"}}),
        ("timestamp", {"age": None}),
        ("origin", {"origin": None}),
    ],
)
def test_override_switches_a_layer_off(switch, request_kwargs):
    request = post(**request_kwargs)
    assert run(request).layer == switch
    assert run(request, overrides={switch: False}) is None
    assert run(request, overrides={switch: True}).layer == switch


def test_override_switches_the_rate_limit_off(clock):
    assert all(run(post(), overrides={"rate_limit": False}) is None for _ in range(20))


def test_invalid_stored_overrides_fall_back_to_the_site_rules(clock):
    assert run(post(age=0), overrides={"min_seconds": "none", "surprise": 1}).code == "too_fast"


# --- validate_overrides ----------------------------------------------------------------------------


def errors_of(value) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        validate_overrides(value)
    return caught.value.message_dict


def test_validate_overrides_accepts_and_normalises():
    cleaned = validate_overrides(
        {
            "honeypot": False,
            "rate_limit": True,
            "min_seconds": 0,
            "throttle": 1000,
            "origins": [
                "HTTPS://Partner.Example:443/",
                "http://partner.example:8080",
                "https://partner.example",
            ],
        }
    )
    assert cleaned == {
        "honeypot": False,
        "rate_limit": True,
        "min_seconds": 0,
        "throttle": 1000,
        "origins": ["https://partner.example", "http://partner.example:8080"],
    }
    assert validate_overrides({}) == {} and validate_overrides(None) == {}


def test_validate_overrides_names_an_unknown_key():
    errors = errors_of({"captcha": True})
    assert list(errors) == ["options.antispam.captcha"]
    assert "min_seconds" in errors["options.antispam.captcha"][0]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("honeypot", "false"),
        ("origin", 0),
        ("min_seconds", -1),
        ("min_seconds", 3601),
        ("min_seconds", "5"),
        ("min_seconds", 2.5),
        ("throttle", 0),
        ("throttle", True),
        ("throttle", 1001),
        ("origins", "https://partner.example"),
        ("origins", ["https://partner.example/contact"]),
        ("origins", ["partner.example"]),
        ("origins", ["ftp://partner.example"]),
        ("origins", ["https://user@partner.example"]),
        ("origins", ["https://partner.example?x=1"]),
        ("origins", [42]),
        ("origins", [f"https://p{n}.example" for n in range(21)]),
    ],
)
def test_validate_overrides_refuses_bad_values(key, value):
    errors = errors_of({key: value})
    assert list(errors) == [f"options.antispam.{key}"]
    assert errors[f"options.antispam.{key}"][0]


def test_validate_overrides_reports_every_bad_key_at_once():
    errors = errors_of({"min_seconds": -5, "throttle": "many", "colour": "red"})
    assert set(errors) == {
        "options.antispam.min_seconds",
        "options.antispam.throttle",
        "options.antispam.colour",
    }
    assert errors["options.antispam.min_seconds"] == ["Give a whole number from 0 to 3600."]


def test_validate_overrides_refuses_a_non_object():
    assert list(errors_of(["min_seconds"])) == ["options.antispam"]


# --- Site settings check ------------------------------------------------------------------------------


def test_pinned_site_settings_have_no_problems():
    assert antispam.settings_problems() == []


def test_settings_problems_name_each_bad_value(site, settings):
    def configure(**captcha) -> None:
        bad = {"honeypot": "site_ts", "min_seconds": -1, "throttle": "5", "origins": ["example.com"]}
        inbox = {**inbox_settings(), "antispam": {**site["antispam"], **bad}, "captcha": captcha}
        settings.FRONTDESK = {**settings.FRONTDESK, "inbox": inbox}

    configure(provider="recaptha")
    problems = antispam.settings_problems()
    assert len(problems) == 5
    assert any("recaptha" in line for line in problems)
    configure(provider="hcaptcha")
    assert any("site_key and secret" in line for line in antispam.settings_problems())


# --- The visitor's address -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("remote", "full", "anonymised"),
    [
        ("203.0.113.77", "203.0.113.77", "203.0.113.0"),
        (
            "2001:db8:1234:5678:9abc:def0:1234:5678",
            "2001:db8:1234:5678:9abc:def0:1234:5678",
            "2001:db8:1234::",
        ),
        ("2001:DB8::1", "2001:db8::1", "2001:db8::"),
        ("::ffff:203.0.113.77", "203.0.113.77", "203.0.113.0"),
        ("fe80::1%eth0", "fe80::1", "fe80::"),
        ("", "", ""),
        ("unix:/run/socket", "", ""),
    ],
)
def test_visitor_address(remote, full, anonymised):
    request = factory.post("/", REMOTE_ADDR=remote)
    assert visitor_address(request, anonymise=False) == full
    assert visitor_address(request, anonymise=True) == anonymised


@pytest.mark.django_db
def test_a_bad_antispam_setting_stops_the_system_check(settings):
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    settings.FRONTDESK = {
        **settings.FRONTDESK,
        "inbox": {
            **inbox_settings(),
            "captcha": {"provider": "nocaptcha", "site_key": "", "secret": "", "verify_url": ""},
        },
    }
    with pytest.raises(SystemCheckError, match=r"frontdesk\.E101"):
        call_command("check")
