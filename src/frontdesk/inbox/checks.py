"""System checks for the inbox's configuration: antispam and captcha settings an operator can get wrong."""

from __future__ import annotations

from django.core import checks

from frontdesk.inbox.antispam import settings_problems


@checks.register(checks.Tags.security)
def check_antispam_settings(app_configs=None, **kwargs):
    return [
        checks.Error(f'FRONTDESK["inbox"]: {problem}', id="frontdesk.E101") for problem in settings_problems()
    ]
