"""Settings for benchmarks: frontdesk's own, plus the bench-only `ceiling` app and its address."""

from frontdesk.settings import *  # noqa: F403
from frontdesk.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "bench.ceiling"]
ROOT_URLCONF = "bench.urls"
