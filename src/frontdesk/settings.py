"""Settings for frontdesk: every knob comes from the environment, with embedded defaults.

The table of variables lives in docs/configuration.md; keep the two together.
A wrong value raises ImproperlyConfigured with one line that names the variable;
`frontdesk` prints that line and exits instead of showing a traceback.
"""

from __future__ import annotations

import importlib.util
import ipaddress
import json
import os
import secrets
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import dj_database_url
from django.conf.locale import LANG_INFO
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

PACKAGE_DIR = Path(__file__).resolve().parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    raw = env(name)
    if not raw:
        return default
    if raw.lower() in {"1", "true", "yes", "on"}:
        return True
    if raw.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use true or false).")


def env_int(name: str, default: int) -> int:
    raw = env(name)
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


def given(**values):
    """The keys whose value the environment set (None: not set), leaving the rest to the app's
    own defaults (an app's conf.py); a section with nothing set is left out whole."""
    return {key: value for key, value in values.items() if value is not None and value != {}}


def set_bool(name: str) -> bool | None:
    """The environment's boolean, or None when it does not set one."""
    return env_bool(name) if env(name) else None


def set_int(name: str) -> int | None:
    """The environment's whole number, or None when it does not set one."""
    return env_int(name, 0) if env(name) else None


def megabytes(count: int | None) -> int | None:
    return None if count is None else count * 1024 * 1024


def env_json_object(name: str) -> dict:
    raw = env(name, "{}") or "{}"
    try:
        value = json.loads(raw)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} is not JSON: {error}.") from None
    if not isinstance(value, dict):
        raise ImproperlyConfigured(f"{name} must be a JSON object.")
    return value


# --- The var/ folder: database, secret key, uploaded files -----------------------------------

VAR_DIR = Path(env("FRONTDESK_VAR_DIR", str(Path.cwd() / "var"))).resolve()


def _source_tree() -> list[Path]:
    """Folders that ship with the code: the package, and the `src/` folder of a checkout."""
    folders = [PACKAGE_DIR]
    if PACKAGE_DIR.parent.name == "src" and (PACKAGE_DIR.parent.parent / "pyproject.toml").exists():
        folders.append(PACKAGE_DIR.parent)
    return folders


def _refuse_key_file_in_source_tree(key_file: Path) -> None:
    # A key file beside the code ends up in git or in a built package, where anyone can read
    # it; a command run with its working folder inside the package once made one there.
    for folder in _source_tree():
        if key_file.is_relative_to(folder):
            raise ImproperlyConfigured(
                f"the secret key file {key_file} would be inside the source tree ({folder}); "
                "set FRONTDESK_VAR_DIR to a folder outside it, or set FRONTDESK_SECRET_KEY."
            )


def _prepare_var_dir(path: Path) -> None:
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path, prefix=".write-probe-"):
            pass
    except OSError as error:
        raise ImproperlyConfigured(
            f"FRONTDESK_VAR_DIR {str(path)!r} is not writable ({error.strerror or error})."
        ) from None


_given_secret_key = env("FRONTDESK_SECRET_KEY") or env("SECRET_KEY")
if not _given_secret_key:
    # Before the var folder is made: a refused folder must not be left behind.
    _refuse_key_file_in_source_tree(VAR_DIR / "secret_key")
_prepare_var_dir(VAR_DIR)


def _secret_key() -> str:
    """The key from the environment, else the one generated once into this machine's var folder."""
    if _given_secret_key:
        return _given_secret_key
    key_file = VAR_DIR / "secret_key"
    try:
        # Made with mode 600 from the start (never readable by others, not even for a moment);
        # O_EXCL lets the first of several starting processes write it and the others read it.
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(50))
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = env_bool("FRONTDESK_DEBUG")
ALLOWED_HOSTS = env_list("FRONTDESK_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("FRONTDESK_CSRF_TRUSTED_ORIGINS", "")
# Left at its default, `frontdesk serve` replaces it with the address it listens on
# (core/serving.py); other commands (the worker's mail) keep the default. A public site sets it.
BASE_URL_DEFAULT = "http://127.0.0.1:8000"
BASE_URL = env("FRONTDESK_BASE_URL", BASE_URL_DEFAULT).rstrip("/")

# --- Applications --------------------------------------------------------------------------

# The optional apps a site may leave out (FRONTDESK_WITHOUT): each name -> the apps it removes.
# Pages and the FAQ stand on blocks (the FAQ reaches the site only through its block), so leaving
# out blocks leaves them out too. The host and the inbox import none of them (docs/host.md,
# "Optional apps").
OPTIONAL_APPS: dict[str, tuple[str, ...]] = {
    "blocks": ("frontdesk.blocks", "frontdesk.pages", "frontdesk.faq"),
    "pages": ("frontdesk.pages",),
    "services": ("frontdesk.services",),
    "faq": ("frontdesk.faq",),
    "events": ("frontdesk.events",),
}


def left_out_apps() -> set[str]:
    """The apps FRONTDESK_WITHOUT leaves out; an unknown name is refused."""
    names = env_list("FRONTDESK_WITHOUT", "")
    unknown = [name for name in names if name not in OPTIONAL_APPS]
    if unknown:
        raise ImproperlyConfigured(
            f"FRONTDESK_WITHOUT names an app that is not optional: {', '.join(unknown)}"
            f" (the optional apps are {', '.join(OPTIONAL_APPS)})."
        )
    return {app for name in names for app in OPTIONAL_APPS[name]}


INSTALLED_APPS = [
    "frontdesk.core",
    # The host's features, each an app (docs/architecture.md); publishing before categories and
    # the modules, whose screens are checked against its project field types when registered.
    "frontdesk.pictures",
    "frontdesk.richtext",
    "frontdesk.routes",
    "frontdesk.sitesettings",
    "frontdesk.publishing",
    "frontdesk.categories",
    "frontdesk.blocks",
    "frontdesk.pages",
    "frontdesk.inbox",
    "frontdesk.services",
    "frontdesk.faq",
    "frontdesk.events",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tasks_db",
]
_LEFT_OUT = left_out_apps()
INSTALLED_APPS = [app for app in INSTALLED_APPS if app not in _LEFT_OUT]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "frontdesk.core.csp.ContentSecurityPolicyMiddleware",
    # Cache-Control: private, no-store on the panel's and the API's answers.
    "frontdesk.core.middleware.PrivateAnswersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A 404 at an object's former address answers 301 (routes/serving.py).
    "frontdesk.routes.serving.AliasFallbackMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "frontdesk.core.acting.ActingTokenMiddleware",
    "frontdesk.core.middleware.PanelLanguageMiddleware",
    "frontdesk.core.middleware.NotFoundMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "frontdesk.urls"
WSGI_APPLICATION = "frontdesk.wsgi.application"
AUTH_USER_MODEL = "core.User"
LOGIN_URL = "panel:login"
LOGIN_REDIRECT_URL = "panel:home"
LOGOUT_REDIRECT_URL = "panel:login"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # The site's own templates folder, tried before every app's: a site overrides a view or
        # one of its parts by placing a file there (`frontdesk events-publish-views` fills it).
        "DIRS": [env("FRONTDESK_TEMPLATES")] if env("FRONTDESK_TEMPLATES") else [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "frontdesk.sitesettings.seo.context",
            ],
        },
    }
]

# --- Database ------------------------------------------------------------------------------

SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": (
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
        " PRAGMA foreign_keys=ON;"
    ),
}


def _database() -> Mapping[str, Any]:
    url = env("DATABASE_URL")
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": VAR_DIR / "frontdesk.sqlite3",
            "OPTIONS": dict(SQLITE_OPTIONS),
            # Kept open between requests: opening one runs the PRAGMAs above, a measurable
            # share of a small request (docs/performance.md).
            "CONN_MAX_AGE": env_int("FRONTDESK_CONN_MAX_AGE", 60),
            "CONN_HEALTH_CHECKS": True,
            # A file, not memory, so a live server's threads see the test's rows; one per
            # process, so test runs side by side never share one.
            "TEST": {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")},
        }
    try:
        config = dj_database_url.parse(url)
    except Exception as error:  # dj-database-url raises bare ValueError/KeyError subclasses
        raise ImproperlyConfigured(f"DATABASE_URL is not usable: {error}") from None
    engine = config.get("ENGINE", "")
    if engine.endswith("sqlite3"):
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = env_int("FRONTDESK_CONN_MAX_AGE", 60)
        config["CONN_HEALTH_CHECKS"] = True
    elif engine.endswith("postgresql"):
        # psycopg's pool keeps connections warm; CONN_MAX_AGE must stay 0 with it.
        config["OPTIONS"] = {"pool": {"min_size": 1, "max_size": 8}, **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = 0
    elif engine.endswith("mysql"):
        config["OPTIONS"] = {"charset": "utf8mb4", **config.get("OPTIONS", {})}
        config["CONN_MAX_AGE"] = env_int("FRONTDESK_CONN_MAX_AGE", 60)
        config["CONN_HEALTH_CHECKS"] = True
    else:
        raise ImproperlyConfigured(
            f"DATABASE_URL names an engine frontdesk does not support ({engine or url.split(':')[0]});"
            " use sqlite://, postgres:// or mysql://."
        )
    return config


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# "MariaDB does not support indexes with conditions": known and meant. The inbox's partial
# indexes (an assignee, an actor) only leave out rows that have none; MariaDB indexes the
# column whole through its foreign key instead (inbox migration 0010).
SILENCED_SYSTEM_CHECKS = ["models.W037"]

# --- Cache -----------------------------------------------------------------------------------


def _cache() -> dict:
    url = env("CACHE_URL")
    if not url or url.startswith("locmem"):
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if url.startswith(("redis://", "rediss://", "unix://")):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    raise ImproperlyConfigured(f"CACHE_URL={url!r} is not supported; use redis://host:port/db.")


CACHES = {"default": _cache()}

# --- Tasks (queued mail) -------------------------------------------------------------------

QUEUE = env("FRONTDESK_QUEUE", "immediate")
if QUEUE == "immediate":
    TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
elif QUEUE == "db":
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
else:
    raise ImproperlyConfigured(f"FRONTDESK_QUEUE={QUEUE!r} is unknown; use immediate or db.")

# --- Mail ------------------------------------------------------------------------------------

_smtp_host = env("EMAIL_HOST")
if env("EMAIL_BACKEND"):
    MAILER_BACKEND = env("EMAIL_BACKEND")
elif _smtp_host:
    MAILER_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
else:
    MAILER_BACKEND = "django.core.mail.backends.console.EmailBackend"

MAILERS = {"default": {"BACKEND": MAILER_BACKEND, "OPTIONS": {}}}
if MAILER_BACKEND.endswith("smtp.EmailBackend"):
    MAILERS["default"]["OPTIONS"] = {
        "host": _smtp_host or "localhost",
        "port": env_int("EMAIL_PORT", 25),
        "username": env("EMAIL_HOST_USER"),
        "password": env("EMAIL_HOST_PASSWORD"),
        "use_tls": env_bool("EMAIL_USE_TLS"),
        "use_ssl": env_bool("EMAIL_USE_SSL"),
        "timeout": env_int("EMAIL_TIMEOUT", 20),
    }
elif MAILER_BACKEND.endswith("filebased.EmailBackend"):
    # Django's file backend needs its folder; every process that sends writes there.
    MAILERS["default"]["OPTIONS"] = {"file_path": env("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))}
DEFAULT_FROM_EMAIL = env("DEFAULT_FROM_EMAIL", "frontdesk@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# --- Languages -------------------------------------------------------------------------------


def _languages() -> list[tuple[str, str]]:
    codes = env_list("FRONTDESK_LANGUAGES", "en,de,ru")
    if not codes:
        raise ImproperlyConfigured("FRONTDESK_LANGUAGES is empty; name at least one language.")
    unknown = [code for code in codes if code not in LANG_INFO]
    if unknown:
        raise ImproperlyConfigured(
            f"FRONTDESK_LANGUAGES names an unknown language code: {', '.join(unknown)}."
        )
    return [(code, LANG_INFO[code]["name"]) for code in codes]


LANGUAGES = _languages()
LANGUAGE_CODE = LANGUAGES[0][0]
LOCALE_PATHS = [PACKAGE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = env("FRONTDESK_TIME_ZONE", "UTC")
LANGUAGE_COOKIE_NAME = "frontdesk_language"

# --- Static files and storages -------------------------------------------------------------

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # whitenoise warns on every start when it is missing
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env("FRONTDESK_MEDIA_DIR", str(VAR_DIR / "media")))
INBOX_FILES_DIR = Path(env("FRONTDESK_INBOX_FILES_DIR", str(VAR_DIR / "inbox-files")))
PRIVATE_FILES_DIR = Path(env("FRONTDESK_PRIVATE_DIR", str(VAR_DIR / "private")))
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

STORAGES: dict[str, dict[str, Any]] = {
    "default": {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {"location": MEDIA_ROOT, "base_url": MEDIA_URL},
    },
    # Attachments live outside the media root and have no address (the storage refuses to make
    # one): nothing serves them except the panel's own download route.
    "inbox": {
        "BACKEND": "frontdesk.core.storage.PrivateFileSystemStorage",
        "OPTIONS": {"location": INBOX_FILES_DIR, "base_url": None},
    },
    # The picture library's originals, kept as uploaded (camera, GPS position and all) to make
    # renditions from: outside the media root and without an address, like the attachments.
    "private": {
        "BACKEND": "frontdesk.core.storage.PrivateFileSystemStorage",
        "OPTIONS": {"location": PRIVATE_FILES_DIR, "base_url": None},
    },
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- S3 storage (docs/configuration.md, "S3 storage") ---------------------------------------

S3_VARIABLES = [
    "FRONTDESK_S3_ACCESS_KEY_ID",
    "FRONTDESK_S3_SECRET_ACCESS_KEY",
    "FRONTDESK_S3_ENDPOINT_URL",
    "FRONTDESK_S3_REGION",
    "FRONTDESK_S3_PUBLIC_URL",
    "FRONTDESK_S3_MEDIA_PREFIX",
    "FRONTDESK_S3_MEDIA_ACL",
    "FRONTDESK_S3_PRIVATE_BUCKET",
    "FRONTDESK_S3_PRIVATE_PREFIX",
]


def _web_address(name: str, value: str) -> str:
    """`value` without its trailing slash, refused unless it is an http(s) address with a host."""
    parts = urlsplit(value)
    if parts.scheme not in {"http", "https"} or not parts.netloc or parts.query or parts.fragment:
        raise ImproperlyConfigured(f"{name}={value!r} is not an http:// or https:// address.")
    return value.rstrip("/")


def _s3_public_url(bucket: str, endpoint: str | None, region: str) -> str:
    """The address of the public bucket's root, where anyone reads the media files."""
    if env("FRONTDESK_S3_PUBLIC_URL"):
        return _web_address("FRONTDESK_S3_PUBLIC_URL", env("FRONTDESK_S3_PUBLIC_URL"))
    if endpoint:
        return f"{endpoint}/{bucket}"  # path style: every S3-compatible store answers it
    return f"https://{bucket}.s3.{region}.amazonaws.com"


def _overlap(first: str, second: str) -> bool:
    """Whether one prefix lies inside the other (the bucket's root holds every prefix)."""
    return (
        not first
        or not second
        or f"{first}/".startswith(f"{second}/")
        or f"{second}/".startswith(f"{first}/")
    )


def s3_storages(private_aliases: list[str]) -> dict[str, dict[str, Any]]:
    """STORAGES on S3 when FRONTDESK_S3_BUCKET is set: the media files on the public bucket, and
    every private alias (attachments, picture originals) on the private bucket or prefix."""
    bucket = env("FRONTDESK_S3_BUCKET")
    if not bucket:
        named = [name for name in S3_VARIABLES if env(name)]
        if named:
            raise ImproperlyConfigured(
                f"{named[0]} is set but FRONTDESK_S3_BUCKET is not; name the media bucket."
            )
        return {}
    if importlib.util.find_spec("storages") is None:
        raise ImproperlyConfigured(
            "FRONTDESK_S3_BUCKET is set but django-storages is not installed; install frontdesk[s3]."
        )
    for name in ("FRONTDESK_S3_ACCESS_KEY_ID", "FRONTDESK_S3_SECRET_ACCESS_KEY"):
        if not env(name):
            raise ImproperlyConfigured(
                f"FRONTDESK_S3_BUCKET is set but {name} is not; give the store's keys."
            )
    endpoint = env("FRONTDESK_S3_ENDPOINT_URL") or None  # None: AWS itself
    if endpoint:
        endpoint = _web_address("FRONTDESK_S3_ENDPOINT_URL", endpoint)
    region = env("FRONTDESK_S3_REGION", "us-east-1")
    media_prefix = env("FRONTDESK_S3_MEDIA_PREFIX", "media").strip("/")
    private_bucket = env("FRONTDESK_S3_PRIVATE_BUCKET") or bucket
    private_prefix = env("FRONTDESK_S3_PRIVATE_PREFIX", "private").strip("/")
    if private_bucket == bucket and _overlap(media_prefix, private_prefix):
        raise ImproperlyConfigured(
            "FRONTDESK_S3_PRIVATE_PREFIX must lie beside FRONTDESK_S3_MEDIA_PREFIX, not inside or around"
            " it, when the private files share the media bucket; or set FRONTDESK_S3_PRIVATE_BUCKET."
        )
    public = urlsplit(_s3_public_url(bucket, endpoint, region))
    connection = {
        "access_key": env("FRONTDESK_S3_ACCESS_KEY_ID"),
        "secret_key": env("FRONTDESK_S3_SECRET_ACCESS_KEY"),
        "endpoint_url": endpoint,
        "region_name": region,
        "file_overwrite": True,  # every name is new: a digest (pictures) or a random one (attachments)
    }
    private = {
        "BACKEND": "frontdesk.core.s3.PrivateS3Storage",
        "OPTIONS": {**connection, "bucket_name": private_bucket, "location": private_prefix},
    }
    return {
        "default": {
            "BACKEND": "frontdesk.core.s3.PublicS3Storage",
            "OPTIONS": {
                **connection,
                "bucket_name": bucket,
                "location": media_prefix,
                # The address is the public base and the key, written without asking the store.
                "url_protocol": f"{public.scheme}:",
                "custom_domain": public.netloc + public.path,
                "default_acl": env("FRONTDESK_S3_MEDIA_ACL") or None,
            },
        },
        **dict.fromkeys(private_aliases, private),
    }


def s3_media_url(media: dict) -> str:
    """MEDIA_URL for the S3 media storage's OPTIONS: the public base and the media prefix."""
    bucket_root = f"{media['url_protocol']}//{media['custom_domain']}"
    return f"{bucket_root}/{media['location']}/" if media["location"] else f"{bucket_root}/"


S3_STORAGES = s3_storages(
    # Every storage without an address (attachments, picture originals) moves to the private side.
    [alias for alias, storage in STORAGES.items() if storage["BACKEND"].endswith(".PrivateFileSystemStorage")]
)
MEDIA_ORIGINS: list[str] = []  # another origin the pages' pictures come from, for the CSP
if S3_STORAGES:
    STORAGES.update(S3_STORAGES)
    MEDIA_URL = s3_media_url(STORAGES["default"]["OPTIONS"])
    MEDIA_ORIGINS = [urlsplit(MEDIA_URL)._replace(path="").geturl()]

# --- Security --------------------------------------------------------------------------------

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = env_bool("FRONTDESK_SECURE_COOKIES")
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Every answer: scripts, styles, frames and fetches only from our own origin, nothing inline, no
# plugins, no foreign <base>, forms posting only to us, no framing (as X-Frame-Options says).
# A page that prints a captcha adds its provider's origins for that answer alone (core/csp.py).
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:", *MEDIA_ORIGINS],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CSP_REPORT_ONLY: dict = {}


def _trusted_proxies() -> list[str]:
    """Addresses whose X-Forwarded-For and X-Forwarded-Proto `frontdesk serve` believes.

    None unless the site says it is behind a proxy: any client can write those headers.
    FRONTDESK_BEHIND_PROXY alone trusts a proxy on this machine.
    """
    given = env_list("FRONTDESK_TRUSTED_PROXIES", "")
    for item in (item for item in given if item != "*"):
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise ImproperlyConfigured(
                f"FRONTDESK_TRUSTED_PROXIES names {item!r}, which is not an IP address or network."
            ) from None
    if given:
        return given
    return ["127.0.0.1", "::1"] if env_bool("FRONTDESK_BEHIND_PROXY") else []


TRUSTED_PROXIES = _trusted_proxies()
BEHIND_PROXY = bool(TRUSTED_PROXIES)
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# The names Python's logging knows, in any case ("debug" as "DEBUG"): logging itself takes upper
# case only and would stop start-up with a traceback on anything else.
_LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


def _log_level() -> str:
    level = env("FRONTDESK_LOG_LEVEL", "WARNING").upper()
    if level not in _LOG_LEVELS:
        choices = ", ".join(name.lower() for name in _LOG_LEVELS)
        raise ImproperlyConfigured(
            f"FRONTDESK_LOG_LEVEL={env('FRONTDESK_LOG_LEVEL')!r} is unknown; use {choices}."
        )
    return level


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": _log_level()},
}

# --- frontdesk's own sections ----------------------------------------------------------------

FRONTDESK: dict[str, Any] = {
    "panel": {
        # Section key -> address segment under /cms/, to move a section.
        "paths": {},
        "brand": env("FRONTDESK_BRAND", "frontdesk"),
    },
    "mcp": {"path": "/api/cms/mcp"},
    # The public site: the layout template every public page is printed in (docs/host.md,
    # "The head collector and the layout").
    # The layout of every public page, and how long a public page is kept in the cache at most
    # (publishing/page_cache.py; 0 keeps none).
    "site": {
        "layout": env("FRONTDESK_SITE_LAYOUT", "site/layout.html"),
        "cache_seconds": env_int("FRONTDESK_SITE_CACHE_SECONDS", 300),
    },
    # Logging in and asking for a new password, throttled per account (or address) and per
    # client through the cache (docs/configuration.md, "Accounts"); 0 turns a limit off.
    "accounts": {
        "login": {
            "failures": env_int("FRONTDESK_LOGIN_FAILURES", 5),
            "failures_per_client": env_int("FRONTDESK_LOGIN_FAILURES_PER_CLIENT", 20),
            "minutes": env_int("FRONTDESK_LOGIN_WINDOW_MINUTES", 15),
        },
        "reset": {
            "mails": env_int("FRONTDESK_RESET_MAILS", 3),
            "requests_per_client": env_int("FRONTDESK_RESET_REQUESTS_PER_CLIENT", 10),
            "minutes": env_int("FRONTDESK_RESET_WINDOW_MINUTES", 60),
        },
    },
    # The inbox service: only what the environment sets; the defaults are in inbox/conf.py and
    # docs/inbox.md ("Configuration") has the table of keys, defaults and choices.
    "inbox": given(
        landing=set_bool("FRONTDESK_INBOX_LANDING"),
        path=env("FRONTDESK_INBOX_PATH").strip("/") or None,
        upload=given(
            max_bytes=megabytes(set_int("FRONTDESK_INBOX_MAX_UPLOAD_MB")),
            max_files=set_int("FRONTDESK_INBOX_MAX_FILES"),
            extensions=env_list("FRONTDESK_INBOX_EXTENSIONS", "") or None,
        ),
        antispam=given(
            min_seconds=set_int("FRONTDESK_INBOX_MIN_SECONDS"),
            throttle=set_int("FRONTDESK_INBOX_THROTTLE"),
            origins=env_list("FRONTDESK_INBOX_ORIGINS", "") or None,
        ),
        captcha=given(
            provider=env("FRONTDESK_CAPTCHA_PROVIDER") or None,  # turnstile, hcaptcha or recaptcha
            site_key=env("FRONTDESK_CAPTCHA_SITE_KEY") or None,
            secret=env("FRONTDESK_CAPTCHA_SECRET") or None,
            verify_url=env("FRONTDESK_CAPTCHA_VERIFY_URL") or None,  # empty: the provider's own
        ),
        script=set_bool("FRONTDESK_INBOX_SCRIPT"),
        duplicate_window=set_int("FRONTDESK_INBOX_DUPLICATE_WINDOW"),
        prune=given(
            spam_days=set_int("FRONTDESK_INBOX_PRUNE_SPAM_DAYS"),
            all_days=set_int("FRONTDESK_INBOX_PRUNE_DAYS"),
        ),
        anonymise_ip=set_bool("FRONTDESK_INBOX_ANONYMISE_IP"),
    ),
    # The services: only what the environment sets; the default prefix is in services/conf.py
    # and docs/services.md has the table. Set but empty, the prefix refuses to boot (E110).
    "services": given(prefix=os.environ.get("FRONTDESK_SERVICES_PREFIX")),
    # The FAQ: only what the environment sets; the default is in faq/conf.py and docs/faq.md.
    "faq": given(markup=set_bool("FRONTDESK_FAQ_MARKUP")),
    # The events: only what the environment sets; the defaults are in events/conf.py and
    # docs/events.md has the table. Set but empty, the prefix refuses to boot (E120).
    "events": given(
        prefix=os.environ.get("FRONTDESK_EVENTS_PREFIX"),
        index=set_bool("FRONTDESK_EVENTS_INDEX"),
        **{"per-page": set_int("FRONTDESK_EVENTS_PER_PAGE")},
        currency=env("FRONTDESK_EVENTS_CURRENCY") or None,
        breadcrumbs=set_bool("FRONTDESK_EVENTS_BREADCRUMBS"),
    ),
    # The picture library: only what the environment sets; the defaults are in
    # pictures/conf.py and docs/host.md ("The picture library") has the table.
    "pictures": given(
        serve_media=set_bool("FRONTDESK_SERVE_MEDIA"),
        max_bytes=megabytes(set_int("FRONTDESK_PICTURES_MAX_MB")),
        max_pixels=set_int("FRONTDESK_PICTURES_MAX_PIXELS"),
        max_decoded_bytes=megabytes(set_int("FRONTDESK_PICTURES_MAX_DECODED_MB")),
        uploads_per_minute=set_int("FRONTDESK_PICTURES_UPLOADS_PER_MINUTE"),
    ),
    # A site's own fields on the editing screens: screen id -> patch list (docs/host.md,
    # "Project fields"), e.g. {"inbox.form-editor": [{"op": "add", "target": "project-fields",
    # "node": {"id": "budget", "type": "number", "name": "budget", "label": {"en": "Budget"}}}]}.
    # Checked at start-up: a bad patch stops it with one line.
    "project_fields": env_json_object("FRONTDESK_PROJECT_FIELDS"),
}

# Request bodies at the public door (docs/inbox.md, "Uploads"). Fields other than files may take
# 2.5 MB; a file above 2.5 MB goes to a temporary file instead of memory. Django may refuse a post
# with more files than this before the door counts them: kept well above upload.max_files so that
# "too many files" is a 422 under the field, and only a body far over the limits is a 413 (the
# inbox's check E103 says so when a site's upload.max_files outgrows it).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FILES = max(100, 2 * (FRONTDESK["inbox"].get("upload", {}).get("max_files") or 0))

SITE_NAME = env("FRONTDESK_SITE_NAME", "frontdesk demo site")
