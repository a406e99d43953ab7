"""The site's settings for the test suite: the site's own, plus `tests.testapp`, whose models
prove the host's helpers (the bin, versions, routes) without a service of the site."""

from frontdesk.settings import *  # noqa: F403
from frontdesk.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.testapp"]
