"""System checks for the inbox's configuration (inbox/conf.py): what an operator can get wrong."""

from __future__ import annotations

from django.conf import settings
from django.core import checks

from frontdesk.core.storage import lies_inside_media_root
from frontdesk.inbox.antispam import settings_problems
from frontdesk.inbox.conf import inbox_settings
from frontdesk.inbox.operations.retention import age_problems


@checks.register(checks.Tags.security)
def check_antispam_settings(app_configs=None, **kwargs):
    return [
        checks.Error(f'FRONTDESK["inbox"]: {problem}', id="frontdesk.E101") for problem in settings_problems()
    ]


@checks.register()
def check_prune_settings(app_configs=None, **kwargs):
    ages = inbox_settings()["prune"]
    return [
        checks.Error(f'FRONTDESK["inbox"]["prune"]: {problem}', id="frontdesk.E102")
        for problem in age_problems(ages)
    ]


@checks.register()
def check_upload_limits(app_configs=None, **kwargs):
    """Django refuses a body with more files than DATA_UPLOAD_MAX_NUMBER_FILES before the door
    counts them: keep it at twice the door's own limit, so "too many files" is a 422 under the
    field and not a 413 for the whole post."""
    most = inbox_settings()["upload"]["max_files"]
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FILES
    if isinstance(most, int) and limit is not None and 2 * most > limit:
        return [
            checks.Error(
                f'FRONTDESK["inbox"]["upload"]["max_files"] is {most}, but Django refuses a post with'
                f" more than DATA_UPLOAD_MAX_NUMBER_FILES = {limit} files; set it to at least {2 * most}.",
                id="frontdesk.E103",
            )
        ]
    return []


@checks.register(checks.Tags.security)
def check_inbox_storage_is_private(app_configs=None, **kwargs):
    """The files visitors send must have no public address: their storage may not lie inside
    MEDIA_ROOT, which the site serves."""
    if lies_inside_media_root(inbox_settings()["storage"]):
        return [
            checks.Error(
                f"STORAGES[{inbox_settings()['storage']!r}] lies inside MEDIA_ROOT, where attachments"
                " would get a public address.",
                id="frontdesk.E003",
            )
        ]
    return []
