"""System checks for the inbox's configuration: antispam and captcha settings an operator can get wrong."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

from frontdesk.inbox.antispam import settings_problems
from frontdesk.inbox.operations.retention import age_problems


@checks.register(checks.Tags.security)
def check_antispam_settings(app_configs=None, **kwargs):
    return [
        checks.Error(f'FRONTDESK["inbox"]: {problem}', id="frontdesk.E101") for problem in settings_problems()
    ]


@checks.register()
def check_prune_settings(app_configs=None, **kwargs):
    ages = settings.FRONTDESK["inbox"]["prune"]
    return [
        checks.Error(f'FRONTDESK["inbox"]["prune"]: {problem}', id="frontdesk.E102")
        for problem in age_problems(ages)
    ]
