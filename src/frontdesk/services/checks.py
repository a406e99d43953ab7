"""System checks for the services' configuration (services/conf.py): an empty prefix refuses to
boot, for every service's address would then stand at the site's top level."""

from __future__ import annotations

from django.core import checks

from frontdesk.routes.checks import prefix_problems
from frontdesk.services.conf import services_settings


@checks.register()
def check_prefix(app_configs=None, **kwargs):
    return prefix_problems(
        "services",
        services_settings()["prefix"],
        variable="FRONTDESK_SERVICES_PREFIX",
        ids=("frontdesk.E110", "frontdesk.E111"),
    )
