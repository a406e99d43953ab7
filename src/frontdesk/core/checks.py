"""System checks for configuration a settings module can get wrong after start-up."""

from __future__ import annotations

from django.conf import settings
from django.conf.locale import LANG_INFO
from django.core import checks
from django.core.exceptions import ImproperlyConfigured
from django.db import DatabaseError


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
    from frontdesk.core.storage import lies_inside_media_root

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


@checks.register()
def check_route_prefixes(app_configs=None, **kwargs):
    """Addresses stored under a prefix the settings no longer name: the pages still answer there,
    but not where the site now says they are, until the addresses are rebuilt."""
    from frontdesk.routes.rebuild import stale_route_types

    try:
        stale = stale_route_types()
    except DatabaseError:  # no tables yet (before the first migrate): nothing is stored
        return []
    return [
        checks.Warning(
            f"Addresses of the route type {route_type.name!r} do not begin with its prefix "
            f"{route_type.prefix()!r} any more.",
            hint=f"Run: frontdesk routes-rebuild --type {route_type.name}",
            id="frontdesk.W010",
        )
        for route_type in stale
    ]


@checks.register()
def check_project_field_screens(app_configs=None, **kwargs):
    """Patch lists for a screen no app registered: a typo in a screen id would add nothing, silently."""
    from frontdesk.publishing.project_fields.patches import SCREENS, SETTING, configured

    try:
        patches = configured()
    except ImproperlyConfigured as error:
        return [checks.Error(str(error), id="frontdesk.E020")]
    return [
        checks.Error(
            f"FRONTDESK[{SETTING!r}] names the screen {screen_id!r}, which no app has; "
            f"the screens are: {', '.join(SCREENS.names()) or 'none'}.",
            id="frontdesk.E020",
        )
        for screen_id in patches
        if screen_id not in SCREENS
    ]
