"""Settings of the bench's Wagtail site: Wagtail's own project template (`wagtail start`), in
production mode, with the database, the connection handling and the cache frontdesk's settings
give frontdesk, so both sides meet the same database on the same terms.

    WAGTAIL_BENCH_DIR            where the SQLite file and the pictures go (required)
    WAGTAIL_BENCH_DATABASE_URL   postgres://user@host:port/name; empty: SQLite in WAGTAIL_BENCH_DIR
    FRONTDESK_TIME_ZONE          read as frontdesk reads it (default UTC)
"""

import os
from pathlib import Path
from urllib.parse import urlsplit

BENCH_DIR = Path(os.environ["WAGTAIL_BENCH_DIR"])
SECRET_KEY = "bench-only-" + "x" * 40  # a throwaway site on 127.0.0.1
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]

INSTALLED_APPS = [
    "bench.wagtail_site",
    "wagtail.contrib.forms",
    "wagtail.contrib.redirects",
    "wagtail.embeds",
    "wagtail.sites",
    "wagtail.users",
    "wagtail.snippets",
    "wagtail.documents",
    "wagtail.images",
    "wagtail.search",
    "wagtail.admin",
    "wagtail",
    "modelcluster",
    "taggit",
    "django_filters",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "wagtail.contrib.redirects.middleware.RedirectMiddleware",
]
ROOT_URLCONF = "bench.wagtail_site.urls"
WSGI_APPLICATION = "bench.wagtail_site.wsgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


def _database() -> dict:
    """frontdesk's choices (frontdesk/settings.py): SQLite in WAL, connections kept 60 s;
    PostgreSQL through psycopg's pool of 1 to 8 connections."""
    url = os.environ.get("WAGTAIL_BENCH_DATABASE_URL", "")
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BENCH_DIR / "wagtail.sqlite3",
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": (
                    "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA busy_timeout=20000;"
                    " PRAGMA foreign_keys=ON;"
                ),
            },
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
        }
    parts = urlsplit(url)
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": parts.path.lstrip("/"),
        "USER": parts.username or "",
        "PASSWORD": parts.password or "",
        "HOST": parts.hostname or "",
        "PORT": str(parts.port or ""),
        "OPTIONS": {"pool": {"min_size": 1, "max_size": 8}},
        "CONN_MAX_AGE": 0,
    }


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

LANGUAGE_CODE = "en"
TIME_ZONE = os.environ.get("FRONTDESK_TIME_ZONE", "UTC")  # frontdesk's zone, so both print one date
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BENCH_DIR / "static"
MEDIA_ROOT = BENCH_DIR / "media"
MEDIA_URL = "/media/"

WAGTAIL_SITE_NAME = "Bench"
WAGTAILSEARCH_BACKENDS = {"default": {"BACKEND": "wagtail.search.backends.database"}}
WAGTAILADMIN_BASE_URL = "http://127.0.0.1"
