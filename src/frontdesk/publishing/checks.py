"""The project fields' system check: patch lists for a screen no app registered."""

from __future__ import annotations

from django.core import checks
from django.core.exceptions import ImproperlyConfigured

from frontdesk.publishing.project_fields.patches import SCREENS, SETTING, configured


@checks.register()
def check_project_field_screens(app_configs=None, **kwargs):
    """Patch lists for a screen no app registered: a typo in a screen id would add nothing, silently."""
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


@checks.register()
def check_page_cache_seconds(app_configs=None, **kwargs):
    """`FRONTDESK["site"]["cache_seconds"]`: a whole number of seconds, 0 or more (0 keeps no
    page in the cache; publishing/page_cache.py)."""
    from frontdesk.core.conf import host_settings

    seconds = host_settings("site").get("cache_seconds")
    if isinstance(seconds, int) and not isinstance(seconds, bool) and seconds >= 0:
        return []
    return [
        checks.Error(
            f'FRONTDESK["site"]["cache_seconds"] must be a whole number of seconds, 0 or more; it is {seconds!r}.',
            hint="FRONTDESK_SITE_CACHE_SECONDS=0 keeps no public page in the cache.",
            id="frontdesk.E021",
        )
    ]
