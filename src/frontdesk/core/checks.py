"""System checks for configuration a settings module can get wrong after start-up."""

from __future__ import annotations

from django.conf import settings
from django.conf.locale import LANG_INFO
from django.core import checks

from frontdesk.core.storage import lies_inside_media_root


@checks.register(checks.Tags.compatibility)
def check_languages(app_configs=None, **kwargs):
    errors = []
    codes = [code for code, _name in settings.LANGUAGES]
    for code in codes:
        if code not in LANG_INFO:
            errors.append(
                checks.Error(f"LANGUAGES names an unknown language code {code!r}.", id="frontdesk.E001")
            )
    if settings.LANGUAGE_CODE not in codes:
        errors.append(
            checks.Error(
                f"LANGUAGE_CODE {settings.LANGUAGE_CODE!r} is not one of the site's languages.",
                id="frontdesk.E002",
            )
        )
    return errors


@checks.register(checks.Tags.security)
def check_private_storage_is_private(app_configs=None, **kwargs):
    """The picture library's originals keep their camera and GPS position: their storage may not
    lie inside MEDIA_ROOT, which the site serves."""
    if lies_inside_media_root("private"):
        return [
            checks.Error(
                "STORAGES['private'] lies inside MEDIA_ROOT, where the pictures' originals would get a"
                " public address.",
                hint="Set FRONTDESK_PRIVATE_DIR to a folder outside FRONTDESK_MEDIA_DIR.",
                id="frontdesk.E004",
            )
        ]
    return []
