"""The site's settings with the clashing app added (tests/core/test_registry.py)."""

from frontdesk.settings import *  # noqa: F403
from frontdesk.settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.registry_clash"]
